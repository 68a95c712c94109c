// Requests per second of a cheap admin route (GET /admin/users/{id}) with a real Auth emulator
// token, before and after the remembered account standings, in one run: "before" verifies each
// request the old way (firebase-admin's `verifyIdToken(token, true)`: one `getUser` per request,
// shared only between concurrent requests with the same token), "after" is the API's identity
// adapter. Same app, same database, same token. `npx tsx tests/benchmarks/bench-revocation.ts`
// (the Auth emulator on 127.0.0.1:9099; BENCH_SECONDS, BENCH_CONCURRENCY).
import { sql } from 'drizzle-orm';
import { getAuth } from 'firebase-admin/auth';
import { getApps, initializeApp } from 'firebase-admin/app';
import { adminRoleOf } from '../../shared/contract/admin-permissions.js';
import { firebaseIdentity } from '../../server/platform/auth/firebase-identity.js';
import type { IdentityProvider } from '../../server/platform/auth/identity.js';
import { sharedVerification } from '../../server/platform/auth/shared-verification.js';
import { uncheckedRows } from '../../server/platform/db/database.js';
import { openTestApp } from '../support/app-fixture.js';
import { EMULATOR_HOST, PROJECT_ID } from '../support/auth-emulator.js';
import { createStaffAccount } from '../support/staff-accounts.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);

/** The adapter as it was: a `getUser` round trip per request. */
function perRequestIdentity(): IdentityProvider {
  process.env.FIREBASE_AUTH_EMULATOR_HOST = EMULATOR_HOST;
  const name = 'bench-before';
  const auth = getAuth(getApps().find((app) => app.name === name) ?? initializeApp({ projectId: PROJECT_ID }, name));
  return {
    verifyIdToken: sharedVerification(async (token) => {
      const decoded = await auth.verifyIdToken(token, true);
      return {
        uid: decoded.uid,
        email: decoded.email ?? null,
        emailVerified: decoded.email_verified === true,
        admin: decoded.admin === true,
        adminRole: adminRoleOf(decoded.adminRole),
      };
    }),
    updateEmail: async () => undefined,
    disableAccount: async () => undefined,
  };
}

async function measure(label: string, identity: IdentityProvider, tokens: string[]) {
  const testApp = await openTestApp({ identity, rateLimitMax: 10_000_000 });
  const { app, database } = testApp;
  await database.db.execute(
    sql`INSERT INTO users (firebase_id, email, user_name) VALUES ('bench-user', 'bench@market.test', 'bench_user')`,
  );
  const [user] = await uncheckedRows<{ id: string }>(
    database.db,
    sql`SELECT id FROM users WHERE firebase_id = 'bench-user'`,
  );
  const url = `/v1/admin/users/${user!.id}`;
  // Warm-up, not measured: one request per token (the app's first requests, the first lookups).
  for (const token of tokens) await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  const statuses = new Map<number, number>();
  let firstFailure: string | null = null;
  const latencies: number[] = [];
  const end = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, worker) => {
      const token = tokens[worker % tokens.length]!;
      while (performance.now() < end) {
        const started = performance.now();
        const response = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
        latencies.push(performance.now() - started);
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        if (response.statusCode !== 200) firstFailure ??= response.body;
      }
    }),
  );
  await testApp.close();
  latencies.sort((a, b) => a - b);
  const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(1);
  console.log(
    `${label}: ${(latencies.length / SECONDS).toFixed(0)} req/s, p50 ${p(0.5)} ms, p99 ${p(0.99)} ms, statuses ${JSON.stringify(Object.fromEntries(statuses))}${firstFailure ? `, first failure ${firstFailure}` : ''}`,
  );
}

// Several admins, each with their own token: concurrent requests with the same token shared
// one getUser already, so one token alone would flatter "before".
const admins = await Promise.all(
  Array.from({ length: 8 }, (_, index) => createStaffAccount(`bench-admin-${index}`, { admin: true })),
);
const tokens = await Promise.all(admins.map((admin) => admin.signIn()));
console.log(`GET /admin/users/{id}, ${CONCURRENCY} concurrent, ${SECONDS} s each, ${tokens.length} admins' tokens`);
// Interleaved, twice each: a machine whose load drifts favours neither.
for (let round = 1; round <= 2; round += 1) {
  await measure(`before, round ${round} (getUser per request)`, perRequestIdentity(), tokens);
  await measure(
    `after, round ${round} (remembered standings)`,
    firebaseIdentity({ projectId: PROJECT_ID, emulatorHost: EMULATOR_HOST }),
    tokens,
  );
}
process.exit(0);
