// The admin API client: derived from the route table, fetch faked at the edge.
import { describe, expect, it } from 'vitest';
import { createAdminApiClient } from './api-client.js';
import { adminRoutes, type AdminRouteName } from '../../shared/contract/admin-api.js';
import { SAMPLE_UID, sampleAdminInput } from '../../tests/desktop/fakes.js';

interface Seen {
  method: string;
  url: string;
  auth: string | null;
  accept: string | null;
  body: string;
}

function client(answer: (request: Request) => Response | Promise<Response>, timeoutMs?: number) {
  const seen: Seen[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    seen.push({
      method: request.method,
      url: request.url,
      auth: request.headers.get('authorization'),
      accept: request.headers.get('accept'),
      body: await request.clone().text(),
    });
    return answer(request);
  };
  const api = createAdminApiClient({
    host: 'http://api.test',
    accessToken: async () => 'id-token',
    fetch: fetch as typeof globalThis.fetch,
    ...(timeoutMs ? { timeoutMs } : {}),
  });
  return { api, seen };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('admin API client', () => {
  it('sends a list query to {host}/v1/ with the Bearer token and parses the answer', async () => {
    const { api, seen } = client(() => json(200, { count: 0, items: [] }));
    const result = await api.call('users.list', { query: { page: 2, search: 'ann' } });
    expect(result).toEqual({ ok: true, data: { count: 0, items: [] } });
    expect(seen[0]).toMatchObject({ method: 'GET', auth: 'Bearer id-token', accept: 'application/json' });
    const url = new URL(seen[0]!.url);
    expect(url.origin + url.pathname).toBe('http://api.test/v1/admin/users');
    expect(url.searchParams.get('page')).toBe('2');
    expect(url.searchParams.get('search')).toBe('ann');
  });

  it('derives every route of the table: method and filled path', async () => {
    const { api, seen } = client((request) =>
      request.method === 'DELETE' ? new Response(null, { status: 204 }) : json(200, {}),
    );
    for (const [name, route] of Object.entries(adminRoutes) as [
      AdminRouteName,
      (typeof adminRoutes)[AdminRouteName],
    ][]) {
      const input = sampleAdminInput(name, 'x/1');
      await api.call(name, input);
      const last = seen.at(-1)!;
      expect(last.method, name).toBe(route.method);
      expect(new URL(last.url).pathname, name).toBe(
        `/v1${route.path.replace(':id', 'x%2F1').replace(':uid', SAMPLE_UID).replace(':list', 'users')}`,
      );
    }
    expect(seen).toHaveLength(Object.keys(adminRoutes).length);
  });

  it('answers a 204 delete with ok and no data', async () => {
    const { api } = client(() => new Response(null, { status: 204 }));
    expect(await api.call('messages.delete', { params: { id: 'm1' } })).toEqual({ ok: true, data: undefined });
  });

  it('sends a JSON body', async () => {
    const { api, seen } = client(() => json(200, { exists: true }));
    expect(await api.call('users.checkUsername', { body: { userName: 'ann' } })).toEqual({
      ok: true,
      data: { exists: true },
    });
    expect(JSON.parse(seen[0]!.body)).toEqual({ userName: 'ann' });
  });

  it("keeps the server's message on an error answer", async () => {
    const { api } = client(() =>
      json(409, { statusCode: 409, error: 'Conflict', message: 'Order cannot be cancelled' }),
    );
    expect(await api.call('orders.cancel', { params: { id: 'o1' } })).toEqual({
      ok: false,
      error: { status: 409, code: 'Conflict', message: 'Order cannot be cancelled' },
    });
  });

  it('reports an answer that does not match the schema as invalid-response', async () => {
    const { api } = client(() => json(200, { count: 'many' }));
    const result = await api.call('ratings.list', {});
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid-response', status: 200 } });
  });

  it('refuses input that does not match the route before sending anything', async () => {
    const { api, seen } = client(() => json(200, {}));
    const result = await api.call('users.setSellerFee', { params: { id: 'u1' }, body: { sellerFee: 99 } });
    expect(result).toMatchObject({ ok: false, error: { status: 400, code: 'invalid-input' } });
    expect(seen).toEqual([]);
  });

  it('maps an unreachable server to status 0 network and a slow one to status 0 timeout', async () => {
    const offline = client(() => {
      throw new TypeError('fetch failed');
    });
    expect(await offline.api.call('statistics.get')).toMatchObject({
      ok: false,
      error: { status: 0, code: 'network' },
    });

    const slow = client(
      (request) =>
        new Promise<Response>((_, reject) =>
          request.signal.addEventListener('abort', () => reject(request.signal.reason as Error)),
        ),
      50,
    );
    expect(await slow.api.call('statistics.get')).toMatchObject({ ok: false, error: { status: 0, code: 'timeout' } });
  });
});
