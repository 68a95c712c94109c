// Electron smoke test (Playwright's _electron): the built app starts, its window is hardened
// and exposes window.market with named methods only. It runs wherever the Electron binary is
// installed and is reported as skipped where it is not (npm could not download it here).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { MarketApi } from '../../shared/contract/market-api.js';

const pathFile = 'node_modules/electron/path.txt';
const binary = existsSync(pathFile) ? join('node_modules/electron/dist', readFileSync(pathFile, 'utf8').trim()) : null;
const hasElectron = binary !== null && existsSync(binary) && existsSync('dist-electron/main.js');
if (!hasElectron) {
  console.warn('Electron smoke test SKIPPED: the Electron binary (or the `npm run build` output) is not present here.');
}

describe('Electron smoke', () => {
  it.skipIf(!hasElectron)(
    'starts the built app with a sandboxed window exposing window.market only',
    async () => {
      const { _electron } = await import('playwright-core');
      const app = await _electron.launch({
        executablePath: binary!,
        args: ['dist-electron/main.js', ...(process.getuid?.() === 0 ? ['--no-sandbox'] : [])],
        env: { ...process.env, ELECTRON_ENABLE_LOGGING: '1' },
      });
      try {
        const page = await app.firstWindow();
        await page.waitForLoadState('domcontentloaded');
        expect(await page.title()).toBe('Market Admin');
        const shape = await page.evaluate(() => {
          const w = window as unknown as Record<string, unknown> & { market: Record<string, Record<string, unknown>> };
          return {
            groups: Object.keys(w.market).sort(),
            session: Object.keys(w.market.session!).sort(),
            hasRequire: typeof w.require !== 'undefined',
            hasProcess: typeof w.process !== 'undefined',
            hasIpc: 'ipcRenderer' in w || 'ipcRenderer' in w.market,
          };
        });
        expect(shape).toEqual({
          groups: ['admin', 'events', 'session', 'windows'],
          session: ['current', 'signIn', 'signOut'],
          hasRequire: false,
          hasProcess: false,
          hasIpc: false,
        });
        const current = await page.evaluate(() =>
          (window as unknown as { market: MarketApi }).market.session.current(),
        );
        expect(current).toBeNull();
      } finally {
        await app.close();
      }
    },
    60_000,
  );
});
