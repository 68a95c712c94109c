// The checks `npm test` runs before its tests: ESLint, Prettier's check and TypeScript on every
// per-runtime project, side by side, one per core; with `--build`, the renderer's build as one
// more job of the same lanes (the Playwright projects need it; built after the checks it was
// a core left idle at the end of the last lane). Each is one single-threaded process: run one
// after the other they took their CPU times summed (lint 17 s, format 18 s, the seven tsc
// projects 92 s, measured on the 2-core machine), where two lanes take about half of that. Each
// check's output is printed whole when it ends, so two never interleave; the run fails when any
// failed, after all have ended (one red check does not hide another's findings).
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { typecheckProjects } from './typecheck-projects.mjs';

/**
 * Each check's CPU seconds (lint and format measured; each tsc project's share of the 92 s from
 * its wall time in one sequential run): the longest start first, so that no lane is left with a
 * long check at the end. A check missing here starts last, and runs all the same.
 */
const SECONDS = {
  'typecheck ./tests/tsconfig.json': 28,
  'format:check': 18,
  lint: 17,
  'typecheck ./renderer/tsconfig.json': 16,
  'typecheck ./scripts/tsconfig.json': 15,
  'typecheck ./server/tsconfig.json': 14,
  'typecheck ./main/tsconfig.json': 8,
  // The renderer's build: 7.5 and 8.0 s in two clean-clone runs.
  build: 8,
  'typecheck ./preload/tsconfig.json': 5,
  'typecheck ./shared/tsconfig.json': 5,
};

const checks = [
  ...typecheckProjects().map((project) => ({
    name: `typecheck ${project}`,
    args: ['node_modules/typescript/bin/tsc', '-p', project],
  })),
  { name: 'lint', args: ['node_modules/eslint/bin/eslint.js', '.', '--max-warnings', '0'] },
  { name: 'format:check', args: ['node_modules/prettier/bin/prettier.cjs', '--check', '.'] },
  ...(process.argv.includes('--build') ? [{ name: 'build', args: ['node_modules/vite/bin/vite.js', 'build'] }] : []),
].sort((a, b) => (SECONDS[b.name] ?? 0) - (SECONDS[a.name] ?? 0));

/** Runs one check, its output kept until it ends; true when it passed. */
function run({ name, args }) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code) => {
      const text = Buffer.concat(output).toString().trimEnd();
      const ok = code === 0;
      console.log(`${ok ? 'ok' : 'FAILED'}: ${name} (${Date.now() - started} ms)${text ? `\n${text}` : ''}`);
      resolve(ok);
    });
  });
}

const lanes = Math.max(1, Math.min(Number(process.env.CHECK_LANES) || availableParallelism(), checks.length));
const queue = [...checks];
const results = [];
await Promise.all(
  Array.from({ length: lanes }, async () => {
    for (let check = queue.shift(); check; check = queue.shift())
      results.push({ name: check.name, ok: await run(check) });
  }),
);
const failed = results.filter((result) => !result.ok).map((result) => result.name);
if (failed.length > 0) {
  console.error(`static checks failed: ${failed.join(', ')}`);
  process.exit(1);
}
console.log(`static checks ok: ${results.length} checks on ${lanes} lane(s)`);
