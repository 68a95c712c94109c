// The browser host's renderer when it is already built (MARKET_RENDERER_DIST, e.g. dist/renderer):
// a static server over the build instead of Vite's development server. The end-to-end stacks use
// it: Vite compiles every module on a page's first visit and bundles the dependencies on the
// first visit of a fresh clone, which took most of a stack's start and seconds per cold page.
// The bridge's address and secret, which Vite puts in `import.meta.env` in development, go into
// index.html as a <meta name="market-bridge"> (the page's CSP allows no inline script); the
// shim (renderer/host/browser-shim.ts) reads either.
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.eot': 'application/vnd.ms-fontobject',
  '.txt': 'text/plain; charset=utf-8',
};

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** index.html with the bridge's address and secret in a meta tag the shim reads. */
export function withBridgeMeta(html: string, bridge: { url: string; secret: string }): string {
  const meta = `<meta name="market-bridge" content="${escapeAttribute(JSON.stringify(bridge))}" />`;
  if (!html.includes('</head>')) throw new Error('the built index.html has no </head>');
  return html.replace('</head>', `    ${meta}\n  </head>`);
}

/** Serves the built renderer in `dir` on 127.0.0.1:`port`; resolves once it listens. */
export async function serveBuiltRenderer(options: {
  dir: string;
  port: number;
  bridge: { url: string; secret: string };
}): Promise<Server> {
  const root = resolve(options.dir);
  // Read once: a missing build fails the start, not the first page.
  const index = withBridgeMeta(await readFile(join(root, 'index.html'), 'utf8'), options.bridge);
  const server = createServer((request, response) => {
    void (async () => {
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        response.writeHead(405, { allow: 'GET, HEAD' }).end();
        return;
      }
      let path: string;
      try {
        path = decodeURIComponent(new URL(request.url ?? '/', 'http://renderer').pathname);
      } catch {
        response.writeHead(400).end();
        return;
      }
      if (path === '/' || path === '/index.html') {
        response.writeHead(200, { 'content-type': CONTENT_TYPES['.html'], 'cache-control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : index);
        return;
      }
      const file = normalize(join(root, path));
      // Nothing outside the build, whatever the path says.
      if (!file.startsWith(root + sep)) {
        response.writeHead(404).end();
        return;
      }
      try {
        const body = await readFile(file);
        response.writeHead(200, { 'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream' });
        response.end(request.method === 'HEAD' ? undefined : body);
      } catch {
        response.writeHead(404).end();
      }
    })();
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(options.port, '127.0.0.1', () => done());
  });
  return server;
}
