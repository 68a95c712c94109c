// Linking a Firebase identity to an existing marketplace user (server/platform/auth/market-users.ts): a row
// without a Firebase account (seeded, imported, made by an admin) is attached by email only
// when the provider verified that email. Anyone can sign up in Firebase with somebody else's
// address; before the fix, that unverified sign-up was handed the row, its orders, addresses
// and history. Fake identity on PGlite for the API and the realtime handshake; the real Auth
// emulator for an account freshly signed up with a seeded user's email.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { describe, expect, it } from 'vitest';
import { firebaseIdentity } from '../../server/platform/auth/firebase-identity.js';
import { queryRows, type Database } from '../../server/platform/db/database.js';
import { marketVerifyToken } from '../../server/market-api.js';
import { EMULATOR_HOST, PROJECT_ID, signIn, signUp } from '../support/auth-emulator.js';
import { fakeIdentity } from './market-db.js';
import { useApp } from '../support/app-fixture.js';
import { canRun } from '../support/service-skips.js';

const REFUSAL = {
  statusCode: 403,
  error: 'Forbidden',
  code: 'emailNotVerified',
  message: 'Verify your email address, then sign in again: this email already belongs to a marketplace account.',
};

async function callAs(app: FastifyInstance, token: string, method: 'GET' | 'POST', url: string, payload?: object) {
  const response = await app.inject({
    method,
    url: `/v1${url}`,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

/** A marketplace user as the seed or an admin makes one: no Firebase account linked yet. */
async function unlinkedUser(database: Database, email: string, userName: string): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    database.db,
    sql`INSERT INTO users (email, user_name) VALUES (${email}, ${userName}) RETURNING id`,
  );
  await database.db.execute(
    sql`INSERT INTO addresses (user_id, first_name, last_name, address_line_one, city, state, zip_code, country, type)
        VALUES (${row!.id}, 'Vic', 'Tim', '1 Private Rd', 'Austin', 'TX', '78701', 'United States', 'DEFAULT')`,
  );
  return row!.id;
}

async function firebaseIdOf(database: Database, id: string): Promise<string | null> {
  const [row] = await queryRows<{ firebase_id: string | null }>(
    database.db,
    sql`SELECT firebase_id FROM users WHERE id = ${id}`,
  );
  return row!.firebase_id;
}

describe('linking an identity to an existing user (fake identity, PGlite)', () => {
  let database: Database;
  let app: FastifyInstance;

  useApp({ identity: fakeIdentity }, (opened) => ({ app, database } = opened));

  it('refuses an unverified email that an unlinked user has (403 emailNotVerified), and leaves the row unlinked', async () => {
    const victimId = await unlinkedUser(database, 'victim@market.test', 'victim_seeded');
    const details = await callAs(app, 'unverified-victim', 'GET', '/user/my-details');
    expect(details).toEqual({ status: 403, body: REFUSAL });
    // Every secured route, not only my-details: the row's addresses stay private.
    expect(await callAs(app, 'unverified-victim', 'GET', '/user/shipping-info')).toEqual({
      status: 403,
      body: REFUSAL,
    });
    expect(await firebaseIdOf(database, victimId)).toBeNull();
    const [count] = await queryRows<{ count: string | number }>(
      database.db,
      sql`SELECT count(*) AS count FROM users WHERE firebase_id = 'uid-victim'`,
    );
    expect(Number(count!.count)).toBe(0);

    // Once the provider verified the email, the same account links to the row.
    const verified = await callAs(app, 'token-victim', 'GET', '/user/my-details');
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect(verified.body).toMatchObject({ id: victimId, email: 'victim@market.test', userName: 'victim_seeded' });
    expect(await firebaseIdOf(database, victimId)).toBe('uid-victim');
  });

  it('matches the email whatever its case', async () => {
    const id = await unlinkedUser(database, 'Cased@Market.Test', 'cased_seeded');
    expect(await callAs(app, 'unverified-cased', 'GET', '/user/my-details')).toEqual({ status: 403, body: REFUSAL });
    expect(await firebaseIdOf(database, id)).toBeNull();
  });

  it('refuses the realtime handshake the same way: no row is linked and no user room joined', async () => {
    const id = await unlinkedUser(database, 'socket@market.test', 'socket_seeded');
    const verifyToken = marketVerifyToken(app.market, fakeIdentity);
    await expect(verifyToken('unverified-socket')).rejects.toThrow('Verify your email address');
    expect(await firebaseIdOf(database, id)).toBeNull();
    expect(await verifyToken('token-socket')).toEqual({ uid: id, admin: false });
    expect(await firebaseIdOf(database, id)).toBe('uid-socket');
  });

  it('still signs up an unverified email nobody has: a new account of its own', async () => {
    const created = await callAs(app, 'unverified-newcomer', 'GET', '/user/my-details');
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({ email: 'newcomer@market.test' });
    // … and keeps it on the next call, verified or not.
    expect((await callAs(app, 'unverified-newcomer', 'GET', '/user/my-details')).body.id).toBe(created.body.id);
  });
});

describe.skipIf(!canRun('auth-emulator'))('linking with the Auth emulator', () => {
  let database: Database;
  let app: FastifyInstance;

  useApp(
    { identity: firebaseIdentity({ projectId: PROJECT_ID, emulatorHost: EMULATOR_HOST }) },
    (opened) => ({ app, database } = opened),
  );

  it('refuses a fresh, unverified sign-up with a seeded user’s email; links it once the email is verified', async () => {
    const email = `seeded-${Date.now()}@market.test`;
    const seededId = await unlinkedUser(database, email, `seeded_${Date.now()}`);
    const account = await signUp(email, 'secret-pass');

    expect(await callAs(app, account.idToken, 'GET', '/user/my-details')).toEqual({ status: 403, body: REFUSAL });
    expect(await firebaseIdOf(database, seededId)).toBeNull();

    const auth = getAuth(
      getApps().find((existing) => existing.name === 'email-verification-admin') ??
        initializeApp({ projectId: PROJECT_ID }, 'email-verification-admin'),
    );
    process.env.FIREBASE_AUTH_EMULATOR_HOST = EMULATOR_HOST;
    await auth.updateUser(account.localId, { emailVerified: true });
    const again = await signIn(email, 'secret-pass');
    const linked = await callAs(app, again.idToken, 'GET', '/user/my-details');
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    expect(linked.body.id).toBe(seededId);
    expect(await firebaseIdOf(database, seededId)).toBe(account.localId);
  });
});
