// A record's route (/dashboard/users/{id}, …): the screen's drawer follows the route, so a link,
// a deep link or a new window opens the record itself, and each window keeps its own route.
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { ApiResult } from '../../../shared/contract/market-api.js';

export interface RoutedRecord<T> {
  /** The record whose drawer is open (the route's id), once it is known. */
  selected: T | undefined;
  /** Opens a row's drawer, or closes it with undefined (leaving a record route for the screen's). */
  select(row: T | undefined): void;
  /** The drawer's record changed (an edit): shown as is, the route stays. */
  replace(row: T): void;
}

/** The screens a user, a listing and an order (a sold listing) open in, with the record's drawer. */
export const RECORD_SCREEN_ROUTES = {
  user: '/dashboard/users',
  listing: '/dashboard/listings/active',
  order: '/dashboard/listings/sold',
} as const;

/** The route of one record under a screen's route, e.g. `/dashboard/users/u1`. */
export function recordRouteOf(screenRoute: string, id: string): string {
  return `${screenRoute}/${encodeURIComponent(id)}`;
}

/**
 * `screenRoute` is the screen's own route; the router gives `:id`. A route's record that is not
 * in the table's page is fetched with `fetchRecord`; an unknown id goes back to the screen.
 */
export function useRoutedRecord<T extends { id: string }>(
  screenRoute: string,
  fetchRecord: (id: string) => Promise<ApiResult<T>>,
): RoutedRecord<T> {
  const { id } = useParams<{ id?: string }>();
  const navigate = useNavigate();
  const [record, setRecord] = useState<T | undefined>();
  const fetchRef = useRef(fetchRecord);
  fetchRef.current = fetchRecord;

  useEffect(() => {
    if (!id || record?.id === id) return;
    let current = true;
    void fetchRef.current(id).then((result) => {
      if (!current) return;
      if (result.ok) setRecord(result.data);
      else {
        // An unknown id goes back to the screen alone: the drawer open before the link stays shut.
        setRecord(undefined);
        navigate(screenRoute, { replace: true });
      }
    });
    return () => {
      current = false;
    };
  }, [id]);

  return {
    selected: id && record?.id !== id ? undefined : record,
    // A row click opens its drawer in place (a reload shows the table again, as before); the
    // record's own route is what 'Copy link' and 'Open in new window' hand on.
    select(row) {
      setRecord(row);
      if (!row && id) navigate(screenRoute);
    },
    replace: setRecord,
  };
}
