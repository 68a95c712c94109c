// The packaged Market Admin that each OS's smoke test drives: where electron-builder leaves it,
// and how Playwright attaches to it. Playwright's `_electron.launch` cannot start it: it passes
// Node's `--inspect`, which the EnableNodeCliInspectArguments fuse (resources/build/after-pack.cjs)
// turns off in the binary we ship, and then waits forever. Chromium's `--remote-debugging-port`
// is no Node switch, so the smoke test starts the very binary we ship with it and attaches over
// the DevTools protocol (`chromium.connectOverCDP`), fuses and all.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface AppNames {
  /** `productName` of package.json: the .app, the .exe. */
  productName: string;
  /** `name` of package.json: the Linux executable. */
  executableName: string;
}

/** electron-builder's unpacked app (inside `release/<version>/`) for an OS and CPU. */
export function unpackedExecutable(platform: NodeJS.Platform, arch: string, names: AppNames): string | null {
  const { productName, executableName } = names;
  const cpu = arch === 'x64' ? '' : `-${arch}`;
  switch (platform) {
    case 'darwin':
      return join(`mac${cpu}`, `${productName}.app`, 'Contents', 'MacOS', productName);
    case 'win32':
      return join(`win${cpu}-unpacked`, `${productName}.exe`);
    case 'linux':
      return join(`linux${cpu}-unpacked`, executableName);
    default:
      return null;
  }
}

export type PackagedApp = { executable: string } | { skipped: string };

/**
 * The packaged app to smoke-test: MARKET_APP_EXECUTABLE when set (the release jobs point it at
 * the installed or unpacked artefact, and a wrong path fails there rather than skipping), else
 * `npm run pack`'s output for this machine, else the reason there is none.
 */
export function findPackagedApp(env: NodeJS.ProcessEnv = process.env): PackagedApp {
  if (env.MARKET_APP_EXECUTABLE) return { executable: env.MARKET_APP_EXECUTABLE };
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
    name: string;
    productName: string;
    version: string;
  };
  const relative = unpackedExecutable(process.platform, process.arch, {
    productName: pkg.productName,
    executableName: pkg.name,
  });
  if (!relative) return { skipped: `electron-builder packs no app for ${process.platform}` };
  const executable = join('release', pkg.version, relative);
  return existsSync(executable)
    ? { executable }
    : { skipped: `no packaged app at ${executable} (run \`npm run pack\`, or set MARKET_APP_EXECUTABLE)` };
}

/** The browser endpoint Chromium prints on stderr once `--remote-debugging-port` listens. */
export function devToolsEndpoint(stderr: string): string | null {
  return /DevTools listening on (ws:\/\/\S+)/.exec(stderr)?.[1] ?? null;
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface RunningApp {
  process: ChildProcess;
  /** Resolves when the process has exited. */
  exited: Promise<Exit>;
  /** Everything it wrote to stderr so far, for failure messages. */
  stderr(): string;
}

/** Runs the packaged executable with `args`; the root user needs Chromium's sandbox off on Linux. */
export function runPackagedApp(executable: string, args: readonly string[]): RunningApp {
  const asRoot = process.platform === 'linux' && process.getuid?.() === 0;
  const child = spawn(executable, [...args, ...(asRoot ? ['--no-sandbox'] : [])], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, ELECTRON_ENABLE_LOGGING: '1' },
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => void (stderr += chunk));
  const exited = new Promise<Exit>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  return { process: child, exited, stderr: () => stderr };
}

/** Waits for the app's DevTools endpoint; fails with its stderr when it exits or takes too long. */
export async function waitForDevTools(app: RunningApp, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let exit: Exit | null = null;
  void app.exited.then((result) => void (exit = result)).catch(() => undefined);
  for (;;) {
    const endpoint = devToolsEndpoint(app.stderr());
    if (endpoint) return endpoint;
    if (exit || Date.now() > deadline) {
      const why = exit ? `exited (${JSON.stringify(exit)})` : `printed no DevTools endpoint in ${timeoutMs} ms`;
      throw new Error(`the packaged app ${why}; stderr:\n${app.stderr()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The exit within `timeoutMs`, or null while it is still running. */
export function exitWithin(app: RunningApp, timeoutMs: number): Promise<Exit | null> {
  return Promise.race([app.exited, new Promise<null>((resolve) => setTimeout(() => resolve(null), timeoutMs))]);
}
