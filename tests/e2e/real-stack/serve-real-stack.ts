// The real-stack and step-up projects' web server (playwright.config.ts): one browser host
// (main/browser-host.ts) per real-stack worker (REAL_STACK_WORKERS, 2 by default) and one for the
// step-up project, each on its own ports (real-stack-ports.ts: stack i on API
// 4100 + E2E_PORT_OFFSET + i, renderer 5174 + E2E_PORT_OFFSET + i; the step-up stack after the
// others, started with ADMIN_STEP_UP_SECONDS=STEP_UP_SECONDS) with a fresh throwaway PGlite
// database and settings file, so runs are deterministic, the workers never share a record, and a
// developer's stack on 4000/5173 is never touched. Those databases are copies of one made here
// once per run (see below). REAL_STACK_SERVE (set by the config) names the
// projects whose stacks to start: `real-stack`, `step-up` or both. The stacks start side by side;
// "real stacks ready" on stdout (the config waits for it) says every one answers.
//
// The hosts serve the BUILT renderer (MARKET_RENDERER_DIST), not Vite's development server: no
// dependency bundling on a fresh clone's first visit, no compile on each cold page. With
// CONTRACT_RENDERER_BUILT=1 (`npm test` has just run `npm run build`) that is dist/renderer as
// it is; otherwise this builds the renderer first into a throwaway folder, so a developer's run
// never tests a stale build and never rebuilds dist/renderer under the contract project's server.
//
// The Auth emulator is started HERE (127.0.0.1:9099, or MARKET_AUTH_EMULATOR_HOST), before the
// browser hosts, so the stacks reuse it and this process owns it; one already running there is
// reused and left alone.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EMULATOR_HOST, PROJECT_ID, startAuthEmulator } from '../../../scripts/auth-emulator.js';
import { DEMO_ACCOUNTS, ensureDemoAccounts } from '../../../server/platform/auth/demo-accounts.js';
import { prepareDemoDatabase } from '../../../server/seeding/demo-database.js';
import { openMigratedPglite } from '../../support/pglite-template.js';
import {
  REAL_STACK_COUNT,
  realStackAt,
  STEP_UP_SECONDS,
  STEP_UP_STACK_INDEX,
  type RealStackPorts,
} from './real-stack-ports.js';

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
}

const serve = (process.env.REAL_STACK_SERVE ?? 'real-stack,step-up').split(',');
const stacks: (RealStackPorts & { env: Record<string, string> })[] = [
  ...(serve.includes('real-stack')
    ? Array.from({ length: REAL_STACK_COUNT }, (_, index) => ({ ...realStackAt(index), env: {} }))
    : []),
  ...(serve.includes('step-up')
    ? [{ ...realStackAt(STEP_UP_STACK_INDEX), env: { ADMIN_STEP_UP_SECONDS: String(STEP_UP_SECONDS) } }]
    : []),
];
const urlsOf = (stack: RealStackPorts) => [`${stack.apiHost}/v1/health`, stack.rendererUrl];

// A stack left over on these ports would be reused by a browser host with yesterday's data.
for (const url of stacks.flatMap(urlsOf)) {
  if (await answers(url)) {
    console.error(`${url} already answers: stop that process first, the real-stack tests need a fresh stack.`);
    process.exit(1);
  }
}

const dirs: string[] = [];
let rendererDir = 'dist/renderer';
if (!(process.env.CONTRACT_RENDERER_BUILT === '1' && existsSync('dist/renderer/index.html'))) {
  const dir = mkdtempSync(join(tmpdir(), 'market-e2e-renderer-'));
  dirs.push(dir);
  rendererDir = join(dir, 'renderer');
  const build = spawnSync(
    'npx',
    ['vite', 'build', '--config', 'vite.renderer.config.ts', '--outDir', rendererDir, '--logLevel', 'warn'],
    { stdio: 'inherit' },
  );
  if (build.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    process.exit(build.status ?? 1);
  }
}

