// The smoke test's plumbing, checked here where no packaged app exists: where electron-builder
// leaves the app per OS and CPU, the DevTools endpoint on stderr, and a stand-in process.
import { describe, expect, it } from 'vitest';
import {
  devToolsEndpoint,
  findPackagedApp,
  runPackagedApp,
  unpackedExecutable,
  waitForDevTools,
} from './packaged-app.js';

const names = { productName: 'Market Admin', executableName: 'market-admin' };

describe('unpackedExecutable', () => {
  it.each([
    ['darwin', 'arm64', 'mac-arm64/Market Admin.app/Contents/MacOS/Market Admin'],
    ['darwin', 'x64', 'mac/Market Admin.app/Contents/MacOS/Market Admin'],
    ['win32', 'x64', 'win-unpacked/Market Admin.exe'],
    ['win32', 'arm64', 'win-arm64-unpacked/Market Admin.exe'],
    ['linux', 'x64', 'linux-unpacked/market-admin'],
    ['linux', 'arm64', 'linux-arm64-unpacked/market-admin'],
    ['freebsd', 'x64', null],
  ] as const)('%s %s → %s', (platform, arch, expected) => {
    const path = unpackedExecutable(platform, arch, names);
    expect(path?.split('\\').join('/') ?? null).toBe(expected);
  });
});

describe('findPackagedApp', () => {
  it('takes MARKET_APP_EXECUTABLE as given, so a wrong path fails the release job instead of skipping', () => {
    expect(findPackagedApp({ MARKET_APP_EXECUTABLE: '/nowhere/Market Admin' })).toEqual({
      executable: '/nowhere/Market Admin',
    });
  });

  it('says why it skips when nothing was packaged', () => {
    const found = findPackagedApp({});
    expect('skipped' in found ? found.skipped : '').toMatch(/no packaged app at release\/0\.1\.0\/|packs no app/);
  });
});

describe('devToolsEndpoint', () => {
  it.each([
    [
      '\nDevTools listening on ws://127.0.0.1:41234/devtools/browser/ab-12\n',
      'ws://127.0.0.1:41234/devtools/browser/ab-12',
    ],
    ['[1:2:INFO] starting\n', null],
    ['Debugger listening on ws://127.0.0.1:9229/x\n', null],
  ])('%j → %s', (stderr, expected) => {
    expect(devToolsEndpoint(stderr)).toBe(expected);
  });
});

describe('waitForDevTools', () => {
  it('returns the endpoint a process prints', async () => {
    const app = runPackagedApp(process.execPath, [
      '-e',
      "console.error('DevTools listening on ws://127.0.0.1:1/devtools/browser/x'); setTimeout(() => {}, 5000)",
      '--', // as root on Linux, runPackagedApp appends Chromium's --no-sandbox: not Node's business
    ]);
    try {
      expect(await waitForDevTools(app, 10_000)).toBe('ws://127.0.0.1:1/devtools/browser/x');
    } finally {
      app.process.kill();
    }
  });

  it('fails with the stderr of a process that exits first', async () => {
    const app = runPackagedApp(process.execPath, ['-e', "console.error('no display'); process.exit(3)", '--']);
    await expect(waitForDevTools(app, 10_000)).rejects.toThrow(/exited \(\{"code":3,"signal":null\}\)[^]*no display/);
  });
});
