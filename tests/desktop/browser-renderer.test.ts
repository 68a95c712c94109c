// The browser host's built-renderer server (main/browser-renderer.ts): the build's files with
// their types, index.html carrying the bridge's address and secret for the shim, nothing outside
// the build; and the shim finds that address in the page.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { serveBuiltRenderer, withBridgeMeta } from '../../main/browser-renderer.js';
import { bridgeAddress } from '../../renderer/host/browser-shim.js';

const BRIDGE = { url: 'http://127.0.0.1:40123', secret: 'a"secret<with>&odd' };
const INDEX =
  '<!doctype html>\n<html>\n  <head>\n    <title>Market Admin</title>\n  </head>\n  <body></body>\n</html>\n';
let root = '';
let server: Server;
let base = '';

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'browser-renderer-'));
  const dist = join(root, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'assets', 'index-abc.js'), 'console.log(1);');
  writeFileSync(join(dist, 'assets', 'index-abc.css'), 'body{}');
  writeFileSync(join(root, 'outside.txt'), 'not served');
  server = await serveBuiltRenderer({ dir: dist, port: 0, bridge: BRIDGE });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
  rmSync(root, { recursive: true, force: true });
});

describe('built renderer server', () => {
  it('serves index.html with the bridge in a meta tag the shim reads back', async () => {
    const response = await fetch(`${base}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain('<meta name="market-bridge"');
    const content = /<meta name="market-bridge" content="([^"]*)"/.exec(html)?.[1] ?? '';
    const decoded = content
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
    expect(JSON.parse(decoded)).toEqual(BRIDGE);
  });

  it('serves the assets with their types', async () => {
    const script = await fetch(`${base}/assets/index-abc.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await script.text()).toBe('console.log(1);');
    expect((await fetch(`${base}/assets/index-abc.css`)).headers.get('content-type')).toMatch(/^text\/css/);
  });

  it('answers 404 for a missing file or one outside the build, 405 for a write', async () => {
    expect((await fetch(`${base}/assets/missing.js`)).status).toBe(404);
    expect((await fetch(`${base}/..%2Foutside.txt`)).status).toBe(404);
    expect((await fetch(`${base}/%2e%2e/outside.txt`)).status).toBe(404);
    expect((await fetch(`${base}/%E0%A4%A`)).status).toBe(400);
    expect((await fetch(`${base}/`, { method: 'POST' })).status).toBe(405);
  });

  it('refuses a build without a head to put the bridge in', () => {
    expect(() => withBridgeMeta('<html><body></body></html>', BRIDGE)).toThrow(/no <\/head>/);
  });
});

describe("the shim's bridge address", () => {
  const globals = globalThis as { document?: unknown };
  afterEach(() => {
    delete globals.document;
  });

  const pageWith = (content: string | null) => {
    globals.document = {
      querySelector: (selector: string) =>
        selector === 'meta[name="market-bridge"]' && content !== null
          ? { getAttribute: (name: string) => (name === 'content' ? content : null) }
          : null,
    };
  };

  it('comes from the meta tag of the served page', () => {
    pageWith(JSON.stringify(BRIDGE));
    expect(bridgeAddress()).toEqual(BRIDGE);
  });

  it('is null without a tag or with a broken one (Electron, a plain vite run)', () => {
    pageWith(null);
    expect(bridgeAddress()).toBeNull();
    pageWith('{not json');
    expect(bridgeAddress()).toBeNull();
    pageWith(JSON.stringify({ url: 'http://127.0.0.1:1' }));
    expect(bridgeAddress()).toBeNull();
  });
});
