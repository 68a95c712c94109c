// A seller's level, settled (DECISIONS "Sellers over time"): stored on the user (accounts'
// writeSellerLevel, for the Users list), and when it changes the seller is notified
// (`sellerLevelChanged`) and the change is an audit entry by `system:seller-standing` (as rules
// act as `rule:<id>`). What must be settled is queued in seller_standing_due by every bucket
// recount (migration 0101) and, once a day, for every seller with a bucket in the last year or a
// stored level above `new`: a level also moves with no write, as the window slides and unshipped
// orders fall late. The sweep runs on each node; a claimed seller is taken FOR UPDATE SKIP LOCKED.
import { sql } from 'drizzle-orm';
import { type SellerLevel, STANDING_LONG_WINDOW_DAYS } from '../../../shared/rules/seller-level.js';
import type { VerifiedIdentity } from '../../platform/auth/identity.js';
import { recordAdminAction } from '../../platform/db/admin-log.js';
import type { Db, Executor } from '../../platform/db/database.js';
import { sellerStandingDue, users } from '../../platform/db/schema/index.js';
import { readRows, sqlRow } from '../../platform/db/sql-row.js';
import { writeSellerLevel } from '../accounts/index.js';
import { notify } from '../notifications/index.js';
import { DAY_MS } from './standing-days.js';
import { sellerStandingOf } from './standing.js';

/** The audit log's admin for a level the standing settled by itself. */
export const STANDING_ADMIN: VerifiedIdentity = {
  uid: 'system:seller-standing',
  email: null,
  emailVerified: false,
  admin: false,
};

const LEVEL_NAMES: Record<SellerLevel, string> = {
  new: 'New',
  belowStandard: 'Below standard',
  standard: 'Standard',
  top: 'Top rated',
};

/** Settles one seller's level at `nowMs` in the caller's transaction; answers the change, or null. */
export async function settleSellerLevel(
  tx: Executor,
  sellerId: string,
  nowMs: number,
): Promise<{ from: SellerLevel; to: SellerLevel } | null> {
  const { level } = await sellerStandingOf(tx, sellerId, nowMs);
  const from = await writeSellerLevel(tx, sellerId, level);
  if (from === level) return null;
  await notify(tx, sellerId, 'sellerLevelChanged', `Your seller level is now ${LEVEL_NAMES[level]}`, {
    from,
    to: level,
  });
  await recordAdminAction(tx, {
    admin: STANDING_ADMIN,
    action: 'sellerLevelChanged',
    recordType: 'user',
    recordId: sellerId,
    before: { sellerLevel: from },
    after: { sellerLevel: level },
  });
  return { from, to: level };
}

/** Settles up to `batch` queued sellers, each in its own transaction; answers how many were taken. */
export async function settleDueSellerLevels(db: Db, nowMs: number, batch = 100): Promise<number> {
  let taken = 0;
  for (; taken < batch; taken += 1) {
    const settled = await db.transaction(async (tx) => {
      const [due] = await readRows(
        tx,
        sqlRow(sellerStandingDue, 'seller_id'),
        sql`DELETE FROM seller_standing_due
             WHERE seller_id = (SELECT seller_id FROM seller_standing_due ORDER BY since
                                 LIMIT 1 FOR UPDATE SKIP LOCKED)
         RETURNING seller_id`,
      );
      if (!due) return false;
      // A deleted seller has no standing to settle.
      const [live] = await readRows(
        tx,
        sqlRow(users, 'id'),
        sql`SELECT id FROM users WHERE id = ${due.seller_id} AND deleted_at IS NULL`,
      );
      if (live) await settleSellerLevel(tx, due.seller_id, nowMs);
      return true;
    });
    if (!settled) break;
  }
  return taken;
}

/** Queues every seller whose level may have moved with time alone. */
export async function queueEverySellerLevel(db: Executor, nowMs: number): Promise<void> {
  const since = new Date(nowMs - (STANDING_LONG_WINDOW_DAYS + 1) * DAY_MS).toISOString().slice(0, 10);
  await db.execute(
    sql`INSERT INTO seller_standing_due (seller_id)
        SELECT DISTINCT seller_id FROM seller_standing_days WHERE day >= ${since}::date
        UNION
        SELECT id FROM users WHERE seller_level <> 'new' AND deleted_at IS NULL
        ON CONFLICT DO NOTHING`,
  );
}

const SWEEP_EVERY_MS = 60_000;

/** The background sweep of one node: the queue every minute, every seller once a day. */
export function startSellerLevelSweep(db: Db, onError: (error: unknown) => void) {
  let queuedAllAt = 0;
  let running = false;
  const sweep = async () => {
    if (running) return;
    running = true;
    try {
      const nowMs = Date.now();
      if (nowMs - queuedAllAt >= DAY_MS) {
        await queueEverySellerLevel(db, nowMs);
        queuedAllAt = nowMs;
      }
      while ((await settleDueSellerLevels(db, Date.now())) > 0);
    } catch (error) {
      onError(error);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void sweep(), SWEEP_EVERY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
