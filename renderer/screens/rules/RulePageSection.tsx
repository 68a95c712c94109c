// The first page of one of a rule's lists in its drawer (its versions, its matches): read when the
// drawer opens, again when the rule's version moves (a save, a mode switch) or the admin asks; a
// refusal is a toast and a line where the list would be, never an empty list that looks read.
import { Button, H5 } from '@blueprintjs/core';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { ApiResult } from '../../../shared/contract/market-api.js';
import { runAdminAction } from '../../components/admin-action/index.js';

/** How many of a list the drawer shows. */
const SHOWN = 20;

interface RulePage<T> {
  count: number;
  items: T[];
}

/** A request for the first page of rule `id`'s list, as the admin route table types it. */
type ReadPage<T> = (input: {
  params: { id: string };
  query: { page: number; limit: number };
}) => Promise<ApiResult<RulePage<T>>>;

export interface LoadedRulePage<T> {
  page: RulePage<T> | null;
  /** The server's message when the last read failed. */
  failed: string | null;
  reload(): void;
}

/** `read`'s first page for the rule, read again whenever `version` moves; `failure` names the toast. */
export function useRulePage<T>(read: ReadPage<T>, ruleId: string, version: number, failure: string): LoadedRulePage<T> {
  const [page, setPage] = useState<RulePage<T> | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  // The latest `read`, not a dependency: a caller's inline function must not read on every render.
  const reader = useRef(read);
  reader.current = read;
  const load = useCallback(async () => {
    const result = await runAdminAction(
      () => reader.current({ params: { id: ruleId }, query: { page: 1, limit: SHOWN } }),
      { failure },
    );
    if (result.ok) {
      setPage(result.data);
      setFailed(null);
    } else setFailed(result.error.message);
  }, [ruleId, failure]);
  useEffect(() => {
    void load();
  }, [load, version]);
  return { page, failed, reload: () => void load() };
}

/** The list's section: its title with the count, a Refresh button, the failure line, then the list. */
export function RulePageSection<T>({
  id,
  title,
  loaded,
  children,
}: {
  id: string;
  title: string;
  loaded: LoadedRulePage<T>;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rule-section">
      <div className="rule-section-heading">
        <H5 id={id}>
          {title}
          {loaded.page ? ` (${loaded.page.count})` : ''}
        </H5>
        <Button size="small" variant="minimal" icon="refresh" onClick={loaded.reload}>
          Refresh
        </Button>
      </div>
      {loaded.failed && <p className="rule-muted">Not loaded: {loaded.failed}</p>}
      {children}
    </section>
  );
}
