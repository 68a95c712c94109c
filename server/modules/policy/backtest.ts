// Backtests (DECISIONS "Policy"): the stored events of the last `days` days replayed through the
// rule's current version, read from one server-side cursor in the created_at index's order (a
// million bids never sit in memory), batch by batch. Each batch reads the facts of its new actors
// at once (kept for the rest of the run, as the live path keeps them warm) and, for its matches
// only, what later happened to them, split by backtest-outcome.ts; the samples are named (who did
// it, which listing they open) by one statement at the end. The result is kept: it is what lets
// the version be switched on.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { BACKTEST_SAMPLES_MAX, type Backtest } from '../../../shared/contract/policy.js';
import type { Db, Executor } from '../../platform/db/database.js';
import { readRows } from '../../platform/db/sql-row.js';
import { ringMembersOf } from '../trust-safety/index.js';
import { readActorFacts } from './account-facts.js';
import { getRuleRow } from './policy-rules.js';
import { readLists } from './rule-book.js';
import { backtestOutcomeOf, NO_OUTCOMES } from './rules/backtest-outcome.js';
import { matchesPerDay, utcDayOf } from './rules/matches-per-day.js';
import { actorVariable, type ActorFacts } from './rules/event-context.js';
import { compileRule, readsRing } from './rules/rule-language.js';
import {
  eventVariableOf,
  recordOpenedFor,
  StoredEventRow,
  storedEventsQuery,
  type StoredEvent,
} from './stored-events.js';

const BATCH_ROWS = 2000;

const LaterRow = z.object({
  id: z.string(),
  appeal_granted: z.boolean(),
  enforced: z.boolean(),
  refunded: z.boolean(),
  case_dismissed: z.boolean(),
});

/** What later happened to each matched event (one statement per batch, over its matches only). */
async function laterFactsOf(tx: Executor, matched: readonly StoredEventRow[]) {
  if (matched.length === 0) return new Map<string, z.output<typeof LaterRow>>();
  const values = sql.join(
    matched.map(
      (row) =>
        sql`(${row.id}, ${row.actor_id}, ${row.listing_id}, to_timestamp(${row.at_ms}::double precision / 1000))`,
    ),
    sql`, `,
  );
  const rows = await readRows(
    tx,
    LaterRow,
    sql`SELECT m.id,
               EXISTS (SELECT 1 FROM appeals a WHERE a.user_id = m.actor_id AND a.status = 'granted' AND a.created_at >= m.at)
                 AS appeal_granted,
               EXISTS (SELECT 1 FROM user_enforcements e
                        WHERE e.user_id = m.actor_id AND e.action <> 'lift' AND e.created_at >= m.at) AS enforced,
               EXISTS (SELECT 1 FROM orders o JOIN transactions t ON t.order_id = o.id
                        WHERE o.listing_id = m.listing_id AND o.buyer_id = m.actor_id AND t.type = 'admin_refund'
                          AND t.created_at >= m.at) AS refunded,
               EXISTS (SELECT 1 FROM review_cases c
                        WHERE (c.subject_user_id = m.actor_id OR c.subject_id = m.id) AND c.outcome = 'dismissed'
                          AND c.resolved_at >= m.at) AS case_dismissed
          FROM (VALUES ${values}) AS m (id, actor_id, listing_id, at)`,
  );
  return new Map(rows.map((row) => [row.id, row]));
}

type Sample = Backtest['samples'][number];
type UnnamedSample = Omit<Sample, 'actorName' | 'listingTitle'>;

const SampleNamesRow = z.object({
  at_index: z.number().int(),
  actor_name: z.string().nullable(),
  listing_title: z.string().nullable(),
});

/**
 * The samples with what a moderator recognises them by: the actor's user name and the title of
 * the listing a sample opens, read in one statement for the whole page of samples (at most 20).
 * Read now, not at the event: the drawer the sample opens shows the record as it is now.
 */
