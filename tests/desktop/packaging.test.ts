// Packaging: the fuse wire flipped after packing, and the installer config the issue asks for.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const afterPack = require('../../resources/build/after-pack.cjs') as ((
  context: unknown,
  fuses?: unknown,
) => Promise<void>) & { electronBinaryPath(context: unknown): string };
const yaml = require('js-yaml') as { load(text: string): unknown };

const fuses = {
  FuseVersion: { V1: '1' },
  FuseV1Options: require('@electron/fuses').FuseV1Options as Record<string, number>,
};

describe('afterPack fuses', () => {
  it('turns off RunAsNode, NODE_OPTIONS and --inspect; turns on cookie encryption, asar integrity, asar-only', async () => {
    const flips: [string, Record<string, unknown>][] = [];
    const context = {
      electronPlatformName: 'darwin',
      arch: 3,
      appOutDir: '/out/mac-arm64',
      packager: { appInfo: { productFilename: 'Market Admin' }, executableName: 'market-admin' },
    };
    await afterPack(context, {
      ...fuses,
      flipFuses: async (path: string, config: Record<string, unknown>) => void flips.push([path, config]),
    });
    const o = fuses.FuseV1Options;
    expect(flips).toHaveLength(1);
    expect(flips[0]![0]).toBe('/out/mac-arm64/Market Admin.app');
    expect(flips[0]![1]).toMatchObject({
      version: '1',
      resetAdHocDarwinSignature: true,
      [o.RunAsNode!]: false,
      [o.EnableNodeOptionsEnvironmentVariable!]: false,
      [o.EnableNodeCliInspectArguments!]: false,
      [o.EnableCookieEncryption!]: true,
      [o.EnableEmbeddedAsarIntegrityValidation!]: true,
      [o.OnlyLoadAppFromAsar!]: true,
    });
  });

  it('finds the binary on Windows and Linux', () => {
    const packager = { appInfo: { productFilename: 'Market Admin' }, executableName: 'market-admin' };
    expect(afterPack.electronBinaryPath({ electronPlatformName: 'win32', appOutDir: '/o', packager })).toBe(
      '/o/Market Admin.exe',
    );
    expect(afterPack.electronBinaryPath({ electronPlatformName: 'linux', appOutDir: '/o', packager })).toBe(
      '/o/market-admin',
    );
  });
});

describe('electron-builder.yml', () => {
  const config = yaml.load(readFileSync('electron-builder.yml', 'utf8')) as Record<string, Record<string, unknown>>;

  it('builds nsis with a publisher name, dmg+zip with hardened runtime, AppImage+deb', () => {
    expect(config.win).toMatchObject({ target: ['nsis'], signtoolOptions: { publisherName: expect.any(String) } });
    expect(config.mac).toMatchObject({ hardenedRuntime: true, entitlements: 'resources/entitlements.mac.plist' });
    expect((config.mac!.target as { target: string }[]).map((t) => t.target)).toEqual(['dmg', 'zip']);
    expect(config.linux).toMatchObject({ target: ['AppImage', 'deb'] });
  });

  it('points at hooks and resources that exist and registers market-admin://', () => {
    for (const file of [config.afterPack, config.afterSign, config.mac!.entitlements]) {
      expect(existsSync(file as unknown as string), String(file)).toBe(true);
    }
    expect(config.protocols).toEqual([{ name: 'Market Admin', schemes: ['market-admin'] }]);
  });
});
