// Which rows a moderator picked for a bulk action: single clicks toggle, a shift-click selects
// the range from the last click, and "select all N matching" stands for every matching row.

export interface RowSelection {
  ids: ReadonlySet<string>;
  /** The id of the row clicked last without shift: a shift-click's range starts there. */
  anchor: string | null;
}

export const emptySelection: RowSelection = { ids: new Set(), anchor: null };

/** The selection after a click on `id` among `pageIds` (the page in view, in order). */
export function toggledSelection(
  selection: RowSelection,
  pageIds: readonly string[],
  id: string,
  shiftKey: boolean,
): RowSelection {
  const ids = new Set(selection.ids);
  const from = selection.anchor === null ? -1 : pageIds.indexOf(selection.anchor);
  const to = pageIds.indexOf(id);
  if (shiftKey && from >= 0 && to >= 0) {
    // The range takes the state the anchor row has: ranges select, or clear, together.
    const select = ids.has(selection.anchor!);
    for (const rowId of pageIds.slice(Math.min(from, to), Math.max(from, to) + 1)) {
      if (select) ids.add(rowId);
      else ids.delete(rowId);
    }
    return { ids, anchor: selection.anchor };
  }
  if (ids.has(id)) ids.delete(id);
  else ids.add(id);
  return { ids, anchor: id };
}

export interface BulkOutcome {
  done: string[];
  failed: { id: string; message: string }[];
}

/**
 * Runs `action` on every id, a few at a time, reporting progress; each failure is kept with its
 * reason so nothing half-done goes unreported.
 */
export async function runBulk(
  ids: readonly string[],
  action: (id: string) => Promise<{ ok: true } | { ok: false; message: string }>,
  onProgress: (finished: number) => void,
  concurrency = 4,
): Promise<BulkOutcome> {
  const outcome: BulkOutcome = { done: [], failed: [] };
  let next = 0;
  let finished = 0;
  const worker = async () => {
    while (next < ids.length) {
      const id = ids[next++]!;
      try {
        const result = await action(id);
        if (result.ok) outcome.done.push(id);
        else outcome.failed.push({ id, message: result.message });
      } catch (error) {
        outcome.failed.push({ id, message: error instanceof Error ? error.message : String(error) });
      }
      onProgress(++finished);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, ids.length) }, worker));
  return outcome;
}
