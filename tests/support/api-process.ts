// The API as `npm run stack` runs it: server/server.ts in a process of its own (not through the
// `tsx` launcher, so a SIGKILL kills the server and nothing else), on a free loopback port, its
// output in a log file that the start-up error quotes. For the tests about what survives the
// process dying.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { EMULATOR_HOST } from './auth-emulator.js';
import { freePort } from './free-port.js';

export interface ApiProcess {
  /** The API's base, `http://127.0.0.1:<port>/v1`. */
  api: string;
  process: ChildProcess;
  /** SIGKILL (no shutdown hook runs, no transaction is finished), resolved once it has exited. */
  kill(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startApiProcess(options: {
  databaseUrl: string;
  logFile: string;
  env?: Record<string, string>;
}): Promise<ApiProcess> {
  const port = await freePort();
  const log = createWriteStream(options.logFile, { flags: 'a' });
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: options.databaseUrl,
      DATABASE_REPLICA_URL: '',
      REDIS_URL: '',
      NODE_ENV: 'development',
      FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };
  const api = `http://127.0.0.1:${port}/v1`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const up = await fetch(`${api}/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline || child.exitCode !== null) {
      await kill();
      throw new Error(`the API did not start: ${readFileSync(options.logFile, 'utf8')}`);
    }
    await sleep(200);
  }
  return { api, process: child, kill };
}
