// What each seller level does (ARCHITECTURE.md, "Seller standing"): the table of payout hold days
// and active-listing caps (`seller_level_effects`, migration 0113, this area's), read by the
// standing's answer, edited by the owner in Settings after a preview of what the edit would do to
// the sellers stored at each level now. The effects themselves are applied where they bite: the
// payout release (orders' `levelHoldDaysOf`) and a new listing (listings' `refuseOverListingCap`).
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type {
  EditLevelEffects,
  LevelEffectsPreview,
  LevelEffectsTable,
} from '../../../shared/contract/admin-seller-standing-routes.js';
import { changedLevels, DEFAULT_LEVEL_EFFECTS, editedEffects } from '../../../shared/rules/level-effects.js';
import { SELLER_LEVELS } from '../../../shared/rules/seller-level.js';
import type { VerifiedIdentity } from '../../platform/auth/identity.js';
import { recordAdminAction } from '../../platform/db/admin-log.js';
import type { Db, Executor } from '../../platform/db/database.js';
import { sellerLevelEffects, users } from '../../platform/db/schema/index.js';
import { countValue, readRows, sqlColumn, sqlRow } from '../../platform/db/sql-row.js';

/** One row of the table (also as JSON: the standing reads them inside its one statement). */
export const EFFECTS_ROW = sqlRow(sellerLevelEffects, 'level', 'payout_hold_days', 'active_listing_cap');
/** The table's rows as `EFFECTS_ROW`, one JSON array (null when the table is empty). */
export const EFFECTS_JSON = sql`(SELECT json_agg(json_build_object('level', level, 'payout_hold_days', payout_hold_days,
                                                      'active_listing_cap', active_listing_cap))
                                   FROM seller_level_effects)`;

/** Every level's effects from the table's rows; a level without a row (never, after 0113) has the contract's default. */
export function levelEffectsFrom(rows: readonly z.output<typeof EFFECTS_ROW>[]): LevelEffectsTable {
  const table: LevelEffectsTable = { ...DEFAULT_LEVEL_EFFECTS };
  for (const row of rows) {
    table[row.level] = { payoutHoldDays: row.payout_hold_days, activeListingCap: row.active_listing_cap };
  }
  return table;
}

/** Every level's effects. */
export async function levelEffectsOf(db: Executor): Promise<LevelEffectsTable> {
  return levelEffectsFrom(
    await readRows(db, EFFECTS_ROW, sql`SELECT level, payout_hold_days, active_listing_cap FROM seller_level_effects`),
  );
}

const IMPACT_ROW = z.object({
  level: sqlColumn(users, 'seller_level'),
  sellers_with_pending: countValue,
  pending: countValue,
  at_cap_before: countValue,
  at_cap_after: countValue,
});

/** `POST /admin/seller-levels/effects/preview`: per level the edit changes, whom it touches now. */
export async function previewLevelEffects(db: Executor, edit: EditLevelEffects): Promise<LevelEffectsPreview> {
  const before = await levelEffectsOf(db);
  const after = editedEffects(before, edit);
  const changed = changedLevels(before, after);
  if (changed.length === 0) return { items: [] };
  const caps = sql.join(
    changed.map(
      ({ level }) => sql`(${level}, ${before[level].activeListingCap}::int, ${after[level].activeListingCap}::int)`,
    ),
    sql`, `,
  );
  // Only the sellers of the changed levels who have a pending payout or a live listing count: the
  // two partial reads start from the pending payouts' and the live listings' indexes.
  const rows = await readRows(
    db,
    IMPACT_ROW,
    sql`WITH caps(level, cap_before, cap_after) AS (VALUES ${caps}),
        pending AS (
          SELECT o.seller_id, count(*) AS payouts FROM orders o
           WHERE o.payout_cents IS NOT NULL AND o.payout_released_at IS NULL AND o.deleted_at IS NULL
             AND o.status <> 'cancelled'
           GROUP BY o.seller_id),
        live AS (
          SELECT l.user_id AS seller_id, count(*) AS listings FROM listings l
           WHERE l.status = 'active' AND l.deleted_at IS NULL
           GROUP BY l.user_id),
        sellers AS (
          SELECT u.seller_level AS level, coalesce(p.payouts, 0) AS payouts, coalesce(v.listings, 0) AS listings
            FROM (SELECT seller_id FROM pending UNION SELECT seller_id FROM live) s
            JOIN users u ON u.id = s.seller_id AND u.deleted_at IS NULL
            LEFT JOIN pending p ON p.seller_id = s.seller_id
            LEFT JOIN live v ON v.seller_id = s.seller_id)
        SELECT c.level,
               count(s.level) FILTER (WHERE s.payouts > 0) AS sellers_with_pending,
               coalesce(sum(s.payouts), 0) AS pending,
               count(s.level) FILTER (WHERE s.listings >= c.cap_before) AS at_cap_before,
               count(s.level) FILTER (WHERE s.listings >= c.cap_after) AS at_cap_after
          FROM caps c LEFT JOIN sellers s ON s.level = c.level
         GROUP BY c.level`,
  );
  const byLevel = new Map(rows.map((row) => [row.level, row]));
  return {
    items: changed.map(({ level }) => {
      const row = byLevel.get(level);
      return {
        level,
        before: before[level],
        after: after[level],
        sellersWithPendingPayouts: Number(row?.sellers_with_pending ?? 0),
        pendingPayouts: Number(row?.pending ?? 0),
        sellersAtCapBefore: Number(row?.at_cap_before ?? 0),
        sellersAtCapAfter: Number(row?.at_cap_after ?? 0),
      };
    }),
  };
}

/** `PATCH /admin/seller-levels/effects`: the levels named take their effects; one audit entry. */
export async function updateLevelEffects(
  db: Db,
  edit: EditLevelEffects,
  admin: VerifiedIdentity,
): Promise<LevelEffectsTable> {
  return db.transaction(async (tx) => {
    // The table's rows, locked: two owners' edits apply one after the other, each audited against the last.
    await tx.execute(sql`SELECT level FROM seller_level_effects FOR UPDATE`);
    const before = await levelEffectsOf(tx);
    for (const level of SELLER_LEVELS) {
      const effects = edit[level];
      if (!effects) continue;
      await tx.execute(
        sql`INSERT INTO seller_level_effects (level, payout_hold_days, active_listing_cap)
            VALUES (${level}, ${effects.payoutHoldDays}, ${effects.activeListingCap})
            ON CONFLICT (level) DO UPDATE SET payout_hold_days = EXCLUDED.payout_hold_days,
                                              active_listing_cap = EXCLUDED.active_listing_cap, updated_at = now()`,
      );
    }
    const after = await levelEffectsOf(tx);
    await recordAdminAction(tx, {
      admin,
      action: 'updateSellerLevelEffects',
      recordType: 'seller_levels',
      recordId: 'seller-levels',
      before,
      after,
    });
    return after;
  });
}
