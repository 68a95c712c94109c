// Starts the real Firebase Auth emulator (firebase-tools, offline, project demo-market) on a
// free port of its own for one test file, and seeds accounts through its REST API.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../support/free-port.js';

export const PROJECT_ID = 'demo-market';
export const API_KEY = 'demo-key';

export interface AuthEmulator {
  url: string;
  createUser(email: string, password: string, claims?: Record<string, unknown>): Promise<string>;
  stop(): Promise<void>;
}

export async function startAuthEmulator(timeoutMs = 45_000): Promise<AuthEmulator> {
  const port = await freePort();
  const dir = await mkdtemp(join(tmpdir(), 'market-auth-emulator-'));
  await writeFile(
    join(dir, 'firebase.json'),
    JSON.stringify({
      emulators: { auth: { host: '127.0.0.1', port }, ui: { enabled: false }, singleProjectMode: true },
    }),
  );
  const firebase = resolve('node_modules/firebase-tools/lib/bin/firebase.js');
  const child: ChildProcess = spawn(
    process.execPath,
    [firebase, 'emulators:start', '--only', 'auth', '--project', PROJECT_ID, '--config', join(dir, 'firebase.json')],
    { cwd: dir, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, CI: '1' } },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;

  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      const exited = new Promise((done) => child.once('exit', done));
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      await Promise.race([exited, new Promise((done) => setTimeout(done, 5000))]);
      if (child.exitCode === null) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }
    await rm(dir, { recursive: true, force: true });
  };

  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`The Auth emulator exited:\n${output}`);
    }
    try {
      const response = await fetch(`${url}/emulator/v1/projects/${PROJECT_ID}/config`);
      if (response.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() - started > timeoutMs) {
      await stop();
      throw new Error(`The Auth emulator did not start within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((done) => setTimeout(done, 250));
  }

  const toolkit = `${url}/identitytoolkit.googleapis.com/v1`;
  return {
    url,
    stop,
    async createUser(email, password, claims) {
      const signUp = await fetch(`${toolkit}/accounts:signUp?key=${API_KEY}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password, returnSecureToken: true }),
      });
      const { localId } = (await signUp.json()) as { localId: string };
      // Verified like the demo accounts (ensureDemoAccounts): the API links an existing
      // marketplace row only to a verified email.
      const update = await fetch(`${toolkit}/projects/${PROJECT_ID}/accounts:update`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
        body: JSON.stringify({
          localId,
          emailVerified: true,
          ...(claims ? { customAttributes: JSON.stringify(claims) } : {}),
        }),
      });
      if (!update.ok) throw new Error(`updating the account failed: ${await update.text()}`);
      return localId;
    },
  };
}
