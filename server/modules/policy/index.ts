// Policy (ARCHITECTURE.md, "Policy"): rules in CEL over market events, the named lists they read,
// their matches and backtests; the admin routes and the live evaluation on the market routes.
export { policyHandlers } from './admin.js';
export { livePolicy, judgeStoredEvent } from './live-policy.js';
export { runBacktest } from './backtest.js';
export { ruleBookOf } from './rule-book.js';
// For the demo data, which makes its rules and list the way the admin routes do.
export { createRule } from './policy-rules.js';
export { createPolicyList } from './policy-lists.js';
