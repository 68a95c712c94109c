// What any Node API could do on this machine for a request: its statements behind a bare
// `node:http` server and `pg` pool in this thread (no framework, token, rate limiter, log or
// contract), loaded by the same 16 clients as the API. Printed beside the API's own figures, it
// says how much of the distance to pgbench is ours and how much is Node's and the machine's:
// the clients, the server's thread and PostgreSQL share two cores.
import { createServer } from 'node:http';
import pg from 'pg';
import type { RecordedStatement } from '../support/admin-list-requests.js';
import { httpLoad } from './admin-bench.js';

export interface FloorFigures {
  perSecond: number;
  /** This thread's CPU milliseconds per request (user + system), as the API's is measured. */
  cpuMs: number;
}

export async function nodeFloor(options: {
  databaseUrl: string;
  statements: readonly RecordedStatement[];
  clients: number;
  seconds: number;
}): Promise<FloorFigures> {
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.clients, options: '-c jit=off' });
  // Sent as the API sends them: a prepared one under a name of its own, once per connection.
  const queries = options.statements.map((statement, i) => ({
    text: statement.sql,
    values: statement.params,
    ...(statement.prepared ? { name: `floor_${i}` } : {}),
  }));
  const server = createServer((_request, response) => {
    void (async () => {
      let rows: unknown[] = [];
      for (const query of queries) rows = (await pool.query(query)).rows;
      const body = JSON.stringify(rows);
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
      response.end(body);
    })().catch(() => response.writeHead(500).end());
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as { port: number };
  try {
    const before = process.threadCpuUsage();
    const run = await httpLoad({
      url: `http://127.0.0.1:${port}/`,
      token: 'none',
      clients: options.clients,
      durationMs: options.seconds * 1000,
    });
    const cpu = process.threadCpuUsage(before);
    if (run.failures.length) throw new Error(`the floor's server failed: ${run.failures[0]}`);
    return { perSecond: run.perSecond, cpuMs: (cpu.user + cpu.system) / 1000 / Math.max(1, run.requests) };
  } finally {
    server.close();
    await pool.end();
  }
}
