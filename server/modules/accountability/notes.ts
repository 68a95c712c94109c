// Internal notes: an admin writes one on a user, a listing or an order from its drawer; it shows
// in that record's timeline, to admins only, and is an audit-log entry like every admin write.
import { sql } from 'drizzle-orm';
import type { Note, NoteRecordType } from '../../../shared/contract/accountability.js';
import type { VerifiedIdentity } from '../../platform/auth/identity.js';
import { recordAdminAction } from '../../platform/db/admin-log.js';
import type { Db, Executor } from '../../platform/db/database.js';
import { adminNotes, listings, orders, users } from '../../platform/db/schema/index.js';
import { readRows, sqlRow } from '../../platform/db/sql-row.js';
import { isoOf } from '../../platform/db/values.js';
import { notFound } from '../../platform/http/errors.js';

const RECORD_TABLES: Record<NoteRecordType, { table: typeof users | typeof listings | typeof orders; what: string }> = {
  user: { table: users, what: 'User' },
  listing: { table: listings, what: 'Listing' },
  order: { table: orders, what: 'Order' },
};
/** Every record's id is text: one schema for the three tables' `id`. */
const RECORD_ID = sqlRow(users, 'id');
const NOTE_WRITTEN = sqlRow(adminNotes, 'id', 'created_at');

/** 404 unless the record exists and is not deleted, as its drawer would answer. */
export async function assertRecordExists(executor: Executor, recordType: NoteRecordType, recordId: string) {
  const { table, what } = RECORD_TABLES[recordType];
  const found = await readRows(
    executor,
    RECORD_ID,
    sql`SELECT id FROM ${table} WHERE id = ${recordId} AND deleted_at IS NULL`,
  );
  if (found.length === 0) throw notFound(what);
}

export async function addNote(
  db: Db,
  admin: VerifiedIdentity,
  input: { recordType: NoteRecordType; recordId: string; text: string },
): Promise<Note> {
  return db.transaction(async (tx) => {
    await assertRecordExists(tx, input.recordType, input.recordId);
    const [row] = await readRows(
      tx,
      NOTE_WRITTEN,
      sql`INSERT INTO admin_notes (record_type, record_id, text, admin_uid, admin_email)
          VALUES (${input.recordType}, ${input.recordId}, ${input.text}, ${admin.uid}, ${admin.email})
          RETURNING id, created_at`,
    );
    const note: Note = {
      id: row!.id,
      recordType: input.recordType,
      recordId: input.recordId,
      text: input.text,
      admin: { uid: admin.uid, email: admin.email },
      createdAt: isoOf(row!.created_at),
    };
    await recordAdminAction(tx, {
      admin,
      action: 'addNote',
      recordType: input.recordType,
      recordId: input.recordId,
      before: null,
      after: { note: note.text },
    });
    return note;
  });
}
