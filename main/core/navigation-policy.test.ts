// The shell's navigation rules: our pages, external links, CSP.
import { describe, expect, it } from 'vitest';
import { connectOriginsOf, contentSecurityPolicy, isAppPage, isSafeExternalLink } from './navigation-policy.js';

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
