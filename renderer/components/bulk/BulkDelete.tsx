// Bulk delete on a table: a checkbox per row (shift-click selects a range), "select all N
// matching", then one confirm, a progress bar while the rows go, and a report of any row that
// could not be deleted — nothing half-done passes silently.
import { Button, Checkbox, Dialog, DialogBody, DialogFooter, ProgressBar, Tag } from '@blueprintjs/core';
import { useEffect, useState, type ReactNode } from 'react';
import type { ApiResult } from '../../../shared/contract/market-api.js';
import { MAX_LIST_LIMIT } from '../../../shared/contract/list-query.js';
import { toastSuccess } from '../../app/toaster.js';
import { viewQueryOf, type ListStore } from '../../stores/list-store.js';
import { emptySelection, runBulk, toggledSelection, type BulkOutcome, type RowSelection } from './row-selection.js';
import { formatCount } from '../format.js';

export interface BulkDeleteConfig {
  /** The rows' name in the product's words, plural: 'chat messages'. */
  noun: string;
  remove(id: string): Promise<ApiResult<unknown>>;
}

/** The most rows one bulk action takes: larger clean-ups are a job for the server. */
const MAX_BULK_ROWS = 10_000;

type Phase =
  | { step: 'idle' }
  | { step: 'confirm' }
  | { step: 'running'; finished: number }
  | { step: 'report'; outcome: BulkOutcome };

export function useBulkDelete<T extends { id: string }, K extends string>(
  store: ListStore<T, K>,
  pageRows: readonly T[],
  total: number,
  config: BulkDeleteConfig | undefined,
) {
  const [selection, setSelection] = useState<RowSelection>(emptySelection);
  const [allMatching, setAllMatching] = useState<string[] | null>(null);
  const [phase, setPhase] = useState<Phase>({ step: 'idle' });
  const [gathering, setGathering] = useState(false);

  // A new search or sort is a new set of rows: the old selection no longer means anything.
  useEffect(
    () =>
      store.subscribe((state, before) => {
        if (state.search !== before.search || state.sortBy !== before.sortBy || state.order !== before.order) {
          setSelection(emptySelection);
          setAllMatching(null);
        }
      }),
    [store],
  );

  if (!config) return { column: null, bar: null, dialog: null };

  const pageIds = pageRows.map((row) => row.id);
  const chosen = allMatching ?? [...selection.ids];
  const clear = () => {
    setSelection(emptySelection);
    setAllMatching(null);
  };

  const selectAllMatching = async () => {
    setGathering(true);
    // "Select all N matching" reads every matching id with the list's own fetch.
    const { fetchPage } = store.getState();
    const view = viewQueryOf(store.getState());
    const ids: string[] = [];
    for (let page = 1; ids.length < Math.min(total, MAX_BULK_ROWS); page++) {
      const result = await fetchPage({ page, limit: MAX_LIST_LIMIT, ...view });
      if (!result.ok || result.data.items.length === 0) break;
      ids.push(...result.data.items.map((row) => row.id));
    }
    setGathering(false);
    setAllMatching(ids.slice(0, MAX_BULK_ROWS));
  };

  const run = async () => {
    const ids = chosen;
    setPhase({ step: 'running', finished: 0 });
    const outcome = await runBulk(
      ids,
      async (id) => {
        const result = await config.remove(id);
        return result.ok ? { ok: true } : { ok: false, message: result.error.message };
      },
      (finished) => setPhase({ step: 'running', finished }),
    );
    for (const id of outcome.done) store.getState().removeLocal(id);
    clear();
    if (outcome.failed.length === 0) {
      setPhase({ step: 'idle' });
      toastSuccess(`Deleted ${formatCount(outcome.done.length)} ${config.noun}`);
    } else setPhase({ step: 'report', outcome });
  };

  const column = {
    id: 'select',
    label: '',
    width: 40,
    render: (row: T) => (
      <Checkbox
        className="bulk-checkbox"
        aria-label={`Select row ${pageIds.indexOf(row.id) + 1}`}
        checked={allMatching !== null || selection.ids.has(row.id)}
        onClick={(event) => {
          event.stopPropagation();
          setAllMatching(null);
          setSelection((was) => toggledSelection(was, pageIds, row.id, event.shiftKey));
        }}
        onChange={() => {}}
      />
    ),
  };

  const bar: ReactNode =
    chosen.length > 0 ? (
      <span className="bulk-bar" role="group" aria-label="Selected rows">
        <Tag intent="primary" minimal>
          {formatCount(chosen.length)} selected
        </Tag>
        {allMatching === null && total > chosen.length && (
          <Button size="small" variant="minimal" loading={gathering} onClick={() => void selectAllMatching()}>
            Select all {formatCount(Math.min(total, MAX_BULK_ROWS))} matching
          </Button>
        )}
        <Button size="small" intent="danger" icon="trash" onClick={() => setPhase({ step: 'confirm' })}>
          Delete selected
        </Button>
        <Button size="small" variant="minimal" onClick={clear}>
          Clear
        </Button>
      </span>
    ) : null;

  const dialog = (
    <Dialog
      isOpen={phase.step !== 'idle'}
      title={
        phase.step === 'report' ? 'Some rows were not deleted' : `Delete ${formatCount(chosen.length)} ${config.noun}?`
      }
      role="alertdialog"
      onClose={() => phase.step !== 'running' && setPhase({ step: 'idle' })}
      canOutsideClickClose={false}
      isCloseButtonShown={phase.step !== 'running'}
    >
      <DialogBody>
        {phase.step === 'confirm' && <p>This action cannot be undone.</p>}
        {phase.step === 'running' && (
          <>
            <p>
              Deleting… {formatCount(phase.finished)} of {formatCount(chosen.length)}
            </p>
            <ProgressBar intent="danger" value={chosen.length ? phase.finished / chosen.length : 1} animate={false} />
          </>
        )}
        {phase.step === 'report' && (
          <>
            <p>
              Deleted {formatCount(phase.outcome.done.length)}; {formatCount(phase.outcome.failed.length)} could not be
              deleted:
            </p>
            <ul className="bulk-failures">
              {phase.outcome.failed.slice(0, 50).map((failure) => (
                <li key={failure.id}>
                  <code>{failure.id}</code>: {failure.message}
                </li>
              ))}
            </ul>
          </>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          phase.step === 'confirm' ? (
            <>
              <Button onClick={() => setPhase({ step: 'idle' })} autoFocus>
                Cancel
              </Button>
              <Button intent="danger" onClick={() => void run()}>
                Delete
              </Button>
            </>
          ) : phase.step === 'report' ? (
            <Button onClick={() => setPhase({ step: 'idle' })}>Close</Button>
          ) : null
        }
      />
    </Dialog>
  );

  return { column, bar, dialog };
}
