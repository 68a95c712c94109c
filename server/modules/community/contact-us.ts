// Messages from the app's "Contact us" screen (`POST /setting/contact-us`), signed in or not.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { id, isoDate } from '../../../shared/contract/entities.js';
import { freeText, singleLineText, withoutControlCharacters } from '../../../shared/contract/text.js';
import { queryRows, type Executor } from '../../platform/db/database.js';
import { isoOf } from '../../platform/db/values.js';

export const ContactMessageSent = z.object({ id, createdAt: isoDate });

export const ContactUsBody = z.strictObject({
  name: singleLineText().trim().min(1).max(200),
  email: withoutControlCharacters(z.email().max(320)),
  subject: singleLineText().trim().min(1).max(200).optional(),
  message: freeText().trim().min(1).max(5000),
});
export type ContactUsBody = z.infer<typeof ContactUsBody>;

export async function sendContactMessage(db: Executor, userId: string | null, body: ContactUsBody) {
  const [row] = await queryRows<{ id: string; created_at: Date | string }>(
    db,
    sql`INSERT INTO contact_messages (user_id, name, email, subject, message)
        VALUES (${userId}, ${body.name}, ${body.email}, ${body.subject ?? null}, ${body.message})
        RETURNING id, created_at`,
  );
  return { id: row!.id, createdAt: isoOf(row!.created_at) };
}
