// Which vitest project a test file joins follows from what it needs from outside the process,
// read from its own text, so a new file cannot land in `unit` and skip because nobody added it to
// a list. A file needs:
// - the Auth emulator when it injects an emulator token (`inject('adminToken')` …) or asks
//   `canRun('auth-emulator')` (service-skips.ts);
// - PostgreSQL when it injects `postgresAdminUrl` or makes its database with `startMarketDb(`
//   (tests/market/market-db.ts injects the run's cluster for it) or `appOnPostgres(`
//   (app-on-postgres.ts, over startMarketDb) or asks `canRun('postgres')`;
// - either, whatever its text, when it declares `// test-needs: auth-emulator` or
//   `// test-needs: postgres` (a file that reaches a service another way: a shared `*.suite.ts`
//   that serves both drivers, its own cluster beside the run's, the emulator's host).
// Files read with node:fs only (vitest.config.ts and the architecture test both use this).
import { readFileSync } from 'node:fs';

export type Need = 'auth-emulator' | 'postgres';
export type ProjectName = 'unit' | 'pglite' | 'postgres';

/** What each project's global set-ups provide (tests/support/*-global-setup.ts). */
export const PROJECT_PROVIDES: Record<ProjectName, readonly Need[]> = {
  unit: [],
  pglite: ['auth-emulator'],
  postgres: ['postgres', 'auth-emulator'],
};

const EMULATOR_KEYS = ['adminToken', 'buyerToken', 'moderatorToken', 'financeToken'];

/** The needs written in one file's text (its injects, its PostgreSQL fixture, its markers). */
export function needsInText(text: string): Set<Need> {
  const needs = new Set<Need>();
  for (const [, key] of text.matchAll(/\binject\(\s*['"`](\w+)['"`]\s*\)/g)) {
    if (key === 'postgresAdminUrl') needs.add('postgres');
    else if (EMULATOR_KEYS.includes(key!)) needs.add('auth-emulator');
  }
  if (/\b(?:startMarketDb|appOnPostgres)\(/.test(text)) needs.add('postgres');
  // `canRun('postgres', 'auth-emulator')` (service-skips.ts): the services a suite says it runs on.
  for (const [, args] of text.matchAll(/\bcanRun\(([^)]*)\)/g))
    for (const [, service] of args!.matchAll(/['"`]([\w-]+)['"`]/g))
      if (service === 'postgres' || service === 'auth-emulator') needs.add(service);
  for (const [, need] of text.matchAll(/^\s*\/\/\s*test-needs:\s*([\w-]+)/gm)) {
    if (need !== 'auth-emulator' && need !== 'postgres') throw new Error(`unknown test-needs marker: ${need}`);
    needs.add(need);
  }
  return needs;
}

/** A test file's needs, from its own text. */
export function needsOfFile(file: string): Set<Need> {
  return needsInText(readFileSync(file, 'utf8'));
}

/** The cheapest project that provides every need. */
export function projectFor(needs: ReadonlySet<Need>): ProjectName {
  if (needs.has('postgres')) return 'postgres';
  if (needs.has('auth-emulator')) return 'pglite';
  return 'unit';
}
