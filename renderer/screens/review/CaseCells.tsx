// The review queue's cells: the excerpt with its matched spans highlighted, the priority tag, the
// row's bulk-selection box (subscribed to the selection itself, so it redraws without the table;
// a shift-click takes the range from the last click, as on the bulk-delete tables).
import { Checkbox, Tag } from '@blueprintjs/core';
import { useStore } from 'zustand';
import type { ReviewCase, ReviewCaseMatch } from '../../../shared/contract/review-cases.js';
import { stopRowClick } from '../../components/data-table/DataTable.js';
import { highlightSegments, PRIORITY_INTENT, timeLeftOf } from './review-display.js';
import type { Queue } from './review-queue-store.js';
import { isChosen } from '../../components/bulk/selection-store.js';

export function Excerpt({ excerpt, matches }: { excerpt: string; matches: readonly ReviewCaseMatch[] }) {
  if (!excerpt) return <span className="muted">-</span>;
  return (
    <span className="review-excerpt">
      {highlightSegments(excerpt, matches).map((segment, index) =>
        segment.kind ? (
          <mark key={index} className={`review-match review-match-${segment.kind}`} title={segment.kind}>
            {segment.text}
          </mark>
        ) : (
          <span key={index}>{segment.text}</span>
        ),
      )}
    </span>
  );
}

export function PriorityTag({ priority }: { priority: ReviewCase['priority'] }) {
  return (
    <Tag minimal={priority !== 'high'} intent={PRIORITY_INTENT[priority]} className="review-priority">
      {priority}
    </Tag>
  );
}

export function SelectBox({ queue, item }: { queue: Queue; item: ReviewCase }) {
  const checked = useStore(queue.selection, (s) => isChosen(s, item.id));
  return (
    <span onClick={stopRowClick} onKeyDown={stopRowClick} role="presentation">
      <Checkbox
        className="review-select"
        checked={checked}
        disabled={item.status === 'resolved'}
        aria-label={`Select case ${item.reason}`}
        onChange={(event) =>
          queue.selection.getState().click(
            item.id,
            queue.list.getState().items.map((row) => row.id),
            event.nativeEvent instanceof MouseEvent && event.nativeEvent.shiftKey,
          )
        }
      />
    </span>
  );
}

/** Time left until the case is due; overdue in red. A resolved case shows its due time only. */
export function DueCell({ item, now }: { item: Pick<ReviewCase, 'dueAt' | 'status'>; now: number }) {
  if (item.status === 'resolved') return <span className="muted">-</span>;
  const left = timeLeftOf(item.dueAt, now);
  return (
    <span
      className={left.overdue ? 'review-due review-overdue' : 'review-due'}
      title={new Date(item.dueAt).toLocaleString()}
    >
      {left.text}
    </span>
  );
}

/** The drawer's due date: time left, or a danger tag once overdue (Blueprint's own contrast). */
export function DueTag({ dueAt }: { dueAt: string }) {
  const left = timeLeftOf(dueAt, Date.now());
  return (
    <Tag minimal={!left.overdue} intent={left.overdue ? 'danger' : 'none'} icon="time">
      Due: {left.text}
    </Tag>
  );
}
