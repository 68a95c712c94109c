// Bulk delete (or another action that takes rows off the list: lifting blocks) on a table: a
// checkbox per row (shift-click selects a range), "select all N matching", then one confirm, a
// progress bar while the rows go, and a report of any row that could not be deleted — nothing
// half-done passes silently.
import { Button, Checkbox, Dialog, DialogBody, DialogFooter, ProgressBar, Tag } from '@blueprintjs/core';
import { useEffect, useState, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { ApiResult } from '../../../shared/contract/market-api.js';
import { toastSuccess } from '../../app/toaster.js';
import { readAllMatching, type ListStore } from '../../stores/list-store.js';
import { runBulk, type BulkOutcome } from './row-selection.js';
import { chosenIds, clearOnNewView, createSelection, isChosen } from './selection-store.js';
import { countOf, formatCount } from '../format.js';

/** What the bulk action is called: deleting by default, lifting on the Blocks list. */
export interface BulkWords {
  /** The button and confirm: 'Delete' ('Delete selected', 'Delete 3 chat messages?'). */
  verb: string;
  /** While it runs: 'Deleting'. */
  doing: string;
  /** The toast and report: 'Deleted'. */
  done: string;
  /** The confirm's warning. */
  warning: string;
  icon: 'trash' | 'unlock';
}

const DELETE_WORDS: BulkWords = {
  verb: 'Delete',
  doing: 'Deleting',
  done: 'Deleted',
  warning: 'This action cannot be undone.',
  icon: 'trash',
};

export interface BulkDeleteConfig {
  /** The rows' name in the product's words, one and several: 'chat message', 'chat messages'. */
  noun: { one: string; many: string };
  remove(id: string): Promise<ApiResult<unknown>>;
  /** Another action than deleting that takes each row off the list (lifting blocks). */
  words?: BulkWords;
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
  const [selection] = useState(createSelection);
  const picked = useStore(selection, (s) => s.picked);
  const allMatching = useStore(selection, (s) => s.allMatching);
  const [phase, setPhase] = useState<Phase>({ step: 'idle' });
  const [gathering, setGathering] = useState(false);

  useEffect(() => clearOnNewView(selection, store), [selection, store]);

  if (!config) return { column: null, bar: null, dialog: null };

  const words = config.words ?? DELETE_WORDS;
  const pageIds = pageRows.map((row) => row.id);
  const chosen = chosenIds({ picked, allMatching });
  const { clear } = selection.getState();

  const selectAllMatching = async () => {
    setGathering(true);
    const { rows } = await readAllMatching(store, Math.min(total, MAX_BULK_ROWS));
    setGathering(false);
    selection.getState().selectAllMatching(rows.map((row) => row.id));
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
      toastSuccess(`${words.done} ${countOf(outcome.done.length, config.noun)}`);
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
        checked={isChosen({ picked, allMatching }, row.id)}
        onClick={(event) => {
          event.stopPropagation();
          selection.getState().click(row.id, pageIds, event.shiftKey);
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
        <Button size="small" intent="danger" icon={words.icon} onClick={() => setPhase({ step: 'confirm' })}>
          {words.verb} selected
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
        phase.step === 'report'
          ? `Some rows were not ${words.done.toLowerCase()}`
          : `${words.verb} ${countOf(chosen.length, config.noun)}?`
      }
      role="alertdialog"
      onClose={() => phase.step !== 'running' && setPhase({ step: 'idle' })}
      canOutsideClickClose={false}
      isCloseButtonShown={phase.step !== 'running'}
    >
      <DialogBody>
        {phase.step === 'confirm' && <p>{words.warning}</p>}
        {phase.step === 'running' && (
          <>
            <p>
              {words.doing}… {formatCount(phase.finished)} of {formatCount(chosen.length)}
            </p>
            <ProgressBar intent="danger" value={chosen.length ? phase.finished / chosen.length : 1} animate={false} />
          </>
        )}
        {phase.step === 'report' && (
          <>
            <p>
              {words.done} {formatCount(phase.outcome.done.length)}; {formatCount(phase.outcome.failed.length)} could
              not be {words.done.toLowerCase()}:
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
                {words.verb}
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
