// Policy rules for the benchmarks (issue 43): ten sensible rules for `bid` and ten for `message`,
// with the lists they read, switched on through the policy area's own service as the admin routes
// do it (made off, backtested, then `on`: a rule is on only with a backtest of its version).
// The bid rules are written so that the benchmark's bidders (new accounts, no orders, no ring, no
// enforcement, an ordinary domain) match none: a match that blocked would change the bids the
// benchmark checks, and one that opened a case would measure cases, not rules. The hot auction's
// maximum passes six figures within a round (one increment a bid), so the amount rules look at
// an auction's first bids, as a moderator's would: a leap is suspect early, not after 500 bids.
// What they cost is their evaluation on every bid.
// The message rules match what a moderator would want caught, so some benchmark messages open a
// case through them: their cost is the evaluation and, for a match, the case.
import type { PolicyListBody, RuleBody } from '../../shared/contract/policy.js';
import type { VerifiedIdentity } from '../../server/platform/auth/identity.js';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../server/platform/db/database.js';
import { createPolicyList, createRule, runBacktest, updateRule } from '../../server/modules/policy/index.js';

const BENCH_OWNER: VerifiedIdentity = {
  uid: 'bench-owner',
  email: 'bench-owner@market.test',
  emailVerified: true,
  admin: true,
};

export const BENCH_LISTS: readonly PolicyListBody[] = [
  {
    name: 'throwawayDomains',
    kind: 'domains',
    items: ['throwaway-mail.example', 'mailinator.com', 'guerrillamail.com'],
  },
  {
    name: 'payWords',
    kind: 'words',
    items: ['venmo', 'zelle', 'cashapp', 'cash app', 'paypal.me', 'wire transfer', 'western union'],
  },
  { name: 'scamWords', kind: 'words', items: ['gift card', 'crypto', 'bitcoin', 'usdt', 'telegram', 'whatsapp'] },
];

const rule = (name: string, event: RuleBody['event'], expression: string, action: RuleBody['action']): RuleBody => ({
  name,
  event,
  expression,
  action,
  priority: action === 'block' ? 'high' : 'normal',
  ...(action === 'block' ? { publicMessage: 'This bid cannot be placed.' } : {}),
});

export const BID_RULES: readonly RuleBody[] = [
  rule('New account bids on its own ring', 'bid', 'actor.ageDays < 3 && bid.sharesRingWithSeller', 'openCase'),
  rule('Ring of three bids on its seller', 'bid', 'bid.sharesRingWithSeller && actor.ringSize >= 3', 'block'),
  rule(
    'Large first bid from a new buyer',
    'bid',
    'bid.bidCount == 0 && bid.maxBid >= 5000.0 && actor.ordersAsBuyer == 0 && actor.ageDays < 7',
    'openCase',
  ),
  rule('Repeatedly enforced bidder', 'bid', 'actor.enforcements >= 3', 'block'),
  rule('Enforced bidder on a big lot', 'bid', 'actor.enforcements >= 1 && bid.amount >= 5000.0', 'openCase'),
  rule('Throwaway email domain', 'bid', 'lists.throwawayDomains.exists(d, actor.emailDomain == d)', 'block'),
  rule(
    'Last-minute leap',
    'bid',
    'bid.endsInMinutes < 2 && bid.amount >= 1000.0 && bid.maxBid >= bid.amount * 20.0',
    'openCase',
  ),
  rule('Big ring on a busy auction', 'bid', 'actor.ringSize >= 5 && bid.bidCount >= 30', 'openCase'),
  rule(
    'Seller bids on a ring seller without sales',
    'bid',
    'actor.sellerEnabled && actor.ordersAsSeller == 0 && bid.sharesRingWithSeller',
    'openCase',
  ),
  rule('Six-figure leap early in an auction', 'bid', 'bid.bidCount < 10 && bid.maxBid >= 100000.0', 'openCase'),
];

export const MESSAGE_RULES: readonly RuleBody[] = [
  rule('Payment words', 'message', 'lists.payWords.exists(w, message.text.lowerAscii().contains(w))', 'openCase'),
  rule(
    'Scam words from a new account',
    'message',
    'actor.ageDays < 7 && lists.scamWords.exists(w, message.text.lowerAscii().contains(w))',
    'openCase',
  ),
  rule('Throwaway email domain', 'message', 'lists.throwawayDomains.exists(d, actor.emailDomain == d)', 'block'),
  rule('Repeatedly enforced sender', 'message', 'actor.enforcements >= 3', 'block'),
  rule(
    'Link from a buyer with no orders',
    'message',
    "actor.ordersAsBuyer == 0 && message.text.contains('http')",
    'openCase',
  ),
  rule('Ring member in auction chat', 'message', "message.kind == 'auction' && actor.ringSize >= 3", 'openCase'),
  rule('Shouting', 'message', 'message.text.size() > 40 && message.text == message.text.upperAscii()', 'openCase'),
  rule('Very long message', 'message', 'message.text.size() > 1500', 'openCase'),
  rule(
    'Email address in chat',
    'message',
    "message.text.matches('[a-z0-9._%+-]+@[a-z0-9-]+\\\\.[a-z]{2,24}')",
    'openCase',
  ),
  rule(
    'Enforced sender mentions payment',
    'message',
    "actor.enforcements >= 1 && message.text.lowerAscii().contains('pay')",
    'openCase',
  ),
];

/** Makes `lists` and `rules` and switches every rule on; their ids. */
export async function turnOnRules(
  db: Db,
  rules: readonly RuleBody[],
  lists: readonly PolicyListBody[] = BENCH_LISTS,
): Promise<string[]> {
  for (const list of lists) await createPolicyList(db, BENCH_OWNER, list);
  const ids: string[] = [];
  for (const body of rules) {
    const made = await createRule(db, BENCH_OWNER, { ...body, mode: 'off' });
    await runBacktest(db, made.id, 1);
    await updateRule(db, BENCH_OWNER, made.id, { mode: 'on' });
    ids.push(made.id);
  }
  return ids;
}

/** One rule per replayed event kind, for the 90-day backtests of `bench:admin` (they read no list). */
export const BACKTEST_RULES: readonly RuleBody[] = [
  rule('Bench: large first bid', 'bid', 'bid.maxBid >= 500.0 && actor.ordersAsBuyer == 0', 'openCase'),
  rule(
    'Bench: payment words',
    'message',
    "['venmo', 'zelle', 'cashapp', 'wire transfer'].exists(w, message.text.lowerAscii().contains(w))",
    'openCase',
  ),
  rule('Bench: large order from a new buyer', 'order', 'order.total >= 300.0 && actor.ageDays < 30', 'openCase'),
];

/** The rule named `body.name` (a reused database keeps it from the last run), else a new one, off. */
export async function benchRule(db: Db, body: RuleBody): Promise<string> {
  const [found] = await queryRows<{ id: string }>(
    db,
    sql`SELECT id FROM policy_rules WHERE lower(name) = lower(${body.name}) AND deleted_at IS NULL`,
  );
  return found?.id ?? (await createRule(db, BENCH_OWNER, { ...body, mode: 'off' })).id;
}