const emulator = await startAuthEmulator();
const hosts: ChildProcess[] = [];

// The demo database is made once (migrated, seeded, the demo buyer linked) and each stack starts
// on a copy of its files: the stacks' records are still their own, and the start no longer
// migrates and seeds three databases side by side on two cores. Made here, per run, never kept:
// the seeded times are relative to now.
// How long since this process started, in its log lines: where a slow start went.
const since = () => `${process.uptime().toFixed(1)} s`;
const demoDatabase = mkdtempSync(join(tmpdir(), 'market-e2e-demo-'));
dirs.push(demoDatabase);
const demoPglite = join(demoDatabase, 'pglite');
try {
  // The accounts too are made once, before the stacks ask for them all at once.
  const uids = await ensureDemoAccounts(PROJECT_ID, EMULATOR_HOST);
  // Already migrated: from the template of the migrations the unit tests made (pglite-template.ts,
  // named by a hash of the migrations, made now if missing), not initdb and every migration again.
  const database = await openMigratedPglite(demoPglite);
  try {
    await prepareDemoDatabase(database, { email: DEMO_ACCOUNTS.buyer.email, uid: uids.buyer }, () => undefined);
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error);
  await emulator.stop().catch(() => undefined);
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  process.exit(1);
}
console.log(`demo database made in ${since()}`);

for (const stack of stacks) {
  const dir = mkdtempSync(join(tmpdir(), 'market-e2e-'));
  dirs.push(dir);
  cpSync(demoPglite, join(dir, 'pglite'), { recursive: true });
  const settingsFile = join(dir, 'desktop-settings.json');
  writeFileSync(
    settingsFile,
    JSON.stringify({ apiHost: stack.apiHost, firebase: { authEmulatorUrl: `http://${EMULATOR_HOST}` } }),
  );
  const host = spawn(process.execPath, ['--import', 'tsx', 'main/browser-host.ts'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      ...stack.env,
      MARKET_RENDERER_DIST: rendererDir,
      PORT: String(stack.apiPort),
      PGLITE_DIR: join(dir, 'pglite'),
      MARKET_SETTINGS: settingsFile,
      MARKET_RENDERER_PORT: String(stack.rendererPort),
      FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
    },
  });
  hosts.push(host);
  // A host that stops cleanly was told to (the group's SIGTERM reaches the others too); one that
  // fails takes the others down with it.
  host.on('exit', (code, signal) => void finish(code ?? (signal ? 0 : 1), code !== 0 && !signal));
}

let finishing = false;
async function finish(code: number, stopOthers: boolean): Promise<void> {
  if (finishing) return;
  finishing = true;
  // After the group's SIGTERM the hosts are already stopping: a second signal would run their
  // shutdown twice.
  const running = (host: ChildProcess) => host.exitCode === null && host.signalCode === null;
  if (stopOthers) for (const host of hosts) if (running(host)) host.kill('SIGTERM');
  await Promise.all(
    hosts.map((host) =>
      !running(host)
        ? undefined
        : new Promise((resolve) => {
            host.once('exit', resolve);
            setTimeout(() => {
              host.kill('SIGKILL');
              resolve(undefined);
            }, 15_000).unref();
          }),
    ),
  );
  await emulator.stop().catch((error: unknown) => console.error(error));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  process.exit(code);
}

// The group's SIGTERM reaches the browser hosts and the stacks directly: finish() waits for the
// hosts to stop them (killing one that does not stop in 15 s), then stops the emulator.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void finish(0, false));

// Ready when every stack's API and renderer answer (the browser host gives up on a stack after
// 120 s; the config's timeout ends a start that never gets here).
for (;;) {
  const up = await Promise.all(stacks.flatMap(urlsOf).map(answers));
  if (up.every(Boolean)) break;
  await new Promise((resolve) => setTimeout(resolve, 500));
}
console.log(`real stacks ready in ${since()}: ${stacks.map((stack) => stack.rendererUrl).join(', ')}`);
