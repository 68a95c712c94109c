// The contract project's renderer: the production build of the renderer (dist/renderer) behind
// `vite preview`, not the development server, which compiles every page on its first visit (a
// cold page took seconds, on every run and under load long enough to lose a test's timing).
// `npm test` has just built it; anywhere else (a developer's `npx playwright test`) the build
// here keeps it from being stale. CONTRACT_RENDERER_BUILT=1 serves the build as it is.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

const port = process.argv[2];
if (!port) throw new Error('usage: node scripts/serve-built-renderer.mjs <port>');
const vite = ['vite', '--config', 'vite.renderer.config.ts'];
const built = existsSync('dist/renderer/index.html');
if (!(built && process.env.CONTRACT_RENDERER_BUILT === '1')) {
  const build = spawnSync('npx', [...vite.slice(0, 1), 'build', ...vite.slice(1), '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const preview = spawn(
  'npx',
  [...vite.slice(0, 1), 'preview', ...vite.slice(1), '--host', '127.0.0.1', '--port', port, '--strictPort'],
  {
    stdio: 'inherit',
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => preview.kill(signal));
preview.on('exit', (code) => process.exit(code ?? 0));
