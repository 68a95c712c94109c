// The desktop app's settings file: defaults for the local stack, a malformed file refused.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, loadSettings } from './settings.js';

describe('settings', () => {
  it('defaults to the local stack', async () => {
    expect(await loadSettings('/nonexistent/settings.json')).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS).toMatchObject({
      apiHost: 'http://127.0.0.1:4000',
      firebase: { apiKey: 'demo-key', projectId: 'demo-market', authEmulatorUrl: 'http://127.0.0.1:9099' },
      updates: { provider: 'none' },
    });
  });

  it('reads a settings file and refuses a malformed one', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'market-settings-'));
    const file = join(dir, 'settings.json');
    await writeFile(
      file,
      JSON.stringify({
        apiHost: 'https://api.market.example/',
        firebase: { apiKey: 'k', projectId: 'p', authEmulatorUrl: null },
        updates: { provider: 'github', owner: 'market', repo: 'admin' },
      }),
    );
    expect(await loadSettings(file)).toMatchObject({
      apiHost: 'https://api.market.example',
      firebase: { authEmulatorUrl: null },
      updates: { provider: 'github' },
    });
    await writeFile(file, JSON.stringify({ apiHost: 'ftp://x' }));
    await expect(loadSettings(file)).rejects.toThrow();
    await rm(dir, { recursive: true, force: true });
  });
});
