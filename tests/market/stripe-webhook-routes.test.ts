// Stripe's webhook through the real app (app.inject, embedded PGlite, a fake identity at the
// token edge), with events signed by the SDK's generateTestHeaderString: the signature is checked
// over the raw body (400 otherwise, 503 with no secret configured), identity decisions become the
// user's identity status, a redelivered event id changes nothing, and the raw-body parser stays
// inside the webhook's own plugin.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../server/platform/db/database.js';
import { fakeIdentity, marketCall } from './market-db.js';
import { openTestApp } from '../support/app-fixture.js';

const SECRET = 'whsec_test_webhook_secret';

function event(id: string, type: string, object: Record<string, unknown>) {
  return JSON.stringify({ id, object: 'event', type, created: 1_900_000_000, data: { object } });
}

describe('POST /v1/payments/stripe/webhook', () => {
  let database: Database;
  let app: FastifyInstance;
  let unconfigured: FastifyInstance;
  let closeAll: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    const configured = await openTestApp({ identity: fakeIdentity, stripeWebhookSecret: SECRET });
    ({ app, database } = configured);
    closeAll = [() => configured.close()];
    const other = await openTestApp({ database, identity: fakeIdentity });
    unconfigured = other.app;
    closeAll.unshift(() => other.close());
  }, 60_000);
  afterAll(async () => {
    for (const close of closeAll) await close();
  });

  const deliver = async (payload: string, signature?: string, target = app) => {
    const response = await target.inject({
      method: 'POST',
      url: '/v1/payments/stripe/webhook',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        ...(signature === undefined ? {} : { 'stripe-signature': signature }),
      },
      payload,
    });
    return { status: response.statusCode, body: response.json() as Record<string, unknown> };
  };
  const signed = (payload: string, secret = SECRET) =>
    deliver(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret }));
  const call = marketCall(() => app);
  /** A Pending identity verification of the user's, as the app starts one. */
  const startVerification = async (user: string) =>
    (await call(user, 'POST', '/payments/stripe/verification-session', {})).body.id as string;
  const session = (id: string, status: string, reason: string | null = null) => ({
    id,
    object: 'identity.verification_session',
    status,
    last_error: reason === null ? null : { code: 'document_expired', reason },
  });

  it('answers 503 with the reason when no webhook secret is configured', async () => {
    const payload = event('evt_unconfigured', 'payment_intent.succeeded', { id: 'pi_1' });
    const answer = await deliver(
      payload,
      Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }),
      unconfigured,
    );
    expect(answer).toMatchObject({
      status: 503,
      body: { message: 'Stripe webhooks are not configured on this server (STRIPE_WEBHOOK_SECRET is not set)' },
    });
  });

  it('refuses a missing, forged or re-encoded signature with 400 and applies nothing', async () => {
    const payload = event('evt_forged', 'identity.verification_session.verified', session('vs_x', 'verified'));
    expect(await deliver(payload)).toMatchObject({
      status: 400,
      body: { message: 'headers/stripe-signature: is required' },
    });
    const forged = await signed(payload, 'whsec_someone_else');
    expect(forged).toMatchObject({
      status: 400,
      body: { message: 'headers/stripe-signature: does not match the payload (or is too old)' },
    });
    // The same event, re-serialized with other whitespace: the signature was over Stripe's exact bytes.
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    expect((await deliver(JSON.stringify(JSON.parse(payload), null, 2), header)).status).toBe(400);
    expect(JSON.stringify(forged.body)).not.toContain('whsec');
    const applied = await queryRows(database.db, sql`SELECT id FROM stripe_webhook_events WHERE id = 'evt_forged'`);
    expect(applied).toEqual([]);
  });

  it('records Stripe’s identity decisions as the users’ identity status', async () => {
    const verified = await startVerification('vera');
    expect(
      await signed(event('evt_verified', 'identity.verification_session.verified', session(verified, 'verified'))),
    ).toMatchObject({ status: 200, body: { received: true, outcome: 'identityRecorded' } });
    expect((await call('vera', 'GET', '/payments/stripe/verification-session')).body).toMatchObject({
      id: verified,
      status: 'Verified',
      failureReason: null,
    });

    const refused = await startVerification('rita');
    const failed = event(
      'evt_requires_input',
      'identity.verification_session.requires_input',
      session(refused, 'requires_input', 'The document is expired.'),
    );
    expect((await signed(failed)).body).toMatchObject({ outcome: 'identityRecorded' });
    expect((await call('rita', 'GET', '/payments/stripe/verification-session')).body).toMatchObject({
      status: 'Failed',
      failureReason: 'The document is expired.',
    });
    expect((await call('rita', 'GET', '/user')).body.stripeIdentityStatus).toBe('Failed');

    // A session this marketplace never started is acknowledged, not recorded.
    expect(
      (await signed(event('evt_stranger', 'identity.verification_session.verified', session('vs_other', 'verified'))))
        .body,
    ).toMatchObject({ outcome: 'unknownVerificationSession' });
  });

  it('changes nothing when an event id comes again, even with another body', async () => {
    const sessionId = await startVerification('otto');
    const first = event(
      'evt_once',
      'identity.verification_session.requires_input',
      session(sessionId, 'requires_input', 'The photo is blurry.'),
    );
    expect((await signed(first)).body).toMatchObject({ outcome: 'identityRecorded' });
    expect((await signed(first)).body).toMatchObject({ received: true, outcome: 'duplicate' });
    const replayed = event('evt_once', 'identity.verification_session.verified', session(sessionId, 'verified'));
    expect((await signed(replayed)).body).toMatchObject({ outcome: 'duplicate' });
    expect((await call('otto', 'GET', '/payments/stripe/verification-session')).body).toMatchObject({
      status: 'Failed',
      failureReason: 'The photo is blurry.',
    });
    const rows = await queryRows(
      database.db,
      sql`SELECT type, outcome FROM stripe_webhook_events WHERE id = 'evt_once'`,
    );
    expect(rows).toEqual([{ type: 'identity.verification_session.requires_input', outcome: 'identityRecorded' }]);
  });

  it('matches a payout account update to its seller, and acknowledges payment events it does not need', async () => {
    const opened = await call('sam', 'POST', '/payments/stripe/connected');
    const accountId = opened.body.stripeUserId as string;
    const account = { id: accountId, object: 'account', charges_enabled: true, payouts_enabled: true };
    expect((await signed(event('evt_account', 'account.updated', account))).body).toMatchObject({
      outcome: 'payoutAccountNoted',
    });
    expect(
      (await signed(event('evt_account_other', 'account.updated', { ...account, id: 'acct_other' }))).body,
    ).toMatchObject({ outcome: 'unknownPayoutAccount' });
    for (const type of ['payment_intent.succeeded', 'payment_intent.payment_failed', 'charge.refunded']) {
      expect((await signed(event(`evt_${type}`, type, { id: 'pi_1', object: 'payment_intent' }))).body).toMatchObject({
        outcome: 'ignored',
      });
    }
  });

  it('leaves every other route parsing JSON as before', async () => {
    const saved = await call('carol', 'POST', '/payments/card', { token: 'tok_visa' });
    expect(saved).toMatchObject({ status: 201, body: { last4: '4242' } });
    // Every route with a request body, the webhook aside: a broken JSON body is refused by the
    // JSON parser (400), not taken as raw bytes by the webhook's parser.
    const document = (await app.inject({ method: 'GET', url: '/v1/docs/json' })).json() as {
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
    };
    const withBody = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => operation.requestBody !== undefined)
        .map(([method]) => ({
          method: method.toUpperCase() as 'POST',
          url: path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000'),
        })),
    );
    const others = withBody.filter((route) => route.url !== '/v1/payments/stripe/webhook');
    expect(others.length).toBeGreaterThan(30);
    const refusals: Record<string, string> = {};
    for (const route of others) {
      const response = await app.inject({
        method: route.method,
        url: route.url,
        headers: {
          'content-type': 'application/json',
          // An admin passes every route's caller check, so each body reaches its parser.
          authorization: 'Bearer token-admin',
        },
        payload: '{"not json',
      });
      refusals[`${route.method} ${route.url}`] =
        `${response.statusCode} ${(response.json() as { message?: string }).message}`;
    }
    for (const [route, refusal] of Object.entries(refusals)) expect(refusal, route).toMatch(/^400 .*JSON/i);
  });
});
