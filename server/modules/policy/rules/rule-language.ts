// Rules are CEL (the cel-spec's Common Expression Language), checked and run by
// @marcbachmann/cel-js: ARCHITECTURE.md "Policy" says why that evaluator. Each event kind has a
// declared, typed context (shared/contract/policy.ts); a rule is checked against it when it is
// saved, so a misspelt field is a 400 with its position, never a rule that silently never matches.
// Lists are declared as fields of `lists` by their current names, so `lists.payWordz` is caught too.
import { Environment } from '@marcbachmann/cel-js';
import { ACTOR_FIELDS, EVENT_FIELDS, type CelFieldType, type PolicyEvent } from '../../../../shared/contract/policy.js';
import { riskyMatchesCall } from './regex-guard.js';

/** The CEL type name of each declared variable's record type. */
const TYPE_NAMES: Record<PolicyEvent, string> = {
  bid: 'BidEvent',
  message: 'MessageEvent',
  listing: 'ListingEvent',
  signUp: 'SignUpEvent',
  order: 'OrderEvent',
};

const environments = new Map<string, Environment>();

/** A record of one declared type (`actor`, `bid`, …) as the rules read it. */
type RecordClass = new () => CelRecord;
const recordClasses = new WeakMap<object, RecordClass>();

/**
 * The class of one declared record type's values, by its fields. cel-js reads a value of a
 * registered class as it is, but wraps a plain object anew on every evaluation: with ten rules on
 * for bids, each bid's `actor` and `bid` were wrapped ten times (bench:bids --rules). celRecord
 * makes its records of this class; a plain object (a test's) is still taken, copied into one.
 */
function recordClassOf(fields: Record<string, CelFieldType>): RecordClass {
  let made = recordClasses.get(fields);
  if (!made) {
    made = class PolicyRecord {} as unknown as RecordClass;
    recordClasses.set(fields, made);
  }
  return made;
}

/** The declaration of one record type: its class, and the copy of a plain object into it. */
function recordType(fields: Record<string, CelFieldType>) {
  const Kind = recordClassOf(fields);
  return {
    ctor: Kind,
    fields,
    convert: (value: object) => (value instanceof Kind ? value : Object.assign(new Kind(), value)),
  };
}

/** The environment of one event kind with these list names; built once per combination. */
export function policyEnvironment(event: PolicyEvent, listNames: readonly string[]): Environment {
  const names = [...listNames].sort();
  const key = `${event}\n${names.join('\n')}`;
  let environment = environments.get(key);
  if (!environment) {
    environment = new Environment({ unlistedVariablesAreDyn: false })
      .registerType('Actor', recordType(ACTOR_FIELDS))
      .registerType(TYPE_NAMES[event], recordType(EVENT_FIELDS[event]))
      .registerType('Lists', { fields: Object.fromEntries(names.map((name) => [name, 'list<string>'])) })
      .registerVariable('actor', 'Actor')
      .registerVariable(event, TYPE_NAMES[event])
      .registerVariable('lists', 'Lists');
    // A handful of event kinds times the list names in use: bounded in practice, cleared if not.
    if (environments.size > 200) environments.clear();
    environments.set(key, environment);
  }
  return environment;
}

export type RuleCheck = { valid: true } | { valid: false; message: string; line: number; column: number };

/** Line and column (1-based) of a character offset in the expression. */
function positionOf(expression: string, offset: number): { line: number; column: number } {
  const before = expression.slice(0, Math.max(0, Math.min(offset, expression.length)));
  const lines = before.split('\n');
  return { line: lines.length, column: lines[lines.length - 1]!.length + 1 };
}

interface CelError {
  message: string;
  summary?: string;
  range?: { start: number; end: number };
}

/** Checks a rule's expression against its event's context: it must be a bool, every name known. */
export function checkRule(event: PolicyEvent, expression: string, listNames: readonly string[]): RuleCheck {
  const environment = policyEnvironment(event, listNames);
  let result: ReturnType<Environment['check']>;
  try {
    result = environment.check(expression);
  } catch (error) {
    // The evaluator's limits (nesting, length) throw rather than answer: still the author's error.
    const celError = error as CelError;
    return { valid: false, message: firstLine(celError.summary ?? celError.message), line: 1, column: 1 };
  }
  if (!result.valid) {
    const celError = result.error as CelError | undefined;
    const offset = celError?.range?.start ?? 0;
    return {
      valid: false,
      message: firstLine(celError?.summary ?? celError?.message ?? 'invalid expression'),
      ...positionOf(expression, offset),
    };
  }
  if (result.type !== 'bool') {
    return {
      valid: false,
      message: `a rule must be true or false, this is a ${result.type ?? 'value'}`,
      line: 1,
      column: 1,
    };
  }
  const risky = riskyMatchesCall(environment.parse(expression).ast);
  if (risky) return { valid: false, message: risky.message, ...positionOf(expression, risky.offset) };
  return { valid: true };
}

const firstLine = (text: string) => text.split('\n')[0]!.trim();

/** The 400 message of an invalid rule: the CEL error and its position. */
export const ruleCheckMessage = (check: Exclude<RuleCheck, { valid: true }>) =>
  `expression: ${check.message} (line ${check.line}, column ${check.column})`;

/** A rule's variables as CEL receives them: ints as bigint, the rest as they are. */
export type CelRecord = Record<string, string | bigint | number | boolean>;
export interface RuleContext {
  actor: CelRecord;
  event: CelRecord;
  lists: Record<string, readonly string[]>;
}

/** A compiled rule: true when it matches. An evaluation error (a list deleted since) is no match. */
export type CompiledRule = (context: RuleContext) => boolean;

export function compileRule(event: PolicyEvent, expression: string, listNames: readonly string[]): CompiledRule {
  const program = policyEnvironment(event, listNames).parse(expression);
  return (context) => {
    try {
      return program({ actor: context.actor, [event]: context.event, lists: context.lists }) === true;
    } catch {
      return false;
    }
  };
}

/** Values in the declared CEL types: a count becomes a bigint (CEL's int), money stays a double. */
export function celRecord<Fields extends Record<string, CelFieldType>>(
  fields: Fields,
  values: {
    [K in keyof Fields]: Fields[K] extends 'int' | 'double' ? number : Fields[K] extends 'bool' ? boolean : string;
  },
): CelRecord {
  const record = new (recordClassOf(fields))();
  for (const name of Object.keys(fields)) {
    const type = fields[name as keyof Fields];
    const value = values[name as keyof Fields] as string | number | boolean;
    record[name] = type === 'int' ? BigInt(Math.trunc(Number(value))) : type === 'double' ? Number(value) : value;
  }
  return record;
}

/**
 * Whether a rule reads the actor's ring (`ringSize`, `sharesRingWithSeller`): the ring walk is the
 * dearest fact, so it is read only for the rules that need it. A false "yes" (the word in a string)
 * costs a walk, never a wrong answer.
 */
export const readsRing = (expression: string): boolean => /\b(ringSize|sharesRingWithSeller)\b/.test(expression);
