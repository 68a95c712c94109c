// The real-stack project's web server (playwright.config.ts): `npm run dev:browser` on its own
// ports (API 4100, renderer 5174) with a fresh throwaway PGlite database and settings file, so
// runs are deterministic and never touch a developer's stack on 4000/5173. The Auth emulator
// stays on 127.0.0.1:9099 (fixed in firebase.json); one already running there is reused.
// Playwright stops it with SIGTERM to the whole process group; the stack then stops the API
// and the emulator it started, and the throwaway directory goes with this process.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

const dir = mkdtempSync(join(tmpdir(), 'market-e2e-'));
const settingsFile = join(dir, 'desktop-settings.json');
writeFileSync(settingsFile, JSON.stringify({ apiHost: REAL_STACK.apiHost }));

const host = spawn(process.execPath, ['--import', 'tsx', 'main/browser-host.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: String(REAL_STACK.apiPort),
    PGLITE_DIR: join(dir, 'pglite'),
    MARKET_SETTINGS: settingsFile,
    MARKET_RENDERER_PORT: String(REAL_STACK.rendererPort),
  },
});

const removeDir = () => rmSync(dir, { recursive: true, force: true });
// The group's SIGTERM reaches the browser host and the stack directly; wait for the host.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => undefined);
host.on('exit', (code, signal) => {
  removeDir();
  process.exit(code ?? (signal ? 0 : 1));
});
