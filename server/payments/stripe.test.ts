// The Stripe adapter against a local fake of the Stripe API: what it sends is what Stripe
// needs for a marketplace refund (amount in cents, reverse_transfer, an idempotency key).
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../http-errors.js';
import { stripePayments } from './stripe.js';

interface SeenRequest {
  path: string;
  form: URLSearchParams;
  idempotencyKey: string | undefined;
}

let server: Server;
let port = 0;
const seen: SeenRequest[] = [];

function bodyOf(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => resolve(text));
  });
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const form = new URLSearchParams(await bodyOf(request));
    seen.push({
      path: request.url ?? '',
      form,
      idempotencyKey: request.headers['idempotency-key'] as string | undefined,
    });
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({ id: 're_test_1', object: 'refund', status: 'succeeded', amount: Number(form.get('amount')) }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('stripePayments', () => {
  it('refunds the payment intent in cents with reverse_transfer and the idempotency key', async () => {
    const payments = stripePayments('sk_test_fake', { host: '127.0.0.1', port, protocol: 'http' });
    const result = await payments.refund({
      orderId: 'order-1',
      amountCents: 1234,
      reason: 'damaged_in_shipping',
      paymentReference: 'pi_123',
      idempotencyKey: 'key-1',
    });
    expect(result).toEqual({ externalId: 're_test_1', status: 'succeeded' });
    const request = seen.at(-1)!;
    expect(request.path).toBe('/v1/refunds');
    expect(Object.fromEntries(request.form)).toMatchObject({
      payment_intent: 'pi_123',
      amount: '1234',
      reverse_transfer: 'true',
      reason: 'requested_by_customer',
      'metadata[orderId]': 'order-1',
    });
    expect(request.idempotencyKey).toBe('order-1:key-1');
  });

  it('refuses with 409 when the order has no Stripe payment', async () => {
    const payments = stripePayments('sk_test_fake', { host: '127.0.0.1', port, protocol: 'http' });
    const refused = payments.refund({
      orderId: 'order-2',
      amountCents: 100,
      reason: 'other',
      paymentReference: null,
      idempotencyKey: null,
    });
    await expect(refused).rejects.toBeInstanceOf(HttpError);
    await expect(refused).rejects.toMatchObject({ statusCode: 409 });
  });
});
