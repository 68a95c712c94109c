import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('loadConfig', () => {
  it('defaults to the local stack', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 4000,
      HOST: '127.0.0.1',
      FIREBASE_PROJECT_ID: 'demo-market',
      NODE_ENV: 'development',
    });
    expect([config.DATABASE_URL, config.STRIPE_SECRET_KEY]).toEqual([undefined, undefined]);
  });

  it('treats empty values as absent', () => {
    const config = loadConfig({ DATABASE_URL: '', STRIPE_SECRET_KEY: ' ' });
    expect([config.DATABASE_URL, config.STRIPE_SECRET_KEY]).toEqual([undefined, undefined]);
  });

  it('refuses the Auth emulator in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })).toThrow(
      /FIREBASE_AUTH_EMULATOR_HOST must not be set when NODE_ENV=production/,
    );
    expect(
      loadConfig({ NODE_ENV: 'development', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })
        .FIREBASE_AUTH_EMULATOR_HOST,
    ).toBe('127.0.0.1:9099');
  });

  it('rejects a port that is not a port', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
  });
});
