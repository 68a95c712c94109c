// This node's book of the rules in force (mode shadow or on) and the named lists they read, so an
// event asks memory, not the database, which rules apply to it. As the blocks' book does: a change
// made here is seen at once (`changed`); one made on another node moves the tables' version stamp,
// which a lookup finding the book older than REFRESH_AFTER_MS reads in the background and one
// finding it older than STALE_AFTER_MS waits for, so every node applies a change within 5 s with
// no timer and no query on an idle node. Each rule is compiled once per version (and per set of
// list names, which its type check depends on), never per event.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  POLICY_EVENTS,
  RULE_ACTIONS,
  RULE_MODES,
  type PolicyEvent,
  type RuleAction,
  type RuleMode,
} from '../../../shared/contract/policy.js';
import { REVIEW_PRIORITIES, type ReviewPriority } from '../../../shared/contract/review-cases.js';
import type { Executor } from '../../platform/db/database.js';
import { readRows } from '../../platform/db/sql-row.js';
import { compileRule, readsRing, type CompiledRule } from './rules/rule-language.js';

export const REFRESH_AFTER_MS = 1_000;
export const STALE_AFTER_MS = 4_000;

/** A rule in force as the live path runs it. */
export interface LiveRule {
  id: string;
  version: number;
  name: string;
  event: PolicyEvent;
  action: RuleAction;
  priority: ReviewPriority;
  publicMessage: string | null;
  mode: RuleMode;
  /** It reads the actor's ring: only then is the ring walked for it. */
  readsRing: boolean;
  matches: CompiledRule;
}

export interface PolicySnapshot {
  rules: ReadonlyMap<PolicyEvent, readonly LiveRule[]>;
  lists: Readonly<Record<string, readonly string[]>>;
}

const EMPTY: PolicySnapshot = { rules: new Map(), lists: {} };

const StampRow = z.object({ stamp: z.string() });
const RuleRow = z.object({
  id: z.string(),
  version: z.number(),
  name: z.string(),
  event: z.enum(POLICY_EVENTS),
  expression: z.string(),
  action: z.enum(RULE_ACTIONS),
  priority: z.enum(REVIEW_PRIORITIES),
  public_message: z.string().nullable(),
  mode: z.enum(RULE_MODES),
});
const ListRow = z.object({ name: z.string(), items: z.array(z.string()) });

/** Moves with every change: a rule or list made, changed (version, updated_at) or deleted. */
const STAMP = sql`SELECT (SELECT count(*) || ':' || coalesce(sum(version), 0) || ':' || coalesce(max(updated_at)::text, '')
                            FROM policy_rules)
                    || '|' || (SELECT count(*) || ':' || coalesce(max(updated_at)::text, '') FROM policy_lists) AS stamp`;

/** The lists by name as rules read them. */
export async function readLists(db: Executor): Promise<Record<string, string[]>> {
  const rows = await readRows(db, ListRow, sql`SELECT name, items FROM policy_lists WHERE deleted_at IS NULL`);
  return Object.fromEntries(rows.map((row) => [row.name, row.items]));
}

export interface RuleBook {
  /** A rule or list changed on this node: the next lookup reloads first. */
  changed(): void;
  /** The rules in force for one kind of event, and the lists, as of at most 5 s ago. */
  snapshot(): Promise<PolicySnapshot>;
}

export function createRuleBook(db: Executor, now: () => number = Date.now): RuleBook {
  let snapshot: PolicySnapshot = EMPTY;
  let stamp: string | null = null;
  let checkedAt = -Infinity;
  let dirty = true;
  let looking: Promise<void> | null = null;
  const compiled = new Map<string, CompiledRule>();

  async function look(): Promise<void> {
    const [row] = await readRows(db, StampRow, STAMP);
    const next = row?.stamp ?? '';
    if (dirty || next !== stamp) {
      dirty = false;
      const [rules, lists] = await Promise.all([
        readRows(
          db,
          RuleRow,
          sql`SELECT id, version, name, event, expression, action, priority, public_message, mode
                FROM policy_rules WHERE deleted_at IS NULL AND mode <> 'off' ORDER BY created_at, id`,
        ),
        readLists(db),
      ]);
      const names = Object.keys(lists);
      const byEvent = new Map<PolicyEvent, LiveRule[]>();
      const kept = new Set<string>();
      for (const rule of rules) {
        const key = `${rule.id}:${rule.version}:${names.sort().join(',')}`;
        kept.add(key);
        let matches = compiled.get(key);
        if (!matches) {
          // A rule saved against a list deleted since no longer compiles: it matches nothing.
          try {
            matches = compileRule(rule.event, rule.expression, names);
          } catch {
            matches = () => false;
          }
          compiled.set(key, matches);
        }
        const live: LiveRule = {
          id: rule.id,
          version: rule.version,
          name: rule.name,
          event: rule.event,
          action: rule.action,
          priority: rule.priority,
          publicMessage: rule.public_message,
          mode: rule.mode,
          readsRing: readsRing(rule.expression),
          matches,
        };
        byEvent.set(rule.event, [...(byEvent.get(rule.event) ?? []), live]);
      }
      for (const key of compiled.keys()) if (!kept.has(key)) compiled.delete(key);
      snapshot = { rules: byEvent, lists };
      stamp = next;
    }
    checkedAt = now();
  }
  function lookOnce(): Promise<void> {
    looking ??= look().finally(() => {
      looking = null;
    });
    return looking;
  }

  return {
    changed() {
      dirty = true;
    },
    async snapshot() {
      const age = now() - checkedAt;
      if (dirty || age > STALE_AFTER_MS) {
        // A database that stops answering: the rules as last read keep applying until a look succeeds.
        await lookOnce().catch((error: unknown) => {
          if (stamp === null) throw error;
        });
      } else if (age > REFRESH_AFTER_MS) lookOnce().catch(() => undefined);
      return snapshot;
    },
  };
}

/** One book per database pool (one node). */
const books = new WeakMap<object, RuleBook>();

export function ruleBookOf(db: Executor): RuleBook {
  let book = books.get(db);
  if (!book) {
    book = createRuleBook(db);
    books.set(db, book);
  }
  return book;
}
