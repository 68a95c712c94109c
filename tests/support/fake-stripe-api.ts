// Test support, never imported by the server: a local fake of the Stripe API for the Stripe
// adapters' tests. It records every request (method, path, form fields, idempotency key) and
// answers with what the test's `answer` says, so a test checks what the adapter sent and how it
// reads Stripe's answers, with no network and no account.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StripeEndpoint } from '../../server/modules/payments/stripe.js';

export interface SeenStripeRequest {
  method: string;
  /** Without the query string. */
  path: string;
  /** A POST's form body, or a GET's query parameters. */
  form: URLSearchParams;
  idempotencyKey: string | undefined;
}

/** The fake's answer to one request: HTTP status and JSON body. */
export type StripeAnswer = (method: string, path: string, form: URLSearchParams) => [number, unknown];

export interface FakeStripeApi {
  /** Where the adapter under test sends its requests. */
  endpoint: StripeEndpoint;
  close(): Promise<void>;
}

function bodyOf(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => resolve(text));
  });
}

/** Starts the fake on a free local port; every request is pushed onto `seen`. */
export async function startFakeStripeApi(answer: StripeAnswer, seen: SeenStripeRequest[]): Promise<FakeStripeApi> {
  const server = createServer(async (request, response) => {
    const method = request.method ?? 'GET';
    const [path = '', query = ''] = (request.url ?? '').split('?');
    const form = new URLSearchParams(method === 'GET' ? query : await bodyOf(request));
    seen.push({ method, path, form, idempotencyKey: request.headers['idempotency-key'] as string | undefined });
    const [status, body] = answer(method, path, form);
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: { host: '127.0.0.1', port, protocol: 'http' },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
