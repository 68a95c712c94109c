// Starts the Firebase Auth emulator from node_modules (project demo-market, 127.0.0.1:9099), or
// reuses one that already answers there. A development tool: `npm run stack` and the test suites
// start it; the API never does (production refuses FIREBASE_AUTH_EMULATOR_HOST).
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const EMULATOR_HOST = '127.0.0.1:9099';
export const PROJECT_ID = 'demo-market';
export const WEB_API_KEY = 'demo-key';
const ROOT = fileURLToPath(new URL('../', import.meta.url));

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function isAuthEmulatorUp(host = EMULATOR_HOST): Promise<boolean> {
  try {
    const response = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(1000) });
    return response.ok;
  } catch {
    return false;
  }
}

export interface AuthEmulator {
  /** False when an emulator was already running and is left alone. */
  startedHere: boolean;
  stop(): Promise<void>;
}

export async function startAuthEmulator(timeoutMs = 60_000): Promise<AuthEmulator> {
  if (await isAuthEmulatorUp()) return { startedHere: false, stop: async () => undefined };
  const child: ChildProcess = spawn(
    process.execPath,
    ['node_modules/firebase-tools/lib/bin/firebase.js', 'emulators:start', '--only', 'auth', '--project', PROJECT_ID],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + timeoutMs;
  while (!(await isAuthEmulatorUp())) {
    if (child.exitCode !== null) throw new Error(`Auth emulator exited:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`Auth emulator did not start within ${timeoutMs} ms:\n${output}`);
    }
    await wait(250);
  }
  // A run killed before its teardown must not leave the emulator behind.
  const killOnExit = () => {
    if (child.exitCode === null && child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
  };
  process.once('exit', killOnExit);
  return {
    startedHere: true,
    stop: async () => {
      process.off('exit', killOnExit);
      if (child.exitCode !== null || child.pid === undefined) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      // The CLI spawns its own children: signal the whole process group it leads.
      process.kill(-child.pid, 'SIGTERM');
      const stopped = await Promise.race([exited.then(() => true), wait(10_000).then(() => false)]);
      if (!stopped) process.kill(-child.pid, 'SIGKILL');
    },
  };
}
