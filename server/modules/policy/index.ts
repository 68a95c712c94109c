// Policy (ARCHITECTURE.md, "Policy"): rules in CEL over market events, the named lists they read,
// their matches and backtests; the admin routes and the live evaluation on the market routes.
import './audit-names.js';
export { policyHandlers } from './admin.js';
export { livePolicy, judgeStoredEvent } from './live-policy.js';
export { runBacktest } from './backtest.js';
export { ruleBookOf } from './rule-book.js';
// For the demo data and the benchmarks, which make their rules and lists (and switch rules on)
// the way the admin routes do.
export { createRule, updateRule } from './policy-rules.js';
export { createPolicyList } from './policy-lists.js';