async function namedSamples(tx: Executor, samples: readonly UnnamedSample[]): Promise<Sample[]> {
  if (samples.length === 0) return [];
  const values = sql.join(
    samples.map(
      (sample, index) =>
        sql`(${index}::int, ${sample.actorId}::text, ${sample.opens.type === 'listing' ? sample.opens.id : null}::text)`,
    ),
    sql`, `,
  );
  const rows = await readRows(
    tx,
    SampleNamesRow,
    sql`SELECT s.at_index, u.user_name AS actor_name, l.title AS listing_title
          FROM (VALUES ${values}) AS s (at_index, actor_id, listing_id)
          LEFT JOIN users u ON u.id = s.actor_id
          LEFT JOIN listings l ON l.id = s.listing_id`,
  );
  const byIndex = new Map(rows.map((row) => [row.at_index, row]));
  return samples.map((sample, index) => ({
    ...sample,
    actorName: byIndex.get(index)?.actor_name ?? null,
    listingTitle: byIndex.get(index)?.listing_title ?? null,
  }));
}

export interface BacktestRun extends Backtest {
  /** The ids of every matched event, in the stream's order (for the property test against live). */
  matchedIds?: string[];
}

/** Replays the rule's current version; `keepIds` also returns every matched event's id. */
export async function runBacktest(db: Db, ruleId: string, days: number, keepIds = false): Promise<BacktestRun> {
  const rule = await getRuleRow(db, ruleId);
  const event: StoredEvent = rule.event;
  const lists = await readLists(db);
  const matches = compileRule(event, rule.expression, Object.keys(lists));
  const ringNeeded = readsRing(rule.expression);
  const byOutcome = NO_OUTCOMES();
  const unnamed: UnnamedSample[] = [];
  let samples: Sample[] = [];
  const matchedIds: string[] = [];
  const matchedByDay = new Map<string, number>();
  const actors = new Map<string, ActorFacts | null>();
  let evaluated = 0;
  let matched = 0;

  await db.transaction(
    async (tx) => {
      const since = sql`now() - make_interval(days => ${days})`;
      await tx.execute(
        sql`DECLARE policy_backtest NO SCROLL CURSOR FOR ${storedEventsQuery(event, (createdAt) => sql`${createdAt} >= ${since}`)}`,
      );
      for (;;) {
        const rows = await readRows(
          tx,
          StoredEventRow,
          sql`FETCH FORWARD ${sql.raw(String(BATCH_ROWS))} FROM policy_backtest`,
        );
        if (rows.length === 0) break;
        const unknown = [...new Set(rows.map((row) => row.actor_id))].filter((id) => !actors.has(id));
        const facts = await readActorFacts(tx, unknown);
        for (const id of unknown) {
          const known = facts.get(id);
          actors.set(id, known ? { ...known, ring: ringNeeded ? await ringMembersOf(tx, id) : [id] } : null);
        }
        const hits: StoredEventRow[] = [];
        for (const row of rows) {
          const actor = actors.get(row.actor_id);
          if (!actor) continue;
          evaluated += 1;
          const context = { actor: actorVariable(actor, row.at_ms), event: eventVariableOf(event, row, actor), lists };
          if (matches(context)) hits.push(row);
        }
        const later = await laterFactsOf(tx, hits);
        for (const row of hits) {
          matched += 1;
          const after = later.get(row.id);
          const outcome = backtestOutcomeOf({
            bidVoided: row.voided,
            appealGranted: after?.appeal_granted ?? false,
            enforced: after?.enforced ?? false,
            refunded: after?.refunded ?? false,
            caseDismissed: after?.case_dismissed ?? false,
          });
          byOutcome[outcome] += 1;
          const day = utcDayOf(row.at_ms);
          matchedByDay.set(day, (matchedByDay.get(day) ?? 0) + 1);
          if (unnamed.length < BACKTEST_SAMPLES_MAX) {
            unnamed.push({
              at: new Date(row.at_ms).toISOString(),
              subjectId: row.id,
              actorId: row.actor_id,
              opens: recordOpenedFor(event, row),
            });
          }
          if (keepIds) matchedIds.push(row.id);
        }
        if (rows.length < BATCH_ROWS) break;
      }
      await tx.execute(sql`CLOSE policy_backtest`);
      samples = await namedSamples(tx, unnamed);
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );

  const perDay = matchesPerDay(days, Date.now(), matchedByDay);
  const result: Backtest = {
    ruleId,
    version: rule.version,
    days,
    evaluated,
    matches: matched,
    byOutcome,
    samples,
    perDay,
  };
  await db.execute(
    sql`INSERT INTO policy_backtests (rule_id, version, days, evaluated, matches, by_outcome)
        VALUES (${ruleId}, ${rule.version}, ${days}, ${evaluated}, ${matched}, ${JSON.stringify(byOutcome)}::jsonb)`,
  );
  return keepIds ? { ...result, matchedIds } : result;
}
