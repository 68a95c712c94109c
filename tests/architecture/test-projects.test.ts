// Every vitest file runs in a project that provides what it needs. The projects of
// vitest.config.ts are read as vitest reads them (their include and exclude globs, the top-level
// exclude they extend) and what a project provides is read from its global set-ups' `provide`
// calls, so a file left out of its project, a hand-made list, or a set-up that stops providing a
// value fails here instead of skipping its tests in a green run.
import { globSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import config from '../../vitest.config.js';
import { needsOfFile, PROJECT_PROVIDES, type Need, type ProjectName } from '../support/test-needs.js';

interface ProjectConfig {
  test: { name: ProjectName; include?: string[]; exclude?: string[]; globalSetup?: string[] };
}

const projects = (config.test?.projects ?? []) as unknown as ProjectConfig[];
const topExclude = config.test?.exclude ?? [];
const expand = (patterns: readonly string[]) => new Set(patterns.flatMap((pattern) => globSync(pattern)));

/** The files a project runs, as vitest resolves them. */
function filesOf(project: ProjectConfig): Set<string> {
  const excluded = expand([...topExclude, ...(project.test.exclude ?? [])]);
  return new Set([...expand(project.test.include ?? [])].filter((file) => !excluded.has(file)));
}

const NEED_OF_KEY: Record<string, Need> = {
  adminToken: 'auth-emulator',
  buyerToken: 'auth-emulator',
  moderatorToken: 'auth-emulator',
  financeToken: 'auth-emulator',
  postgresAdminUrl: 'postgres',
};

/** What a project's global set-ups hand out with a value (`project.provide(...)`). */
function providedBy(project: ProjectConfig): Set<Need> {
  const provided = new Set<Need>();
  for (const setup of project.test.globalSetup ?? []) {
    const text = readFileSync(setup, 'utf8');
    for (const [, key] of text.matchAll(/provide\(\s*[`'"](\w+)/g)) {
      const need = NEED_OF_KEY[key!];
      if (need) provided.add(need);
    }
    // `provide(\`${name}Token\`, …)` over the emulator's accounts.
    if (/provide\(`\$\{name\}Token`/.test(text)) provided.add('auth-emulator');
  }
  return provided;
}

describe('vitest projects', () => {
  const membership = projects.map((project) => ({ project, files: filesOf(project), provides: providedBy(project) }));

  it('are unit, pglite and postgres, each providing what test-needs.ts says it does', () => {
    expect(membership.map((m) => m.project.test.name)).toEqual(['unit', 'pglite', 'postgres']);
    for (const { project, provides } of membership)
      expect([...provides].sort(), project.test.name).toEqual([...PROJECT_PROVIDES[project.test.name]].sort());
  });

  it('run every test file once, in a project that provides what the file needs', () => {
    const all = expand(['{shared,main,preload,server,renderer,tests}/**/*.test.{ts,tsx}']);
    const wrong: string[] = [];
    for (const file of [...all].filter((f) => !f.startsWith('tests/e2e/')).sort()) {
      const homes = membership.filter((m) => m.files.has(file));
      if (homes.length !== 1) {
        wrong.push(`${file} runs in ${homes.length} projects (${homes.map((h) => h.project.test.name).join(', ')})`);
        continue;
      }
      const home = homes[0]!;
      const missing = [...needsOfFile(file)].filter((need) => !home.provides.has(need));
      if (missing.length > 0)
        wrong.push(
          `${file} needs ${missing.join(' and ')} but runs in '${home.project.test.name}', which does not provide it`,
        );
      // A PostgreSQL test by its name that no PostgreSQL project runs: the old lists' failure.
      if (/[-.]postgres\.test\.ts$/.test(file) && !home.provides.has('postgres'))
        wrong.push(`${file} is a PostgreSQL test by its name but runs in '${home.project.test.name}'`);
    }
    expect(wrong).toEqual([]);
  });
});
