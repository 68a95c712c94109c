// The embedded stack (PGlite) killed with SIGKILL right after acknowledged writes keeps every one
// of them when it starts again (the contract: nothing acknowledged is lost). The real server
// (server/server.ts) in a child process, 40 contact-us messages each answered 201, SIGKILL, a
// new server on the same data directory, then the directory read back.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, uncheckedRows } from '../../server/platform/db/database.js';
import { freePort } from '../support/free-port.js';

const WRITES = 40;
const dir = mkdtempSync(join(tmpdir(), 'market-kill-'));
const children: ChildProcess[] = [];

async function startServer(port: number): Promise<ChildProcess> {
  // The server itself, one process: through the `tsx` launcher, SIGKILL hit the launcher only and
  // left the server running on the port (the "restart" then talked to it, and it outlived the run).
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PGLITE_DIR: dir,
      DATABASE_URL: '',
      REDIS_URL: '',
      NODE_ENV: 'development',
      FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099',
    },
    stdio: 'ignore',
  });
  children.push(child);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const up = await fetch(`http://127.0.0.1:${port}/v1/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return child;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not start within 60 s');
}

const exited = (child: ChildProcess) => new Promise((resolve) => child.once('exit', resolve));

describe('SIGKILL of the embedded stack', () => {
  afterAll(() => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps every acknowledged write', async () => {
    const port = await freePort();
    const first = await startServer(port);
    const marker = `kill-${Date.now()}`;
    let acknowledged = 0;
    for (let index = 0; index < WRITES; index += 1) {
      const response = await fetch(`http://127.0.0.1:${port}/v1/setting/contact-us`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Kill test', email: 'kill@market.test', message: `${marker} ${index}` }),
      });
      if (response.status === 201) acknowledged += 1;
    }
    const killed = exited(first);
    first.kill('SIGKILL');
    await killed;

    // Starting again on the same directory recovers it; then it is read back directly.
    const second = await startServer(port);
    const stopped = exited(second);
    second.kill('SIGTERM');
    await stopped;
    const database = await openDatabase({ pgliteDir: dir });
    const [row] = await uncheckedRows<{ found: number | string }>(
      database.db,
      sql`SELECT count(*) AS found FROM contact_messages WHERE message LIKE ${`${marker} %`}`,
    );
    await database.close();
    console.log(`embedded SIGKILL figures: ${JSON.stringify({ acknowledged, found: Number(row!.found) })}`);
    expect(acknowledged).toBe(WRITES);
    expect(Number(row!.found)).toBe(WRITES);
  }, 180_000);
});
