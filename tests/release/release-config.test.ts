// The release's electron-builder configuration, its notarisation hook and its secret guard,
// checked with electron-builder's own loader and schema (it needs no Electron binary for that).
import { DebugLogger } from 'builder-util';
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config.js';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { missingMessage, missingNames } from '../../scripts/release/require-env.js';

const require = createRequire(import.meta.url);
type Credentials = Record<string, string | undefined> | null;
const notarize = require('../../resources/build/notarize.cjs') as ((
  context: { electronPlatformName: string; appOutDir: string; packager: { appInfo: { productFilename: string } } },
  env: Record<string, string>,
  load: () => (options: Record<string, string | undefined>) => Promise<void>,
) => Promise<void>) & { credentialsFrom(env: Record<string, string>): Credentials };

describe('electron-builder configuration', () => {
  it.each([
    ['electron-builder.yml', 'https://updates.market.example/admin/${os}', undefined],
    ['electron-builder.release.yml', '${env.UPDATE_FEED_URL}/${os}', true],
  ])('%s passes electron-builder’s schema; feed %s; forceCodeSigning %s', async (file, url, forced) => {
    const config = await getConfig(process.cwd(), file, null);
    await validateConfiguration(config, new DebugLogger(false));
    // One folder per OS: both macOS CPUs share one latest-mac.yml (see electron-builder.yml).
    expect(config.publish).toEqual({ provider: 'generic', url });
    expect(config.forceCodeSigning).toBe(forced);
    expect(config.afterPack).toBe('resources/build/after-pack.cjs');
    expect(config.afterSign).toBe('resources/build/notarize.cjs');
  });
});

describe('notarize.cjs', () => {
  const apiKey = { APPLE_API_KEY: '/tmp/key.p8', APPLE_API_KEY_ID: 'KEY', APPLE_API_ISSUER: 'ISSUER' };
  const appleId = { APPLE_ID: 'ops@market.example', APPLE_APP_SPECIFIC_PASSWORD: 'pw', APPLE_TEAM_ID: 'TEAM' };
  const mac = {
    electronPlatformName: 'darwin',
    appOutDir: '/out/mac-arm64',
    packager: { appInfo: { productFilename: 'Market Admin' } },
  };

  it.each([
    [
      'an App Store Connect API key',
      apiKey,
      { appleApiKey: '/tmp/key.p8', appleApiKeyId: 'KEY', appleApiIssuer: 'ISSUER' },
    ],
    ['an Apple ID', appleId, { appleId: 'ops@market.example', appleIdPassword: 'pw', teamId: 'TEAM' }],
    ['nothing', {}, null],
  ])('reads %s from the environment', (_, env, expected) => {
    expect(notarize.credentialsFrom(env)).toEqual(expected);
  });

  it.each([
    ['notarises the app with the credentials', apiKey, 'notarized'],
    ['skips without credentials on a developer’s machine', {}, 'skipped'],
    ['fails without credentials when the release requires it', { MARKET_NOTARIZE: 'required' }, 'failed'],
  ])('%s', async (_, env, outcome) => {
    const calls: Record<string, string | undefined>[] = [];
    const result = await notarize(mac, env, () => async (options) => void calls.push(options)).then(
      () => (calls.length ? 'notarized' : 'skipped'),
      (error: Error) => (/MARKET_NOTARIZE/.test(error.message) ? 'failed' : String(error)),
    );
    expect(result).toBe(outcome);
    if (outcome === 'notarized') expect(calls[0]).toMatchObject({ appPath: '/out/mac-arm64/Market Admin.app' });
  });

  it('leaves Windows and Linux builds alone', async () => {
    await expect(
      notarize({ ...mac, electronPlatformName: 'win32' }, { MARKET_NOTARIZE: 'required' }, () => {
        throw new Error('loaded');
      }),
    ).resolves.toBeUndefined();
  });
});

describe('require-env', () => {
  it.each([
    [['A', 'B'], { A: 'x', B: 'y' }, []],
    [['A', 'B'], { A: 'x' }, ['B']],
    [['A', 'B'], { A: ' ', B: '' }, ['A', 'B']],
    [[], {}, []],
  ])('%j with %j → missing %j', (names, env, missing) => {
    expect(missingNames(names, env)).toEqual(missing);
  });

  it('names what is missing as a GitHub error, and nothing when all is set', () => {
    expect(missingMessage([])).toBeNull();
    expect(missingMessage(['WINDOWS_CERTIFICATE'])).toMatch(/^::error title=[^:]+::WINDOWS_CERTIFICATE not set\. /);
  });
});
