// The benchmarks' rules are saved through the policy area's own checks (bench-rules.ts): one its
// checks refuse (a regex the guard finds risky, a misspelt field) stops the benchmark at its start,
// as the regex guard's arrival once did to bench:screening unnoticed. Each is checked here.
import { describe, expect, it } from 'vitest';
import { checkRule } from '../../server/modules/policy/rules/rule-language.js';
import { BACKTEST_RULES, BENCH_LISTS, BID_RULES, MESSAGE_RULES } from './bench-rules.js';

const listNames = BENCH_LISTS.map((list) => list.name);

describe("the benchmarks' rules", () => {
  it.each([...BID_RULES, ...MESSAGE_RULES, ...BACKTEST_RULES].map((rule) => [rule.name, rule] as const))(
    '%s passes the checks a saved rule passes',
    (_, rule) => {
      expect(checkRule(rule.event, rule.expression, listNames)).toEqual({ valid: true });
    },
  );
});
