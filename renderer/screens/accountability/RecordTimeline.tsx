// A record's timeline in its drawer (admin actions, notes, enforcement, its own history, newest
// first, 10 at a time) with 'Add note' for the roles that may write notes.
import { Button, Tag, TextArea } from '@blueprintjs/core';
import { useCallback, useEffect, useState } from 'react';
import type { NoteRecordType, RecordRef, TimelineItem } from '../../../shared/contract/accountability.js';
import { market } from '../../bridge.js';
import { useAdminAction } from '../../components/admin-action/index.js';
import { Accordion } from '../../components/Accordion.js';
import { formatDateTime } from '../../components/format.js';
import { useMayDo } from '../../stores/admin-role.js';

const NOTE_MAX = 2000;

async function fetchTimeline(recordType: NoteRecordType, id: string, page: number) {
  const args = { params: { id }, query: { page, limit: 10 } };
  if (recordType === 'user') return market.admin.users.timeline(args);
  if (recordType === 'listing') return market.admin.listings.timeline(args);
  return market.admin.orders.timeline(args);
}

export function RecordTimeline({
  recordType,
  recordId,
  onOpen,
}: {
  recordType: NoteRecordType;
  recordId: string;
  /** Opens a record an entry refers to (an order of a user, the buyer of a bid, …). */
  onOpen?: (ref: RecordRef) => void;
}) {
  const mayAddNote = useMayDo('addNote');
  const [items, setItems] = useState<TimelineItem[]>([]);
  const [count, setCount] = useState(0);
  const [page, setPage] = useState(1);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [note, setNote] = useState('');
  const saving = useAdminAction();

  const load = useCallback(
    async (next: number) => {
      setLoading(true);
      const result = await fetchTimeline(recordType, recordId, next);
      setLoading(false);
      if (!result.ok) return setFailed(true);
      setFailed(false);
      setCount(result.data.count);
      setItems((current) => (next === 1 ? result.data.items : [...current, ...result.data.items]));
      setPage(next);
    },
    [recordType, recordId],
  );
  useEffect(() => void load(1), [load]);

  const addNote = async () => {
    const added = await saving.run(
      () => market.admin.notes.create({ body: { recordType, recordId, text: note.trim() } }),
      { success: 'Note added', failure: 'Failed to add note' },
    );
    if (!added) return;
    setNote('');
    await load(1);
  };

  return (
    <Accordion title="Timeline">
      {mayAddNote && (
        <div className="timeline-note">
          <TextArea
            aria-label="Note"
            placeholder="Internal note, visible to admins only"
            value={note}
            maxLength={NOTE_MAX}
            onChange={(event) => setNote(event.currentTarget.value)}
            fill
          />
          <Button icon="annotation" disabled={!note.trim()} loading={saving.busy} onClick={() => void addNote()}>
            Add note
          </Button>
        </div>
      )}
      {failed && <p className="muted section-empty">The timeline could not be loaded</p>}
      {!failed && items.length === 0 && !loading && <p className="muted section-empty">Nothing yet</p>}
      <ol className="timeline" aria-label="Timeline">
        {items.map((item, index) => (
          <li key={`${item.at}-${index}`} className={`timeline-item timeline-${item.kind}`}>
            <span className="timeline-time">{formatDateTime(item.at)}</span>
            <Tag minimal intent={item.kind === 'note' ? 'primary' : item.kind === 'enforcement' ? 'danger' : 'none'}>
              {item.kind}
            </Tag>
            <span className="timeline-summary">
              {item.ref && onOpen ? (
                <a href="#" onClick={(event) => (event.preventDefault(), onOpen(item.ref!))}>
                  {item.summary}
                </a>
              ) : (
                item.summary
              )}
            </span>
            {item.actor && <span className="muted timeline-actor">{item.actor}</span>}
          </li>
        ))}
      </ol>
      {items.length < count && (
        <Button variant="minimal" loading={loading} onClick={() => void load(page + 1)}>
          Show more ({count - items.length})
        </Button>
      )}
    </Accordion>
  );
}
