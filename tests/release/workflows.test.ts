// The CI and release workflows, checked where they cannot run (no GitHub runner, no macOS or
// Windows, no Electron binary here): GitHub's workflow schema (@action-validator/core, WASM,
// offline), the three OSes, the order build → smoke → publish, the npm scripts they call, and
// the secrets they read against README's "Releasing" table.
import { validateWorkflow } from '@action-validator/core';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  familiesOf,
  namesReadByJob,
  needsOf,
  npmScriptsRun,
  readWorkflow,
  releasingTable,
  secretOf,
  type Job,
  type Step,
} from './workflow-model.js';

const ci = readWorkflow('.github/workflows/ci.yml');
const release = readWorkflow('.github/workflows/release.yml');
const workflows = [
  ['ci.yml', ci],
  ['release.yml', release],
] as const;
const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;
const documented = releasingTable(readFileSync('README.md', 'utf8'));
const { build, smoke, publish } = release.workflow.jobs;

const isGuard = (step: Step): boolean => /^node scripts\/release\/require-env\.ts /.test(step.run ?? '');
const stepsRunning = (job: Job, command: RegExp): Step[] => job.steps.filter((step) => command.test(step.run ?? ''));

describe('both workflows', () => {
  it.each(workflows)('%s passes GitHub’s workflow schema', (_, { text }) => {
    expect(validateWorkflow(text).errors).toEqual([]);
  });

  it.each(workflows)('%s grants only read access by default', (_, { workflow }) => {
    expect(workflow.permissions).toEqual({ contents: 'read' });
  });

  it.each(workflows.flatMap(([file, { workflow }]) => npmScriptsRun(workflow).map((script) => [file, script])))(
    '%s: `npm run %s` exists in package.json',
    (_, script) => {
      expect(scripts).toHaveProperty([script]);
    },
  );

  it.each(
    workflows.flatMap(([file, { workflow }]) =>
      [
        ...new Set(
          Object.values(workflow.jobs)
            .flatMap((job) => job.steps.map((step) => step.uses ?? []))
            .flat(),
        ),
      ].map((uses) => [file, uses]),
    ),
  )('%s: %s is pinned to a major version or a commit', (_, uses) => {
    expect(uses).toMatch(/^[\w.-]+\/[\w./-]+@(v\d+(\.\d+){0,2}|[0-9a-f]{40})$/);
  });

  it.each(
    workflows.flatMap(([file, { workflow }]) =>
      Object.entries(workflow.jobs).map(([id, job]) => [file, id, job, workflow] as const),
    ),
  )('%s: job %s names only matrix fields and jobs that exist', (_, __, job, workflow) => {
    const matrix = job.strategy?.matrix;
    const fields = new Set([
      ...(matrix?.os ? ['os'] : []),
      ...(matrix?.include ?? []).flatMap((leg) => Object.keys(leg)),
    ]);
    for (const [, field] of JSON.stringify(job).matchAll(/\bmatrix\.(\w+)/g)) expect(fields).toContain(field);
    for (const need of needsOf(job)) expect(Object.keys(workflow.jobs)).toContain(need);
  });

  it.each(workflows)('%s never puts a secret in a command line, nor traces commands (set -x)', (_, { workflow }) => {
    for (const step of Object.values(workflow.jobs).flatMap((job) => job.steps)) {
      expect(step.run ?? '', step.name).not.toMatch(/secrets\.|set -[a-z]*x|set -o xtrace/);
    }
  });
});

describe('ci.yml', () => {
  const { linux, desktop } = ci.workflow.jobs;

  it('runs on every push and pull request', () => {
    expect(Object.keys(ci.workflow.on).sort()).toEqual(['pull_request', 'push']);
  });

  it('covers Linux, macOS and Windows', () => {
    expect(familiesOf(Object.values(ci.workflow.jobs))).toEqual(['linux', 'macos', 'windows']);
  });

  it('runs .ci/run on Linux as it runs here: Debian 12, as root', () => {
    expect(linux!.container?.image).toBe('node:24-bookworm');
    expect(stepsRunning(linux!, /^bash \.ci\/run$/)).toHaveLength(1);
    expect(readFileSync('.ci/run', 'utf8')).toMatch(/^npm test$/m);
  });

  it('on macOS and Windows runs the unit tests, packs, then the smoke tests, which may not skip', () => {
    expect(familiesOf([desktop!])).toEqual(['macos', 'windows']);
    const order = ['test:unit', 'pack', 'test:smoke'].map((script) =>
      desktop!.steps.findIndex((step) => step.run === `npm run ${script}`),
    );
    expect(order.every((index, i) => index >= 0 && (i === 0 || index > order[i - 1]!))).toBe(true);
    expect(stepsRunning(desktop!, /test:smoke/)[0]!.env).toMatchObject({ MARKET_SMOKE_REQUIRED: '1' });
  });
});

