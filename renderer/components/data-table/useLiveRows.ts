// Live rows wait behind "N new" while the first rows are out of view: tracks that scroll state.
import { Classes } from '@blueprintjs/core';
import { Regions, type Table } from '@blueprintjs/table';
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { ListStore } from '../../stores/list-store.js';
import { tableScrolledPast } from './data-table-logic.js';

const NS = Classes.getClassNamespace();

export interface LiveRows {
  /** The "N new" button: the held rows go to the top, and the view back to it. */
  showNew(): void;
  /** How far Table has scrolled its rows (the overlaid rows follow). */
  scrollTop: number;
}

/**
 * `root` is the whole table (toolbar to footer), `box` the scroller around Table, `table`
 * Table itself. The view returns to the top on every page change.
 */
export function useLiveRows<T extends { id: string }, K extends string>(
  store: ListStore<T, K>,
  page: number,
  root: RefObject<HTMLElement>,
  box: RefObject<HTMLElement>,
  table: RefObject<Table>,
): LiveRows {
  /** What keeps the first rows out of view: Table's own scroll, or the screen's. */
  const away = useRef({ rows: false, table: false });
  const [scrollTop, setScrollTop] = useState(0);

  const scrollToTop = () => {
    table.current?.scrollToRegion(Regions.row(0));
    box.current?.scrollTo?.({ top: 0 });
    if (away.current.table) root.current?.scrollIntoView?.({ block: 'start' });
    away.current = { rows: false, table: false };
    store.getState().setScrolledAway(false);
  };

  useEffect(scrollToTop, [page, store]);

  // Rows scroll inside Table's own scroller, and the whole table with the screen: the box is
  // taller than most windows, so a moderator reading the last rows has scrolled the dashboard
  // pane, and a live row inserted at the top would shift what they read. Scroll events do not
  // bubble, so listen in capture, on the document.
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const onScroll = (event: Event) => {
      const target = event.target;
      if (target instanceof HTMLElement && element.contains(target)) {
        // Only the main quadrant scrolls the rows; the others follow it, the box only sideways.
        if (!target.matches(`.${NS}-table-quadrant-main .${NS}-table-quadrant-scroll-container`)) return;
        setScrollTop(target.scrollTop);
        away.current.rows = target.scrollTop > 4;
      } else if (target === document || (target instanceof HTMLElement && target.contains(element))) {
        const viewTop = target instanceof HTMLElement ? target.getBoundingClientRect().top : 0;
        away.current.table = tableScrolledPast(element.getBoundingClientRect().top, viewTop);
      } else return;
      store.getState().setScrolledAway(away.current.rows || away.current.table);
    };
    document.addEventListener('scroll', onScroll, true);
    return () => document.removeEventListener('scroll', onScroll, true);
  }, [store]);

  const showNew = () => {
    store.getState().showPending();
    scrollToTop();
  };

  // Not the held-back rows: NewRowsButton subscribes to their count, so the table does not
  // re-render for each one.
  return { showNew, scrollTop };
}
