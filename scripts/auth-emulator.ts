// Starts the Firebase Auth emulator from node_modules (project demo-market, 127.0.0.1:9099), or
// reuses one that already listens there. A development tool: `npm run stack`, the vitest
// global set-up and the real-stack web server start it; the API never does (production refuses
// FIREBASE_AUTH_EMULATOR_HOST).
//
// Why it is written this way (a suite once lost the emulator in the middle of a run):
// - Whether to start one is decided by a TCP connect to the port, not by an HTTP answer within
//   a deadline: a busy emulator on a loaded machine answers late but still owns the port, and a
//   second CLI started next to it only burns CPU and fails to bind.
// - The emulator writes to a log file, never to a pipe of its starter: an emulator whose starter
//   has exited dies of EPIPE at its next log line (e.g. "Received a signed JWT"), which is how a
//   reused, left-over emulator vanished mid-suite.
// - Only the starter stops it, and a watchdog process stops it when the starter dies without
//   stopping it (SIGKILL, a crash): nothing is left behind on any exit path.
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const EMULATOR_HOST = process.env.MARKET_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
export const PROJECT_ID = 'demo-market';
export const WEB_API_KEY = 'demo-key';
const ROOT = fileURLToPath(new URL('../', import.meta.url));
const FIREBASE_CLI = join(ROOT, 'node_modules/firebase-tools/lib/bin/firebase.js');

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function hostAndPort(host: string): { address: string; port: number } {
  const [address = '127.0.0.1', port = '9099'] = host.split(':');
  return { address, port: Number(port) };
}

/** True when something accepts TCP connections on `host` (refused means nothing listens). */
export function isPortBound(host = EMULATOR_HOST, timeoutMs = 5000): Promise<boolean> {
  const { address, port } = hostAndPort(host);
  return new Promise((resolve) => {
    const socket = connect({ host: address, port });
    const done = (bound: boolean) => {
      socket.destroy();
      resolve(bound);
    };
    socket.setTimeout(timeoutMs, () => done(true)); // a listener too busy to accept is still there
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** True when the emulator answers its root document (generous deadline: the machine may be busy). */
export async function isAuthEmulatorUp(host = EMULATOR_HOST, timeoutMs = 10_000): Promise<boolean> {
  try {
    const response = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(timeoutMs) });
    return response.ok;
  } catch {
    return false;
  }
}

/** Waits until the emulator answers, retrying until `timeoutMs`. */
async function untilAnswering(host: string, timeoutMs: number, failed: () => string | null): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await isAuthEmulatorUp(host, 5000)) return;
    const failure = failed();
    if (failure) throw new Error(failure);
    if (Date.now() > deadline) throw new Error(`The Auth emulator on ${host} did not answer within ${timeoutMs} ms`);
    await wait(250);
  }
}

export interface AuthEmulator {
  /** False when an emulator was already running and is left alone. */
  startedHere: boolean;
  /** The emulator's log file (null when reused). */
  logFile: string | null;
  stop(): Promise<void>;
}

const reused = (): AuthEmulator => ({ startedHere: false, logFile: null, stop: async () => undefined });

/** Kills a process group; false when it is already gone. */
function killGroup(pid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

// Runs in its own process: stops the emulator's group once the starter is gone, removes its
// directory, and exits when the emulator is gone. argv: starter pid, emulator pid, directory.
const WATCHDOG = `
const [owner, emulator] = process.argv.slice(1, 3).map(Number);
const dir = process.argv[3];
const alive = (pid) => { try { process.kill(pid, 0); return true; } catch { return false; } };
const done = () => { require('node:fs').rmSync(dir, { recursive: true, force: true }); process.exit(0); };
const timer = setInterval(() => {
  if (!alive(emulator)) process.exit(0);
  if (alive(owner)) return;
  clearInterval(timer);
  try { process.kill(-emulator, 'SIGTERM'); } catch {}
  setTimeout(() => { try { process.kill(-emulator, 'SIGKILL'); } catch {} done(); }, 10000);
}, 1000);
`;

/** The emulator on `host` (EMULATOR_HOST by default; a test may want one of its own on a free port). */
export async function startAuthEmulator(timeoutMs = 120_000, host = EMULATOR_HOST): Promise<AuthEmulator> {
  if (await isPortBound(host)) {
    // Someone (another run, a developer's stack) owns the port: wait for it, never start a second.
    await untilAnswering(host, timeoutMs, () => null);
    return reused();
  }
  const { address, port } = hostAndPort(host);
  const dir = mkdtempSync(join(tmpdir(), 'market-auth-emulator-'));
  const logFile = join(dir, 'emulator.log');
  const log = openSync(logFile, 'a');
  const args = ['emulators:start', '--only', 'auth', '--project', PROJECT_ID];
  // Another port than firebase.json's needs a config of its own; the hub and logging ports
  // are left free, so the CLI picks unused ones next to the default emulator's.
  if (host !== '127.0.0.1:9099') {
    const config = join(dir, 'firebase.json');
    const emulators = { auth: { host: address, port }, ui: { enabled: false }, singleProjectMode: true };
    writeFileSync(config, JSON.stringify({ emulators }));
    args.push('--config', config);
  }
  // Its own process group (detached), so stopping it reaches the CLI's children too.
  const child = spawn(process.execPath, [FIREBASE_CLI, ...args], {
    cwd: ROOT,
    stdio: ['ignore', log, log],
    detached: true,
  });
  closeSync(log);
  const pid = child.pid;
  if (pid === undefined) throw new Error('The Auth emulator could not be spawned');
  const watchdog = spawn(process.execPath, ['-e', WATCHDOG, String(process.pid), String(pid), dir], {
    stdio: 'ignore',
    detached: true,
  });
  watchdog.unref();
  const output = () => readFileSync(logFile, 'utf8');

  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  const stop = async () => {
    process.off('exit', killOnExit);
    if (!exited) {
      killGroup(pid, 'SIGTERM');
      const stopped = await Promise.race([exit.then(() => true), wait(10_000).then(() => false)]);
      if (!stopped) killGroup(pid, 'SIGKILL');
    }
    watchdog.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  };
  // A run that exits before its teardown must not leave the emulator behind.
  const killOnExit = () => {
    if (!exited) killGroup(pid, 'SIGKILL');
  };
  process.once('exit', killOnExit);

  try {
    await untilAnswering(host, timeoutMs, () => (exited ? 'The Auth emulator exited' : null));
  } catch (error) {
    const text = output();
    await stop();
    // Lost a race with another starter that bound the port first: use theirs.
    if (exited && (await isPortBound(host)) && (await isAuthEmulatorUp(host))) return reused();
    throw new Error(`${error instanceof Error ? error.message : String(error)}:\n${text}`, { cause: error });
  }
  return { startedHere: true, logFile, stop };
}
