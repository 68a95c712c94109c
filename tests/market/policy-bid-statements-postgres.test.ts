// What ten bid rules `on` cost a bid in statements (issue 43's performance target): none. The same
// bids through POST /v1/bid, each on an auction of its own (no outbid notice, no integrity review
// to flush at a moment of its own), are counted with no rule and then with the benchmark's ten
// bid rules on (four of them blocking): the bid transaction hands what it wrote to the rules
// judged after the answer, and the blocking rules judge under the auction's lock from the bid's
// own locked read, so the count is the same. The bidder's facts (read every 30 s) are warmed by a
// first bid; the rule book's version stamp is read once a second per node, whatever the bids, so
// it is left out of the count and bounded on its own. A rule that matches then shows the rules did
// judge those bids, by the id the bid was stored under. And a backtest names its samples (user
// names, listing titles) in one statement for the page, whatever the number of samples.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/platform/db/database.js';
import { createRule, runBacktest, updateRule } from '../../server/modules/policy/index.js';
import { appOnPostgres } from '../support/app-on-postgres.js';
import { canRun } from '../support/service-skips.js';
import { BID_RULES, turnOnRules } from '../benchmarks/bench-rules.js';
import { captureStatements, statementsOf } from '../benchmarks/bidding-bench-statements.js';
import { holdsIdentity } from './holds-app.js';
import { createAuction } from './market-db.js';
import { type ReviewApp, startReviewApp } from './review-cases-app.js';

const BIDS = 6;
/** Long enough for the hooks after the answer (in the same process) to have run. */
const AFTER_ANSWER_MS = 150;
const isStamp = (text: string) => /\bAS stamp\b/.test(text);

describe.skipIf(!canRun('postgres'))('bid rules on PostgreSQL: statements per bid', () => {
  let t: ReviewApp;
  let sellerId: string;

  beforeAll(async () => {
    t = await appOnPostgres((database) => startReviewApp(database, holdsIdentity));
    sellerId = (await t.call('seller', 'GET', '/user/my-details')).body.id as string;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const owner = { uid: 'stmt-owner', email: 'stmt-owner@market.test', emailVerified: true, admin: true };
  /** A case rule on bids, off: a backtest or a mode change puts it to work. */
  const bidRuleOff = (name: string, expression: string) =>
    createRule(t.database.db, owner, {
      name,
      event: 'bid',
      expression,
      action: 'openCase',
      priority: 'normal',
      mode: 'off',
    });

  /**
   * The statements of `BIDS` bids by `bidder`, each on a new auction, after a first, uncounted bid
   * (`bidIds`: all of them, the first included).
   */
  async function statementsPerBid(bidder: string): Promise<{ perBid: string[][]; stamps: number; bidIds: string[] }> {
    const bid = async (listingId: string) => {
      const answer = await t.call(bidder, 'POST', '/bid', { listingId, amount: 20 });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, AFTER_ANSWER_MS));
      return answer.body.bidId as string;
    };
    const bidIds = [await bid(await createAuction(t.database, sellerId))];
    const auctions: string[] = [];
    for (let i = 0; i < BIDS; i += 1) auctions.push(await createAuction(t.database, sellerId));
    const perBid: string[][] = [];
    let stamps = 0;
    for (const listingId of auctions) {
      const captured = statementsOf(await captureStatements(async () => void bidIds.push(await bid(listingId))));
      stamps += captured.filter((statement) => isStamp(statement.text)).length;
      perBid.push(captured.filter((statement) => !isStamp(statement.text)).map((s) => s.text.split('\n')[0]!.trim()));
    }
    return { perBid, stamps, bidIds };
  }

  it('ten bid rules on add no statement to a bid, and still judge it', async () => {
    const without = await statementsPerBid('stmtplain');
    const counts = new Set(without.perBid.map((statements) => statements.length));
    expect(counts.size, JSON.stringify(without.perBid)).toBe(1);

    await turnOnRules(t.database.db, BID_RULES);
    const started = Date.now();
    const withRules = await statementsPerBid('stmtruled');
    const seconds = (Date.now() - started) / 1000;
    expect(withRules.perBid).toEqual(without.perBid);
    expect(withRules.stamps).toBeLessThanOrEqual(Math.ceil(seconds) + 1);

    // An eleventh rule that matches every bid of this bidder: the rules judged what the bid stored.
    const matching = await bidRuleOff(
      'Every bid of stmtruled',
      'bid.maxBid == 20.0 && bid.amount == 5.0 && bid.bidCount == 0 && bid.endsInMinutes > 60',
    );
    await runBacktest(t.database.db, matching.id, 1);
    await updateRule(t.database.db, owner, matching.id, { mode: 'shadow' });
    const { bidIds } = await statementsPerBid('stmtruled');
    const matched = await queryRows<{ subject_id: string }>(
      t.database.db,
      sql`SELECT subject_id FROM policy_matches WHERE rule_id = ${matching.id}`,
    );
    expect(new Set(matched.map((row) => row.subject_id))).toEqual(new Set(bidIds));
  }, 120_000);

  it('a backtest names its whole page of samples in one statement, not one per sample', async () => {
    for (const bidder of ['stmtnamea', 'stmtnameb']) {
      for (let i = 0; i < 3; i += 1) {
        const listingId = await createAuction(t.database, sellerId);
        expect((await t.call(bidder, 'POST', '/bid', { listingId, amount: 31 })).status).toBe(200);
      }
    }
    await t.database.db.execute(sql`UPDATE users SET user_name = firebase_id WHERE user_name IS NULL`);
    const rule = await bidRuleOff('Bids of 31', 'bid.maxBid == 31.0');
    let samples: { actorName: string | null; listingTitle: string | null }[] = [];
    const captured = statementsOf(
      await captureStatements(async () => {
        samples = (await runBacktest(t.database.db, rule.id, 1)).samples;
      }),
    );
    expect(samples).toHaveLength(6);
    expect(samples.every((sample) => sample.actorName !== null && sample.listingTitle !== null)).toBe(true);
    const naming = captured.filter((statement) => /\bAS actor_name\b/.test(statement.text));
    expect(naming).toHaveLength(1);
  }, 120_000);
});
