// The real-stack project's web server (playwright.config.ts): `npm run dev:browser` on its own
// ports (API 4100, renderer 5174, both moved by E2E_PORT_OFFSET) with a fresh throwaway PGlite
// database and settings file, so runs are deterministic and never touch a developer's stack on
// 4000/5173. The Auth emulator is started HERE (127.0.0.1:9099, or MARKET_AUTH_EMULATOR_HOST),
// before the browser host, so the stack the host starts reuses it and this process owns it;
// one already running there is reused and left alone.
//
// Playwright stops the web server with SIGTERM to its process group; this process then waits
// for the browser host (which stops its stack), stops the emulator it started, and removes the
// throwaway directory. Every other exit path is covered too: a crash or `process.exit` kills the
// emulator's group on 'exit', and a SIGKILL leaves it to the emulator's watchdog
// (scripts/auth-emulator.ts), which stops it within seconds once this process is gone.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EMULATOR_HOST, startAuthEmulator } from '../../../scripts/auth-emulator.js';
import { REAL_STACK } from './real-stack-ports.js';

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
}

// A stack left over on these ports would be reused by the browser host with yesterday's data.
for (const url of [`${REAL_STACK.apiHost}/v1/health`, REAL_STACK.rendererUrl]) {
  if (await answers(url)) {
    console.error(`${url} already answers: stop that process first, the real-stack tests need a fresh stack.`);
    process.exit(1);
  }
}

const emulator = await startAuthEmulator();
const dir = mkdtempSync(join(tmpdir(), 'market-e2e-'));
const settingsFile = join(dir, 'desktop-settings.json');
writeFileSync(
  settingsFile,
  JSON.stringify({ apiHost: REAL_STACK.apiHost, firebase: { authEmulatorUrl: `http://${EMULATOR_HOST}` } }),
);

const host = spawn(process.execPath, ['--import', 'tsx', 'main/browser-host.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: String(REAL_STACK.apiPort),
    PGLITE_DIR: join(dir, 'pglite'),
    MARKET_SETTINGS: settingsFile,
    MARKET_RENDERER_PORT: String(REAL_STACK.rendererPort),
    FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
  },
});

let finishing = false;
async function finish(code: number): Promise<void> {
  if (finishing) return;
  finishing = true;
  await emulator.stop().catch((error: unknown) => console.error(error));
  rmSync(dir, { recursive: true, force: true });
  process.exit(code);
}

// The group's SIGTERM reaches the browser host and the stack directly: wait for the host to
// stop them, then stop the emulator. A host that does not stop in time is killed.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    setTimeout(() => {
      if (host.exitCode === null && host.signalCode === null) host.kill('SIGKILL');
      void finish(0);
    }, 15_000).unref();
  });
}
host.on('exit', (code, signal) => void finish(code ?? (signal ? 0 : 1)));
