import Fastify from 'fastify';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { AnsweredRequestLog } from './request-log.js';

describe('the request log', () => {
  it('writes one line per request, when it is answered, with the request and its answer', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    const app = Fastify({ logger: { level: 'info', stream }, logController: new AnsweredRequestLog() });
    app.get('/things/:id', async () => ({ ok: true }));
    await app.inject({ method: 'GET', url: '/things/7?x=1' });
    await app.close();
    const requests = lines.filter((line) => line.reqId !== undefined);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', url: '/things/7?x=1' },
      res: { statusCode: 200 },
    });
    expect(typeof requests[0]!.responseTime).toBe('number');
  });
});
