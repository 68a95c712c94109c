// Property-based fuzz of every operation in the OpenAPI document (`GET /v1/docs/json`): requests
// drawn from each operation's own schemas, mostly valid and sometimes hostile (fuzz-requests.ts),
// sent as an ordinary user who owns one of everything (market-objects.ts), as an admin and with
// no token, against the real app on PGlite seeded with demo data. Whatever is sent, the API
// never answers 5xx, every 4xx body is the contract's `{statusCode, error, message}`, a secured
// route never answers a caller without a token, and the admin API never answers a non-admin.
//
// Nothing is skipped. The Stripe webhook reads a raw body and the storage's upload
// (`PUT /v1/uploads/{key}`) takes bytes: both get random bodies and must refuse them with a
// 4xx like any other route (the app is built with a webhook secret, so the webhook verifies
// signatures instead of answering 503 "not configured").
//
// FUZZ_RUNS=2000 (runs per operation, default 4) for a nightly-size run; FUZZ_SEED=<n> replays
// a run (the seed is printed). On CI the seed comes from the commit (fuzzSeed). The covered operations are written to
// test-results/security-fuzz-operations.txt.
import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/platform/db/database.js';
import { type FuzzRequest, nulProbe, requestArbitrary } from './fuzz-requests.js';
import { makeOwnedThings, type OwnedThing } from './market-objects.js';
import { fetchOperations, type Operation } from './openapi-operations.js';
import { buildSecurityApp, databaseIds, errorShapeProblem, excerpt, type SecurityApp, send } from './security-app.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 4);
const SEED = fuzzSeed();
/**
 * FUZZ_SEED when given. On CI (`CI=true`) one drawn from the commit: every run of a commit sends
 * the same requests, so a red CI is the commit's own, found again by any rerun, and never a roll
 * of the dice between two runs of the same tree; each new commit still fuzzes anew. Elsewhere a
 * random one.
 */
function fuzzSeed(): number {
  if (process.env.FUZZ_SEED) return Number(process.env.FUZZ_SEED);
  if (process.env.CI === 'true') {
    try {
      const head = execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
      return Number.parseInt(head.slice(0, 8), 16) % 2 ** 31;
    } catch {
      // Not a git checkout: a random seed, printed like any other.
    }
  }
  return Math.floor(Math.random() * 2 ** 31);
}

/** One run of every operation takes about 15 s here (3 requests each); a nightly run gets the time it needs. */
const TIME_LIMIT_MS = 300_000 + RUNS * 60_000;

type Caller = 'user' | 'admin' | 'no token';

interface Problem {
  operation: string;
  problem: string;
  example: string;
  count: number;
}

describe('fuzz of every OpenAPI operation', () => {
  let fuzz: SecurityApp;
  let operations: Operation[];
  /** The ordinary user of the current generation and their things (renewed if the fuzz deletes them). */
  let owner = { name: '', id: '', things: [] as OwnedThing[] };
  let generation = 0;

  beforeAll(async () => {
    fuzz = await buildSecurityApp({ demoData: true });
    operations = await fetchOperations(fuzz.app);
  }, 120_000);
  afterAll(async () => {
    await fuzz?.close();
  });

  /**
   * The fuzzing user, made again with all their things whenever a fuzzed request closed their
   * account or an admin deleted it, so later operations still aim at live things of a live user.
   */
  async function ensureOwner(): Promise<void> {
    if (owner.id) {
      const [row] = await queryRows<{ deleted_at: unknown }>(
        fuzz.database.db,
        sql`SELECT deleted_at FROM users WHERE id = ${owner.id}`,
      );
      if (row && row.deleted_at === null) return;
    }
    generation += 1;
    const name = `fuzzer${generation}`;
    const things = await makeOwnedThings(fuzz.app, fuzz.database.db, { owner: name, peer: `fuzzpeer${generation}` });
    owner = { name, id: things.find((thing) => thing.label === `${name}'s user id`)!.value, things };
  }

  it(
    'never answers 5xx, keeps the error shape, and never answers a caller it must refuse',
    async () => {
      const problems = new Map<string, Problem>();
      let requests = 0;
      /** Answers by caller and status class: how deep the requests got (2xx) and how many were refused. */
      const answers = new Map<string, number>();
      const note = (operation: Operation, problem: string, example: string) => {
        const key = `${operation.name}: ${problem}`;
        const known = problems.get(key);
        if (known) known.count += 1;
        else problems.set(key, { operation: operation.name, problem, example, count: 1 });
      };

      for (const [index, operation] of operations.entries()) {
        await ensureOwner();
        // Any row's id, and (about as often) one of the fuzzing user's own things, which get past
        // the ownership checks into the code behind them.
        const ownIds = owner.things.map((thing) => thing.value);
        const pool = [...(await databaseIds(fuzz.database.db)), ...Array.from({ length: 12 }, () => ownIds).flat()];
        const tokens: [Caller, string | null][] = [
          ['user', `token-${owner.name}`],
          ['admin', 'token-admin'],
          ['no token', null],
        ];
        const property = fc.asyncProperty(requestArbitrary(operation, pool), async (request: FuzzRequest) => {
          for (const [caller, token] of tokens) {
            const answer = await send(fuzz.app, { method: operation.method, token, ...request });
            requests += 1;
            const tally = `${caller} ${Math.floor(answer.status / 100)}xx`;
            answers.set(tally, (answers.get(tally) ?? 0) + 1);
            const example = [
              `as ${caller}: ${operation.method} ${excerpt(request.url, 300)}`,
              request.contentType ? `content-type ${request.contentType}` : '',
              request.payload !== undefined ? `body ${excerpt(request.payload, 1500)}` : '',
              `→ ${answer.status} ${excerpt(answer.text, 300)}`,
            ]
              .filter(Boolean)
              .join('\n      ');
            if (answer.status >= 500) note(operation, `answered ${answer.status}`, example);
            else if (answer.status >= 400) {
              const shape = errorShapeProblem(answer);
              if (shape) note(operation, shape, example);
            } else if (caller === 'no token' && operation.secured) {
              note(operation, 'a secured route answered a caller without a token', example);
            } else if (caller === 'user' && operation.path.startsWith('/v1/admin/')) {
              note(operation, 'the admin API answered an ordinary user', example);
            }
          }
        });
        // No shrinking: each failure is recorded as drawn, and the walk goes on to every operation.
        // The NUL probe runs first on every run (fast-check's examples), then the random draws.
        const examples: [FuzzRequest][] = [[nulProbe(operation, pool, SEED + index)]];
        await fc.check(property, { numRuns: RUNS + 1, seed: SEED + index, endOnFailure: true, examples });
      }

      await mkdir('test-results', { recursive: true });
      await writeFile('test-results/security-fuzz-operations.txt', `${operations.map((op) => op.name).join('\n')}\n`);
      console.log(
        `API fuzz: ${operations.length} operations covered (test-results/security-fuzz-operations.txt), ` +
          `${requests} requests sent, ${RUNS} runs per operation, seed ${SEED} (FUZZ_SEED=${SEED} replays it), ` +
          `${generation} fuzzing user(s); answers: ${[...answers].map(([tally, n]) => `${tally} ${n}`).join(', ')}`,
      );
      expect(operations.length).toBeGreaterThan(150);
      const report = [...problems.values()].map(
        ({ operation, problem, example, count }) => `${operation}: ${problem} (${count}×), e.g.\n      ${example}`,
      );
      expect(report, `FUZZ_SEED=${SEED}\n${report.join('\n')}`).toEqual([]);
    },
    TIME_LIMIT_MS,
  );
});
