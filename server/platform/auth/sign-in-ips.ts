// The IP of each sign-up and sign-in (table `sign_in_ips`, platform's: sign-in is the platform's
// business, seen where every secured route resolves its caller). A weak signal a ring shows
// beside its links, never a link by itself; personal data, so only public addresses are kept
// (public-ip.ts), only for 90 days (pruned hourly by the market workers, and never read older),
// and shown only to the roles that may read users.
//
// A sign-in is a token with an `auth_time` not seen before: a refreshed token keeps its
// `auth_time`, so the caller's requests of one session record one row, whichever nodes serve
// them. The row keeps the `auth_time` under a unique key with the user (migration 0083): the
// first node to see the sign-in writes it, any other node's insert does nothing (ON CONFLICT DO
// NOTHING). Each node also remembers the sign-ins it has seen, so a sign-in costs a node one
// cheap statement, on its first request there, and none after. The address is Fastify's `request.ip`:
// the connection's, or `X-Forwarded-For`'s when the connection comes from a proxy named in
// TRUSTED_PROXY (app.ts), never a header a client could set itself.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { SIGN_IN_IP_DAYS } from '../../../shared/contract/rings.js';
import type { Db, Executor } from '../db/database.js';
import { inList } from '../db/list-sql.js';
import { signInIps } from '../db/schema/index.js';
import { readRows, sqlRow } from '../db/sql-row.js';
import type { VerifiedIdentity } from './identity.js';
import { publicIpOf } from './public-ip.js';

export type SignInKind = 'signUp' | 'signIn';

/**
 * Records that `userId` signed up or in from `ip`, when it is a public address. A sign-in with its
 * token's `authTime` is recorded once across nodes: a second insert of it does nothing.
 */
export async function recordSignInIp(
  db: Executor,
  userId: string,
  ip: string | undefined,
  kind: SignInKind,
  authTime?: number,
) {
  const recorded = publicIpOf(ip);
  if (recorded === null) return;
  await db.execute(
    sql`INSERT INTO sign_in_ips (user_id, ip, kind, auth_time) VALUES (${userId}, ${recorded}, ${kind}, ${authTime ?? null})
        ON CONFLICT (user_id, auth_time) DO NOTHING`,
  );
}

/**
 * Sign-ins each node remembers having recorded; the oldest are forgotten first (seen again, the
 * insert finds the row there and writes nothing).
 */
const REMEMBERED_SIGN_INS = 10_000;

/** Which sign-ins (uid and `auth_time`) this node has recorded, so it asks the database once for each. */
export function signInRecorder(db: Db) {
  const seen = new Set<string>();
  return async (identity: VerifiedIdentity, userId: string, ip: string | undefined): Promise<void> => {
    const key = `${identity.uid} ${identity.authTime ?? ''}`;
    if (seen.has(key)) return;
    seen.add(key);
    if (seen.size > REMEMBERED_SIGN_INS) seen.delete(seen.values().next().value!);
    await recordSignInIp(db, userId, ip, 'signIn', identity.authTime);
  };
}

const SharedIpRow = sqlRow(signInIps, 'ip').extend({
  user_ids: z.array(z.string()),
  last_seen_at: z.union([z.date(), z.string()]),
});

export interface SharedIp {
  ip: string;
  userIds: string[];
  lastSeenAt: string;
}

/** The IPs two or more of `userIds` signed up or in from in the last 90 days, most recent first. */
export async function sharedIpsAmong(db: Executor, userIds: readonly string[]): Promise<SharedIp[]> {
  if (userIds.length < 2) return [];
  const rows = await readRows(
    db,
    SharedIpRow,
    sql`SELECT ip, array_agg(DISTINCT user_id ORDER BY user_id) AS user_ids, max(created_at) AS last_seen_at
        FROM sign_in_ips
        WHERE user_id IN ${inList(userIds)} AND created_at > now() - make_interval(days => ${SIGN_IN_IP_DAYS}::int)
        GROUP BY ip HAVING count(DISTINCT user_id) > 1
        ORDER BY max(created_at) DESC, ip LIMIT 100`,
  );
  return rows.map((row) => ({
    ip: row.ip,
    userIds: row.user_ids,
    lastSeenAt: new Date(row.last_seen_at).toISOString(),
  }));
}

/** Forgets the sign-in IPs older than 90 days. */
export async function pruneSignInIps(db: Executor): Promise<void> {
  await db.execute(
    sql`DELETE FROM sign_in_ips WHERE created_at <= now() - make_interval(days => ${SIGN_IN_IP_DAYS}::int)`,
  );
}

const PRUNE_EVERY_MS = 60 * 60 * 1000;

/** The hourly pruning pass of the market workers (market-api.ts). */
export function startSignInIpPruning(db: Db, onError: (error: unknown) => void) {
  const timer = setInterval(() => void pruneSignInIps(db).catch(onError), PRUNE_EVERY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
