import { defineConfig } from '@playwright/test';
import {
  CONTRACT_RENDERER_PORT,
  CONTRACT_RENDERER_URL,
  REAL_STACK_COUNT,
  realStackAt,
} from './tests/e2e/real-stack/real-stack-ports.js';

// Playwright cannot download browsers on our machines: it drives Debian's Chromium.
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;

// Starting the real stack takes a while: skip it when only the contract project is asked for.
// `--project` takes several names (`--project a b`) and may repeat (`--project=a --project=b`).
const askedProjects: string[] = [];
process.argv.forEach((arg, i, all) => {
  if (arg.startsWith('--project=')) askedProjects.push(arg.slice('--project='.length));
  else if (arg === '--project')
    for (const name of all.slice(i + 1)) {
      if (name.startsWith('-')) break;
      askedProjects.push(name);
    }
});
const wantsRealStack = askedProjects.length === 0 || askedProjects.includes('real-stack');
const wantsStepUp = askedProjects.length === 0 || askedProjects.includes('step-up');
// Likewise the contract project's renderer (a build and a preview server) for a real-stack run.
const wantsContract = askedProjects.length === 0 || askedProjects.includes('contract');

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  // A `test.only` left in a spec must not turn a CI run into a one-test run.
  forbidOnly: !!process.env.CI,
  fullyParallel: false,
  // Two workers for the contract project (its tests share nothing: each page has its own
  // in-page double); the real-stack project has one stack (API, renderer, database) per worker
  // (real-stack-ports.ts), so its workers never share a record. `npm run test:e2e` runs the two
  // projects one after the other, so they do not compete for the 2 cores either.
  workers: 2,
  reporter: [['list']],
  timeout: 60_000,
  use: {
    browserName: 'chromium',
    // The app honours the system's "reduce motion" (renderer/app/app.css): no drawer, dialog or
    // accordion is still sliding when a test clicks inside it. Lost clicks on panels still moving
    // were this suite's chance failures.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: chromium,
      args: [
        ...(asRoot ? ['--no-sandbox'] : []),
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      // The renderer against the in-page double of window.market (tests/e2e/support/fake-market.ts).
      name: 'contract',
      testIgnore: 'real-stack/**',
      fullyParallel: true,
      use: { baseURL: CONTRACT_RENDERER_URL },
    },
    {
      // Before real-stack: its one long test starts with the first real-stack spec instead of
      // running alone at the end, when the real-stack workers are done.
      // The refund that asks "Confirm it's you", against a stack of its own started with a short
      // ADMIN_STEP_UP_SECONDS (real-stack-ports.ts), by the same web server as the real-stack
      // project's: one run, one emulator, the stacks starting side by side.
      name: 'step-up',
      testDir: 'tests/e2e/real-stack',
      testMatch: 'step-up.stack.spec.ts',
      workers: 1,
      timeout: 120_000,
      expect: { timeout: 20_000 },
    },
    {
      // The browser host against the real stack (API, PGlite with demo data, Auth emulator).
      name: 'real-stack',
      testDir: 'tests/e2e/real-stack',
      testMatch: '*.stack.spec.ts',
      testIgnore: 'step-up.stack.spec.ts',
      // One worker per stack; within a spec file, tests run in order (some build on each other).
      workers: REAL_STACK_COUNT,
      timeout: 120_000,
      // The stack shares two cores with other work (benchmarks, other suites): a toast or a live
      // row may take longer than the default 5 s to show without anything being wrong.
      expect: { timeout: 20_000 },
      // The base URL is the worker's own stack's renderer (tests/e2e/real-stack/quiet-console.ts).
    },
  ],
  webServer: [
    ...(wantsContract
      ? [
          {
            // The built renderer behind `vite preview` (scripts/serve-built-renderer.mjs says why).
            command: `node scripts/serve-built-renderer.mjs ${CONTRACT_RENDERER_PORT}`,
            url: CONTRACT_RENDERER_URL,
            reuseExistingServer: !process.env.CI,
            timeout: 120_000,
          },
        ]
      : []),
    ...(wantsRealStack || wantsStepUp
      ? [
          {
            command: 'node --import tsx tests/e2e/real-stack/serve-real-stack.ts',
            // The stacks of the projects asked for (serve-real-stack.ts).
            env: {
              REAL_STACK_SERVE: [...(wantsRealStack ? ['real-stack'] : []), ...(wantsStepUp ? ['step-up'] : [])].join(
                ',',
              ),
            },
            // Every run gets fresh databases: the stacks start side by side and this line says
            // every one answers. REAL_STACK_REUSE=1 reuses stacks left running (node --import tsx
            // tests/e2e/real-stack/serve-real-stack.ts) while writing tests, found by the first
            // one's renderer (Playwright would take a url answering for "started", too early).
            ...(process.env.REAL_STACK_REUSE === '1'
              ? { url: realStackAt(0).rendererUrl, reuseExistingServer: true }
              : { wait: { stdout: /real stacks ready/ } }),
            // Stacks start side by side (two real-stack workers' and the step-up project's): 163 s
            // for the three on a 2-core machine at a load of 30; the wait ends at "ready", so a
            // longer limit costs nothing when they start.
            timeout: 360_000,
            // SIGTERM to the group: the browser hosts stop their stacks, then serve-real-stack stops
            // the Auth emulator it started (15 s for the hosts + 10 s for the emulator fit in 30 s).
            gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 30_000 },
            stdout: 'pipe' as const,
          },
        ]
      : []),
  ],
});
