// `npm run bench:flood`: the renderer under a flood of live rows (tests/benchmarks/flood/), in
// Chromium against the in-page double of window.market, like the contract project. Not part of
// the default projects: it runs for over a minute.
import { defineConfig } from '@playwright/test';
import { CONTRACT_RENDERER_PORT, CONTRACT_RENDERER_URL } from './tests/e2e/real-stack/real-stack-ports.js';

const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;

export default defineConfig({
  testDir: 'tests/benchmarks/flood',
  testMatch: '*.bench.ts',
  outputDir: 'test-results/flood',
  workers: 1,
  reporter: [['list']],
  timeout: 240_000,
  use: {
    browserName: 'chromium',
    baseURL: CONTRACT_RENDERER_URL,
    viewport: { width: 1280, height: 720 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        ...(asRoot ? ['--no-sandbox'] : []),
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        // performance.memory in whole bytes, and gc() to sample the heap after a collection.
        '--enable-precise-memory-info',
        '--js-flags=--expose-gc',
      ],
    },
  },
  webServer: {
    command: `npx vite --config vite.renderer.config.ts --host 127.0.0.1 --port ${CONTRACT_RENDERER_PORT} --strictPort`,
    url: CONTRACT_RENDERER_URL,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
  },
});
