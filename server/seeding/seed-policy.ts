// Demo policy, so the Rules and Lists screens have something true to show on the first `npm start`:
// one list of payment words and three rules in shadow (recording what they would catch, doing
// nothing). Made by the policy area itself, each with its audit entry, as the admin routes make
// them (by the demo owner); a second run finds them and makes nothing.
import type { RuleBody } from '../../shared/contract/policy.js';
import { DEMO_ACCOUNTS } from '../platform/auth/demo-accounts.js';
import type { Db } from '../platform/db/database.js';
import { HttpError } from '../platform/http/errors.js';
import { createPolicyList, createRule } from '../modules/policy/index.js';

export const DEMO_PAY_WORDS = ['venmo', 'zelle', 'cashapp', 'cash app', 'paypal.me', 'wire transfer', 'western union'];

export const DEMO_RULES: readonly RuleBody[] = [
  {
    name: 'Payment words in messages',
    event: 'message',
    expression: 'lists.payWords.exists(w, message.text.lowerAscii().contains(w))',
    action: 'openCase',
    priority: 'normal',
    mode: 'shadow',
  },
  {
    name: 'New account bids on its own ring',
    event: 'bid',
    expression: 'actor.ageDays < 3 && bid.sharesRingWithSeller',
    action: 'openCase',
    priority: 'high',
    mode: 'shadow',
  },
  {
    name: 'Large first bid from a new buyer',
    event: 'bid',
    expression: 'bid.maxBid >= 1000.0 && actor.ordersAsBuyer == 0 && actor.ageDays < 7',
    action: 'openCase',
    priority: 'normal',
    mode: 'shadow',
  },
];

/** Made, or already there (409: a name taken). */
async function once(make: () => Promise<unknown>): Promise<number> {
  try {
    await make();
    return 1;
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 409) return 0;
    throw error;
  }
}

export async function seedDemoPolicy(db: Db): Promise<{ lists: number; rules: number }> {
  const admin = { uid: 'demo-seed', email: DEMO_ACCOUNTS.admin.email, emailVerified: true, admin: true };
  const lists = await once(() =>
    createPolicyList(db, admin, { name: 'payWords', kind: 'words', items: DEMO_PAY_WORDS }),
  );
  let rules = 0;
  for (const rule of DEMO_RULES) rules += await once(() => createRule(db, admin, rule));
  return { lists, rules };
}
