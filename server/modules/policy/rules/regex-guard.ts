// `matches()` in a rule runs JavaScript's backtracking RegExp (the evaluator's), so a pattern such
// as `(a+)+$` could take seconds on one long chat message, on the bid or message path itself. No
// linear-time engine is a dependency, so rules are held to patterns that cannot backtrack
// catastrophically, refused when saved (a 400 with the position, like any other rule error):
// - the pattern is written in the rule (a string literal), not read from a field or a list;
// - no repeated group that itself repeats (`(a+)+`, `(a*)*`, `(\w+\s?)*`), and no repeated group
//   of alternatives unless they are words with distinct first letters (`(ab|cd)+`, not `(a|aa)*`);
// - no backreference or lookaround (RE2, the cel-spec's syntax, has neither);
// - at most two unbounded repeats in all (`.*x.*` is fine, `.*.*.*` is polynomial blow-up);
// - at most 200 characters.

export const PATTERN_MAX = 200;
const UNBOUNDED_MAX = 2;

interface Group {
  repeats: boolean;
  alternatives: string[];
  current: string;
  /** Every character of the group is a plain letter, digit, space or escaped literal. */
  literal: boolean;
}

const newGroup = (): Group => ({ repeats: false, alternatives: [], current: '', literal: true });

/** The quantifier at `at`: its length, and whether it repeats (more than once) and without bound. */
function quantifierAt(pattern: string, at: number): { length: number; repeats: boolean; unbounded: boolean } | null {
  const char = pattern[at];
  if (char === '*' || char === '+') return { length: pattern[at + 1] === '?' ? 2 : 1, repeats: true, unbounded: true };
  if (char === '?') return { length: pattern[at + 1] === '?' ? 2 : 1, repeats: false, unbounded: false };
  if (char === '{') {
    const bound = /^\{(\d+)(,(\d*))?\}\??/.exec(pattern.slice(at));
    if (!bound) return null;
    const low = Number(bound[1]);
    const high = bound[2] === undefined ? low : bound[3] === '' ? Infinity : Number(bound[3]);
    return { length: bound[0].length, repeats: high > 1, unbounded: high === Infinity };
  }
  return null;
}

/** Why `pattern` is refused, or null when it is safe to run on every event. */
export function riskyPattern(pattern: string): string | null {
  if (pattern.length > PATTERN_MAX) return `a pattern of matches() is at most ${PATTERN_MAX} characters`;
  if (/\\[1-9]|\\k</.test(pattern)) return 'matches() takes no backreference';
  if (/\(\?<?[=!]/.test(pattern)) return 'matches() takes no lookahead or lookbehind';
  const stack: Group[] = [newGroup()];
  let unbounded = 0;
  let at = 0;
  /** After an atom: its quantifier, if any, marks the enclosing group as repeating. */
  const quantified = (group: Group, inner: Group | null): string | null => {
    const quantifier = quantifierAt(pattern, at);
    if (!quantifier) return null;
    at += quantifier.length;
    group.literal = false;
    if (quantifier.unbounded) unbounded += 1;
    if (!quantifier.repeats) return null;
    group.repeats = true;
    if (inner?.repeats) return 'matches() takes no repeated group that repeats inside (a nested quantifier)';
    if (inner && inner.alternatives.length > 1) {
      const firsts = inner.alternatives.map((alternative) => alternative[0]);
      const distinct =
        inner.literal && firsts.every((first) => first !== undefined) && new Set(firsts).size === firsts.length;
      if (!distinct)
        return 'matches() takes a repeated group of alternatives only when they are words with distinct first letters';
    }
    return null;
  };
  while (at < pattern.length) {
    const group = stack.at(-1)!;
    const char = pattern[at]!;
    if (char === '\\') {
      const escaped = pattern[at + 1] ?? '';
      // \w, \d, \s and their kin are classes; an escaped punctuation mark is a literal character.
      if (/[A-Za-z]/.test(escaped)) group.literal = false;
      group.current += escaped;
      at += 2;
      const refused = quantified(group, null);
      if (refused) return refused;
    } else if (char === '[') {
      const end = /^\[\^?\]?(?:\\.|[^\]\\])*\]/.exec(pattern.slice(at));
      if (!end) return 'matches() takes a well-formed pattern (a character class is not closed)';
      group.literal = false;
      at += end[0].length;
      const refused = quantified(group, null);
      if (refused) return refused;
    } else if (char === '(') {
      stack.push(newGroup());
      at += pattern.startsWith('(?:', at)
        ? 3
        : pattern.startsWith('(?<', at)
          ? pattern.indexOf('>', at) + 1 || at + 1
          : 1;
    } else if (char === ')') {
      if (stack.length === 1) return 'matches() takes a well-formed pattern (a group is closed twice)';
      const inner = stack.pop()!;
      inner.alternatives.push(inner.current);
      const outer = stack.at(-1)!;
      outer.literal &&= inner.literal && inner.alternatives.length === 1;
      outer.current += inner.alternatives.join('');
      if (inner.repeats) outer.repeats = true;
      at += 1;
      const refused = quantified(outer, inner);
      if (refused) return refused;
    } else if (char === '|') {
      group.alternatives.push(group.current);
      group.current = '';
      at += 1;
    } else {
      if (/[.^$]/.test(char)) group.literal = false;
      group.current += char;
      at += 1;
      const refused = quantified(group, null);
      if (refused) return refused;
    }
  }
  if (stack.length > 1) return 'matches() takes a well-formed pattern (a group is not closed)';
  if (unbounded > UNBOUNDED_MAX) return `matches() takes at most ${UNBOUNDED_MAX} unbounded repeats (*, +, {n,})`;
  return null;
}

/** A CEL syntax tree as @marcbachmann/cel-js gives it (`parse(…).ast`). */
interface CelNode {
  op: string;
  args: unknown;
  start?: number;
}

const isNode = (value: unknown): value is CelNode =>
  typeof value === 'object' && value !== null && typeof (value as CelNode).op === 'string';

/** The first `matches()` of the tree whose pattern is refused: why, and where (its offset). */
export function riskyMatchesCall(ast: unknown): { message: string; offset: number } | null {
  const pending: unknown[] = [ast];
  while (pending.length > 0) {
    const value = pending.pop();
    if (Array.isArray(value)) {
      pending.push(...value);
      continue;
    }
    if (!isNode(value)) continue;
    const args = Array.isArray(value.args) ? (value.args as unknown[]) : [value.args];
    const isMatches = (value.op === 'rcall' || value.op === 'call') && args[0] === 'matches';
    if (isMatches) {
      // s.matches(p) is ['matches', s, [p]]; matches(s, p) is ['matches', [s, p]].
      const pattern = value.op === 'rcall' ? (args[2] as unknown[] | undefined)?.[0] : (args[1] as unknown[])?.[1];
      const offset = (isNode(pattern) ? pattern.start : undefined) ?? value.start ?? 0;
      if (!isNode(pattern) || pattern.op !== 'value' || typeof pattern.args !== 'string') {
        return { message: 'matches() takes a pattern written in the rule (a string in quotes)', offset };
      }
      const risky = riskyPattern(pattern.args);
      if (risky) return { message: risky, offset };
    }
    pending.push(...args);
  }
  return null;
}
