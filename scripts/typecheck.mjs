// Type-checks every per-runtime project of tsconfig.json, one after the other, and fails on
// the first error. Each runtime has its own lib/types, so a DOM call in shared/ fails here.
// (`npm test` checks the same projects side by side with lint: scripts/static-checks.mjs.)
import { spawnSync } from 'node:child_process';
import { typecheckProjects } from './typecheck-projects.mjs';

for (const project of typecheckProjects()) {
  const started = Date.now();
  const run = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', project], { stdio: 'inherit' });
  if (run.status !== 0) {
    console.error(`typecheck failed: ${project}`);
    process.exit(run.status ?? 1);
  }
  console.log(`typecheck ok: ${project} (${Date.now() - started} ms)`);
}
