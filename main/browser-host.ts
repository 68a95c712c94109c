// `npm run dev:browser`: the desktop app without Electron. Starts the local stack unless the
// API and the Auth emulator already answer, runs main/core in this Node process behind the
// loopback bridge (random per-run secret), and serves the renderer with Vite on
// http://127.0.0.1:5173 (MARKET_RENDERER_PORT to change it), handing the page the bridge's
// address and secret. MARKET_SETTINGS names another settings file (default .data/desktop-settings.json).
// MARKET_RENDERER_DIST=dist/renderer serves that build instead of Vite (main/browser-renderer.ts):
// what the end-to-end stacks do, since they need no hot reload and a cold Vite is slow.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { Server } from 'node:http';
import { serveBuiltRenderer } from './browser-renderer.js';
import { startBrowserBridge, type BrowserBridge } from './core/browser-bridge.js';
import { createDesktopCore } from './core/desktop-core.js';
import { bindIpcHandlers } from './core/ipc-handlers.js';
import { MemorySecureStore } from './core/secure-store.js';
import { loadSettings } from './core/settings.js';

const RENDERER_PORT = Number(process.env.MARKET_RENDERER_PORT ?? 5173);
const RENDERER_ORIGIN = `http://127.0.0.1:${RENDERER_PORT}`;
const children: ChildProcess[] = [];

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(1500) });
    return true;
  } catch {
    return false;
  }
}

async function ensureStack(apiHost: string, emulatorUrl: string | null): Promise<void> {
  const up = async () => (await answers(`${apiHost}/v1/health`)) && (!emulatorUrl || (await answers(emulatorUrl)));
  if (await up()) return;
  console.log('Starting the local stack (npm run stack)…');
  // What `npm run stack` runs, without npm's and tsx's own launcher processes in between: three
  // end-to-end stacks start at once on two cores, and each process costs a Node start-up.
  children.push(spawn(process.execPath, ['--import', 'tsx', 'scripts/stack.ts'], { stdio: 'inherit' }));
  for (let waited = 0; waited < 120; waited++) {
    if (await up()) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  console.warn('The stack did not answer within 120 s; continuing anyway.');
}

async function main(): Promise<void> {
  const settings = await loadSettings(process.env.MARKET_SETTINGS ?? join('.data', 'desktop-settings.json'));
  await ensureStack(settings.apiHost, settings.firebase.authEmulatorUrl);

  // The browser host keeps the session in memory: it ends with this process.
  const core = createDesktopCore({ settings, store: new MemorySecureStore(false) });
  let bridge: BrowserBridge | null = null;
  const bound = bindIpcHandlers(core, {
    send: (clientId, channel, payload) => bridge?.send(clientId, channel, payload),
    broadcast: (channel, payload) => bridge?.broadcast(channel, payload),
    openRoute: async () => {}, // the shim opens browser windows itself
    notify: () => {}, // the shim shows notifications itself (Web Notification API)
  });
  bridge = await startBrowserBridge({
    handlers: bound.handlers,
    origins: [RENDERER_ORIGIN],
    onClientGone: (clientId) => bound.dropWindow(clientId),
    download: core.api.download,
  });
  await core.start();

  const builtDir = process.env.MARKET_RENDERER_DIST;
  let built: Server | null = null;
  const shutdown = async (code: number) => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    built?.closeAllConnections();
    built?.close();
    bound.dispose();
    await bridge?.close();
    await core.close();
    process.exit(code);
  };

  if (builtDir) {
    built = await serveBuiltRenderer({ dir: builtDir, port: RENDERER_PORT, bridge });
  } else {
    const vite = spawn(
      'npx',
      [
        'vite',
        '--config',
        'vite.renderer.config.ts',
        '--host',
        '127.0.0.1',
        '--port',
        String(RENDERER_PORT),
        '--strictPort',
      ],
      {
        stdio: 'inherit',
        env: { ...process.env, VITE_MARKET_BRIDGE_URL: bridge.url, VITE_MARKET_BRIDGE_SECRET: bridge.secret },
      },
    );
    children.push(vite);
    vite.on('exit', (code) => void shutdown(code ?? 0));
  }
  console.log(
    `Browser host: bridge on ${bridge.url} (loopback, per-run secret); open ${RENDERER_ORIGIN}/` +
      (builtDir ? ` (the build in ${builtDir})` : ''),
  );

  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void shutdown(0));
}

void main().catch((error: unknown) => {
  console.error(error);
  for (const child of children) child.kill('SIGTERM');
  process.exit(1);
});
