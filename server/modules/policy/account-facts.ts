// Per-account facts rules read (`actor`: age, orders, enforcements, ring), kept warm on this node:
// one read per account every FACTS_FOR_MS at most, whatever the number of rules or events, and
// none at all while no rule is in force (the live path asks only then). The ring walk is the
// dearest part (three hops of links), so it is kept longer: a ring changes with accounts' shared
// identifiers, which move slowly.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../platform/db/database.js';
import { countValue, readRows } from '../../platform/db/sql-row.js';
import { ringMembersOf } from '../trust-safety/index.js';
import type { ActorFacts } from './rules/event-context.js';

export const FACTS_FOR_MS = 30_000;
export const RING_FOR_MS = 300_000;
const KEPT_MAX = 100_000;

const FactsRow = z.object({
  id: z.string(),
  email: z.string(),
  created_ms: z.union([z.number(), z.string()]),
  seller_enabled: z.boolean(),
  orders_as_buyer: countValue,
  orders_as_seller: countValue,
  enforcements: countValue,
});

/** Until seller standing exists (the sellers issue), every seller reads as `standard`. */
export const SELLER_LEVEL_UNTIL_STANDING = 'standard';

/** The facts of several accounts in one read (a backtest's batch asks for its actors at once). */
export async function readActorFacts(
  db: Executor,
  userIds: readonly string[],
): Promise<Map<string, Omit<ActorFacts, 'ring'>>> {
  if (userIds.length === 0) return new Map();
  const rows = await readRows(
    db,
    FactsRow,
    sql`SELECT u.id, u.email, (extract(epoch FROM u.created_at) * 1000)::bigint AS created_ms, u.seller_enabled,
               (SELECT count(*) FROM orders o WHERE o.buyer_id = u.id AND o.deleted_at IS NULL) AS orders_as_buyer,
               (SELECT count(*) FROM orders o WHERE o.seller_id = u.id AND o.deleted_at IS NULL) AS orders_as_seller,
               (SELECT count(*) FROM user_enforcements e
                 WHERE e.user_id = u.id AND e.action <> 'lift' AND e.created_at > now() - interval '365 days') AS enforcements
          FROM users u WHERE u.id IN (${sql.join(
            userIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
  );
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        email: row.email,
        createdAtMs: Number(row.created_ms),
        sellerEnabled: row.seller_enabled,
        ordersAsBuyer: Number(row.orders_as_buyer),
        ordersAsSeller: Number(row.orders_as_seller),
        enforcements: Number(row.enforcements),
        sellerLevel: SELLER_LEVEL_UNTIL_STANDING,
      },
    ]),
  );
}

export interface AccountFacts {
  /**
   * The account's facts, read at most every FACTS_FOR_MS; null for an unknown account. Its ring is
   * walked only when `ring` is asked for (a rule reads it); otherwise it is the account alone.
   */
  of(userId: string, options?: { ring?: boolean }): Promise<ActorFacts | null>;
}

export function createAccountFacts(db: Executor, now: () => number = Date.now): AccountFacts {
  const facts = new Map<string, { at: number; facts: Omit<ActorFacts, 'ring'> }>();
  const rings = new Map<string, { at: number; ring: string[] }>();
  const keep = <T>(map: Map<string, T>, key: string, value: T) => {
    if (map.size >= KEPT_MAX) map.clear();
    map.set(key, value);
  };
  return {
    async of(userId, options = {}) {
      const at = now();
      let known = facts.get(userId);
      let ring = rings.get(userId);
      const factsWarm = known !== undefined && at - known.at < FACTS_FOR_MS;
      const ringWarm = !options.ring || (ring !== undefined && at - ring.at < RING_FOR_MS);
      // Warm, as for nearly every event of an active account: nothing to wait for.
      if (!factsWarm || !ringWarm) {
        const [read, walked] = await Promise.all([
          factsWarm ? null : readActorFacts(db, [userId]),
          ringWarm ? null : ringMembersOf(db, userId),
        ]);
        if (read) {
          const fresh = read.get(userId);
          if (!fresh) return null;
          known = { at, facts: fresh };
          keep(facts, userId, known);
        }
        if (walked) {
          ring = { at, ring: walked };
          keep(rings, userId, ring);
        }
      }
      return { ...known!.facts, ring: options.ring ? ring!.ring : [userId] };
    },
  };
}

const kept = new WeakMap<object, AccountFacts>();

/** One per database pool (one node). */
export function accountFactsOf(db: Executor): AccountFacts {
  let facts = kept.get(db);
  if (!facts) {
    facts = createAccountFacts(db);
    kept.set(db, facts);
  }
  return facts;
}
