// The marketplace user behind a verified ID token: matched by firebaseId, linked by email to a
// row that has none yet (seeded or created by an admin), or created on the first call.
import { sql } from 'drizzle-orm';
import type { VerifiedIdentity } from '../auth/identity.js';
import { queryRows, type Db } from '../db/database.js';

export interface MarketUser {
  id: string;
  firebaseId: string;
  email: string;
  userName: string | null;
  admin: boolean;
}

interface UserRow {
  id: string;
  email: string;
  user_name: string | null;
  deleted_at: Date | string | null;
}

export class DeletedAccountError extends Error {}

/** A readable, almost surely unique user name for a new account: the email's local part + uid. */
function userNameFor(email: string, uid: string): string {
  const local = (email.split('@')[0] ?? 'user').replace(/[^a-zA-Z0-9_.-]/g, '').slice(0, 24) || 'user';
  return `${local}_${uid.slice(0, 6).toLowerCase()}`;
}

export async function resolveMarketUser(db: Db, identity: VerifiedIdentity): Promise<MarketUser> {
  const of = (row: UserRow): MarketUser => {
    if (row.deleted_at !== null) throw new DeletedAccountError('This account was deleted');
    return { id: row.id, firebaseId: identity.uid, email: row.email, userName: row.user_name, admin: identity.admin };
  };
  const [found] = await queryRows<UserRow>(
    db,
    sql`SELECT id, email, user_name, deleted_at FROM users WHERE firebase_id = ${identity.uid}`,
  );
  if (found) return of(found);
  const email = identity.email ?? `${identity.uid}@users.market.invalid`;
  const [linked] = await queryRows<UserRow>(
    db,
    sql`UPDATE users SET firebase_id = ${identity.uid}, updated_at = now()
        WHERE lower(email) = lower(${email}) AND firebase_id IS NULL AND deleted_at IS NULL
        RETURNING id, email, user_name, deleted_at`,
  );
  if (linked) return of(linked);
  for (const userName of [userNameFor(email, identity.uid), null]) {
    try {
      await queryRows(
        db,
        sql`INSERT INTO users (firebase_id, email, user_name) VALUES (${identity.uid}, ${email}, ${userName})
            ON CONFLICT (firebase_id) DO NOTHING`,
      );
      break;
    } catch (error) {
      // The name (or email) is taken by somebody else: retry without a name, then give up.
      if ((error as { code?: string }).code !== '23505' || userName === null) throw error;
    }
  }
  const [created] = await queryRows<UserRow>(
    db,
    sql`SELECT id, email, user_name, deleted_at FROM users WHERE firebase_id = ${identity.uid}`,
  );
  if (!created) throw new Error('user row missing after insert');
  return of(created);
}