describe('release.yml', () => {
  it('runs on a version tag', () => {
    expect(release.workflow.on).toEqual({ push: { tags: ['v*.*.*'] } });
  });

  it.each([
    ['build', build],
    ['smoke', smoke],
  ])('%s covers Windows, macOS and Linux', (_, job) => {
    expect(familiesOf([job!])).toEqual(['linux', 'macos', 'windows']);
  });

  it('smoke-tests both macOS CPUs, each on its own kind of runner', () => {
    const macs = smoke!.strategy!.matrix.include!.filter((leg) => leg.feed === 'mac');
    expect(macs.map((leg) => leg.cpu).sort()).toEqual(['arm64', 'x64']);
    expect(new Set(macs.map((leg) => leg.os)).size).toBe(2);
  });

  it('smoke-tests what was built, and publishes only after every build and smoke job passed', () => {
    expect(needsOf(smoke!)).toEqual(['build']);
    expect(needsOf(publish!).sort()).toEqual(['build', 'smoke']);
    // No `if:` such as always() or failure() that would run it after a failed smoke job.
    expect(publish!.if).toBeUndefined();
    expect(build!.strategy!.matrix.include!.map((leg) => leg.feed).sort()).toEqual(['linux', 'mac', 'win']);
  });

  it.each(Object.entries(release.workflow.jobs))(
    'job %s writes to the repository or the feed only if it is publish, gated on the smoke jobs',
    (id, job) => {
      const uploads = stepsRunning(job, /\baws\b.*\bs3\b|gh release/).length > 0;
      const writes = Object.values(job.permissions ?? {}).includes('write');
      expect(uploads || writes).toBe(id === 'publish');
      if (uploads || writes) expect(needsOf(job)).toContain('smoke');
    },
  );

  it('uploads installers before latest*.yml, so no app reads a yml whose installer is missing', () => {
    const upload = stepsRunning(publish!, /s3 cp/)[0]!.run!;
    const [installers, ymls] = upload
      .replace(/\\\n\s*/g, ' ')
      .split('\n')
      .filter((line) => line.includes('s3 cp'));
    expect(installers).toMatch(/--exclude '\*\.yml'/);
    expect(ymls).toMatch(/--exclude '\*' --include '\*\.yml'/);
  });

  it('publishes a SHA-256 file of the installers', () => {
    expect(stepsRunning(publish!, /sha256sum/)).toHaveLength(1);
    expect(stepsRunning(publish!, /gh release create[^]*SHA256SUMS/)).toHaveLength(1);
  });
});

describe('signing, notarisation and the feed read the secrets README documents', () => {
  const secretRows = documented.filter((row) => row.kind === 'secret');
  const variableRows = documented.filter((row) => row.kind === 'variable');

  it.each([
    ['secrets', secretRows],
    ['vars', variableRows],
  ] as const)('README documents exactly the %s the workflows read', (kind, rows) => {
    const read = new Set(workflows.flatMap(([, { workflow }]) => [...namesReadByJob(workflow, kind).keys()]));
    expect(rows.map((row) => row.name).sort()).toEqual([...read].sort());
  });

  it.each(documented.map((row) => [row.name, row]))('%s is read by the jobs README says', (_, row) => {
    const readers = namesReadByJob(release.workflow, row.kind === 'secret' ? 'secrets' : 'vars').get(row.name);
    expect(readers?.sort()).toEqual(row.readBy.sort());
  });

  // The build step's variable (what electron-builder and notarize.cjs read) → the secret behind it.
  it.each([
    ['Windows', 'WIN_CSC_LINK', 'WINDOWS_CERTIFICATE'],
    ['Windows', 'WIN_CSC_KEY_PASSWORD', 'WINDOWS_CERTIFICATE_PASSWORD'],
    ['macOS', 'CSC_LINK', 'MACOS_CERTIFICATE'],
    ['macOS', 'CSC_KEY_PASSWORD', 'MACOS_CERTIFICATE_PASSWORD'],
    ['macOS', 'APPLE_API_KEY_ID', 'APPLE_API_KEY_ID'],
    ['macOS', 'APPLE_API_ISSUER', 'APPLE_API_ISSUER'],
  ])('%s: %s comes from the documented secret %s', (os, variable, secret) => {
    const [step] = stepsRunning(build!, /^npm run dist:release$/).filter((s) => s.if === `runner.os == '${os}'`);
    expect(secretOf(step?.env?.[variable])).toBe(secret);
    expect(secretRows.map((row) => row.name)).toContain(secret);
  });

  it('notarises, and fails without credentials, on macOS', () => {
    const [step] = stepsRunning(build!, /^npm run dist:release$/).filter((s) => s.if === "runner.os == 'macOS'");
    expect(step!.env).toMatchObject({ MARKET_NOTARIZE: 'required' });
    const keyFile = build!.steps.find((s) => s.run?.includes('APPLE_API_KEY=$RUNNER_TEMP'));
    expect(secretOf(keyFile?.env?.APPLE_API_KEY_P8)).toBe('APPLE_API_KEY_P8');
  });

  // Each step that reads a secret must come after a require-env step (same OS) naming it:
  // a job missing one fails before it builds or uploads anything.
  it.each(
    Object.entries(release.workflow.jobs).flatMap(([id, job]) =>
      job.steps.flatMap((step, index) =>
        (isGuard(step) ? [] : Object.values(step.env ?? {}))
          .map(secretOf)
          .filter((secret) => secret !== null)
          .map((secret) => [id, step.name ?? step.run!, secret, index] as const),
      ),
    ),
  )('%s: “%s” reads %s only after require-env checked it', (id, _, secret, index) => {
    const job = release.workflow.jobs[id]!;
    const step = job.steps[index]!;
    const guard = job.steps
      .slice(0, index)
      .find((s) => isGuard(s) && (s.if === step.if || s.if === undefined) && s.run!.split(/\s+/).includes(secret));
    expect(guard, `no require-env step before it names ${secret}`).toBeDefined();
    expect(secretOf(guard!.env?.[secret])).toBe(secret);
  });

  it('the build checks the feed URL before building: it is baked into the app', () => {
    const guard = build!.steps.findIndex((s) => s.run === 'node scripts/release/require-env.ts UPDATE_FEED_URL');
    const first = build!.steps.findIndex((s) => s.run === 'npm run dist:release');
    expect(guard).toBeGreaterThanOrEqual(0);
    expect(guard).toBeLessThan(first);
  });
});
