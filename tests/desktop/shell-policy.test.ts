// The shell's pure rules: deep links, navigation, external links, CSP, settings.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deepLinkInArgs, routeOfDeepLink } from '../../main/core/deep-link.js';
import {
  connectOriginsOf,
  contentSecurityPolicy,
  isAppPage,
  isSafeExternalLink,
} from '../../main/core/navigation-policy.js';
import { DEFAULT_SETTINGS, loadSettings } from '../../main/core/settings.js';

describe('market-admin:// deep links', () => {
  it.each([
    ['market-admin://users/u1', '/dashboard/users/u1'],
    ['market-admin://listings/l-2/', '/dashboard/listings/active/l-2'],
    ['market-admin://orders/o_3', '/dashboard/listings/sold/o_3'],
    ['market-admin://dashboard/users/u1', '/dashboard/users/u1'],
    ['market-admin://dashboard/listings/sold/o_3', '/dashboard/listings/sold/o_3'],
    ['market-admin://dashboard/inbox/chats', '/dashboard/inbox/chats'],
    ['market-admin://dashboard/users/..%2F..%2Fetc', null],
    ['market-admin://dashboard//evil.example', null],
    ['market-admin://open?route=/dashboard/inbox/chats', '/dashboard/inbox/chats'],
    ['market-admin://users/a/b', null],
    ['market-admin://users/%3Cscript%3E', null],
    ['market-admin://open?route=https://evil.example', null],
    ['market-admin://shell/rm', null],
    ['https://users/u1', null],
    ['not a url', null],
  ])('%s → %s', (link, route) => {
    expect(routeOfDeepLink(link)).toBe(route);
  });

  it('finds the link among command-line arguments (Windows/Linux second instance)', () => {
    expect(deepLinkInArgs(['/opt/app', '--flag', 'market-admin://users/u1'])).toBe('market-admin://users/u1');
    expect(deepLinkInArgs(['/opt/app'])).toBeNull();
  });
});

describe('navigation', () => {
  const pages = { devOrigin: 'http://127.0.0.1:5173', indexFileUrl: 'file:///opt/app/dist/renderer/index.html' };
  it.each([
    ['http://127.0.0.1:5173/#/dashboard/users', true],
    ['file:///opt/app/dist/renderer/index.html#/dashboard', true],
    ['file:///etc/passwd', false],
    ['https://evil.example/', false],
    ['http://127.0.0.1:5174/', false],
  ])('%s stays in the app: %s', (url, allowed) => {
    expect(isAppPage(url, pages)).toBe(allowed);
  });

  it.each([
    ['https://stripe.com/docs', true],
    ['http://example.com', false],
    ['file:///etc/passwd', false],
    ['javascript:alert(1)', false],
    ['https://user:pw@example.com', false],
  ])('external link %s opens in the browser: %s', (url, allowed) => {
    expect(isSafeExternalLink(url)).toBe(allowed);
  });

  it('builds a CSP with no eval and no inline script', () => {
    const csp = contentSecurityPolicy(connectOriginsOf(['http://127.0.0.1:5173']));
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("connect-src 'self' http://127.0.0.1:5173 ws://127.0.0.1:5173");
  });
});

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
