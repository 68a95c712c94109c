// The accounts side of resolving a caller (platform/auth/market-users.ts): `users` is this area's
// table, so linking a signed-in Firebase identity to its row and creating a new user happen here,
// behind the `MarketAccounts` port that platform declares and composition.ts wires.
import { sql } from 'drizzle-orm';
import type { MarketAccounts } from '../../platform/auth/market-users.js';
import type { Db } from '../../platform/db/database.js';
import { users } from '../../platform/db/schema/index.js';
import { readRows, sqlRow } from '../../platform/db/sql-row.js';
import { uniqueViolationOf } from '../../platform/db/unique-violation.js';

const USER_ID = sqlRow(users, 'id');

/** A readable, almost surely unique user name for a new account: the email's local part + uid. */
export function userNameFor(email: string, uid: string): string {
  const local = (email.split('@')[0] ?? 'user').replace(/[^a-zA-Z0-9_.-]/g, '').slice(0, 24) || 'user';
  return `${local}_${uid.slice(0, 6).toLowerCase()}`;
}

async function linkVerifiedEmail(db: Db, uid: string, email: string): Promise<boolean> {
  const linked = await readRows(
    db,
    USER_ID,
    sql`UPDATE users SET firebase_id = ${uid}, updated_at = now()
        WHERE lower(email) = lower(${email}) AND firebase_id IS NULL AND deleted_at IS NULL
        RETURNING id`,
  );
  return linked.length > 0;
}

async function createUser(db: Db, uid: string, email: string): Promise<void> {
  for (const userName of [userNameFor(email, uid), null]) {
    try {
      await db.execute(
        sql`INSERT INTO users (firebase_id, email, user_name) VALUES (${uid}, ${email}, ${userName})
            ON CONFLICT (firebase_id) DO NOTHING`,
      );
      return;
    } catch (error) {
      // The name (or email) is taken by somebody else: retry without a name, then give up.
      if (!uniqueViolationOf(error) || userName === null) throw error;
    }
  }
}

/** The one adapter of the port: the marketplace's own `users` table. */
export const marketAccounts: MarketAccounts = { linkVerifiedEmail, createUser };
