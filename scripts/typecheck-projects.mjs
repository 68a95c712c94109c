// The per-runtime TypeScript projects tsconfig.json references, each as the path `tsc -p` takes:
// the one list `npm run typecheck` and the static checks of `npm test` both check.
import { readFileSync } from 'node:fs';

/** The referenced projects, in tsconfig.json's order. */
export function typecheckProjects() {
  const root = JSON.parse(readFileSync('tsconfig.json', 'utf8').replace(/^\s*\/\/.*$/gm, ''));
  return root.references.map(({ path }) => (path.endsWith('.json') ? path : `${path}/tsconfig.json`));
}
