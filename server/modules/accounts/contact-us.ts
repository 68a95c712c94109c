// Messages from the app's "Contact us" screen (`POST /setting/contact-us`), signed in or not; each
// lands in the support queue. The accounts module owns `contact_messages` (a message may come
// from somebody who cannot sign in, which is what the account screens send it for).
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ContactMessageSent, ContactUsBody } from '../../../shared/contract/market/community.js';
import type { Executor } from '../../platform/db/database.js';
import { contactMessages } from '../../platform/db/schema/index.js';
import { readRows, sqlRow } from '../../platform/db/sql-row.js';
import { isoOf } from '../../platform/db/values.js';
import type { Outbox } from '../../platform/events/unit-of-work.js';
import { contactMessageSent } from './hooks.js';

export async function sendContactMessage(
  db: Executor,
  userId: string | null,
  body: ContactUsBody,
  outbox: Outbox,
): Promise<z.output<typeof ContactMessageSent>> {
  const [row] = await readRows(
    db,
    sqlRow(contactMessages, 'id', 'created_at'),
    sql`INSERT INTO contact_messages (user_id, name, email, subject, message)
        VALUES (${userId}, ${body.name}, ${body.email}, ${body.subject ?? null}, ${body.message})
        RETURNING id, created_at`,
  );
  await contactMessageSent.fire(db, outbox, {
    id: row!.id,
    userId,
    name: body.name,
    email: body.email,
    subject: body.subject ?? null,
    body: body.message,
  });
  return { id: row!.id, createdAt: isoOf(row!.created_at) };
}
