// Core against the real stack (API + Auth emulator with the demo accounts). Opt-in while the
// stack is being built: MARKET_IT_API=http://127.0.0.1:4000 (and MARKET_IT_AUTH, default
// http://127.0.0.1:9099) with `npm run stack` running. Skipped otherwise, and says so.
import { afterEach, describe, expect, it } from 'vitest';
import { createDesktopCore, type DesktopCore } from '../../main/core/desktop-core.js';
import { MemorySecureStore } from '../../main/core/secure-store.js';
import { Settings } from '../../main/core/settings.js';
import { silentLog } from './fakes.js';

const api = process.env.MARKET_IT_API;
const auth = process.env.MARKET_IT_AUTH ?? 'http://127.0.0.1:9099';
if (!api)
  console.warn('Real-API integration tests SKIPPED: set MARKET_IT_API=http://127.0.0.1:4000 with the stack running.');

let core: DesktopCore | null = null;
afterEach(async () => {
  await core?.close();
  core = null;
});

function startCore() {
  core = createDesktopCore({
    settings: Settings.parse({ apiHost: api, firebase: { authEmulatorUrl: auth } }),
    store: new MemorySecureStore(),
    log: silentLog().log,
  });
  return core;
}

describe.skipIf(!api)('desktop core against the real API', () => {
  it('signs the demo admin in and calls the admin API', async () => {
    const c = startCore();
    expect(await c.session.signIn('admin@market.test', 'admin-demo-pass')).toMatchObject({ ok: true });
    const statistics = await c.api.call('statistics.get');
    expect(statistics.ok).toBe(true);
    const users = await c.api.call('users.list', { query: { page: 1, limit: 5 } });
    expect(users).toMatchObject({ ok: true });
  });

  it('denies the demo buyer and keeps the server message on a 404', async () => {
    const c = startCore();
    expect(await c.session.signIn('buyer@market.test', 'buyer-demo-pass')).toMatchObject({
      ok: false,
      reason: 'access-denied',
    });
    expect(await c.session.signIn('admin@market.test', 'admin-demo-pass')).toMatchObject({ ok: true });
    const missing = await c.api.call('users.get', { params: { id: 'no-such-user' } });
    expect(missing).toMatchObject({ ok: false, error: { status: 404 } });
    expect(missing.ok === false && missing.error.message.length).toBeGreaterThan(0);
  });

  it('answers status 0 when the API is unreachable', async () => {
    const c = createDesktopCore({
      settings: Settings.parse({ apiHost: 'http://127.0.0.1:9', firebase: { authEmulatorUrl: auth } }),
      store: new MemorySecureStore(),
      log: silentLog().log,
    });
    core = c;
    expect(await c.api.call('statistics.get')).toMatchObject({ ok: false, error: { status: 0, code: 'network' } });
  });
});
