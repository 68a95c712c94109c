// Reading the GitHub workflows and README's "Releasing" table for the release tests: the few
// fields they check, typed, and what the workflows run and read.
import { readFileSync } from 'node:fs';
import { load } from 'js-yaml';

export interface Step {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  shell?: string;
  env?: Record<string, string>;
  with?: Record<string, unknown>;
}

export interface Job {
  name?: string;
  'runs-on': string;
  needs?: string | string[];
  if?: string;
  permissions?: Record<string, string>;
  container?: { image: string; options?: string };
  strategy?: { matrix: { os?: string[]; include?: Record<string, string>[] } };
  env?: Record<string, string>;
  steps: Step[];
}

export interface Workflow {
  name: string;
  on: Record<string, unknown>;
  permissions?: Record<string, string>;
  jobs: Record<string, Job>;
}

export function readWorkflow(path: string): { text: string; workflow: Workflow } {
  const text = readFileSync(path, 'utf8');
  return { text, workflow: load(text) as Workflow };
}

export type OsFamily = 'windows' | 'macos' | 'linux';

/** The runner labels a job runs on: its matrix's when `runs-on` is `${{ matrix.os }}`. */
export function runnersOf(job: Job): string[] {
  if (!job['runs-on'].includes('matrix.os')) return [job['runs-on']];
  const matrix = job.strategy?.matrix;
  return [...(matrix?.os ?? []), ...(matrix?.include ?? []).map((entry) => entry.os!)];
}

export function osFamily(runner: string): OsFamily | null {
  if (/^windows-/.test(runner)) return 'windows';
  if (/^macos-/.test(runner)) return 'macos';
  if (/^ubuntu-/.test(runner)) return 'linux';
  return null;
}

export function familiesOf(jobs: readonly Job[]): OsFamily[] {
  return [...new Set(jobs.flatMap(runnersOf).map(osFamily))].filter((f) => f !== null).sort();
}

export function needsOf(job: Job): string[] {
  return job.needs === undefined ? [] : [job.needs].flat();
}

/** The `X` of every `npm run X` in the steps' commands. */
export function npmScriptsRun(workflow: Workflow): string[] {
  const runs = Object.values(workflow.jobs).flatMap((job) => job.steps.map((step) => step.run ?? ''));
  return [...new Set(runs.flatMap((run) => [...run.matchAll(/\bnpm run ([\w:-]+)/g)].map((match) => match[1]!)))];
}

/** Which jobs read each `secrets.X` (or `vars.X`), anywhere in the job. */
export function namesReadByJob(workflow: Workflow, kind: 'secrets' | 'vars'): Map<string, string[]> {
  const readers = new Map<string, string[]>();
  for (const [id, job] of Object.entries(workflow.jobs)) {
    for (const [, name] of JSON.stringify(job).matchAll(new RegExp(`\\b${kind}\\.([A-Z0-9_]+)`, 'g'))) {
      const jobs = readers.get(name!) ?? [];
      if (!jobs.includes(id)) readers.set(name!, [...jobs, id]);
    }
  }
  return readers;
}

/** The secret `${{ secrets.X }}` an env value is, or null. */
export function secretOf(value: string | undefined): string | null {
  return /^\$\{\{\s*secrets\.([A-Z0-9_]+)\s*\}\}$/.exec(value ?? '')?.[1] ?? null;
}

export interface DocumentedName {
  name: string;
  kind: 'secret' | 'variable';
  readBy: string[];
}

/** The secrets-and-variables table of README's "Releasing" section. */
export function releasingTable(readme: string): DocumentedName[] {
  const section = readme.split(/^## /m).find((part) => part.startsWith('Releasing\n'));
  if (!section) throw new Error('README.md has no "## Releasing" section');
  const lines = section.split('\n');
  const header = lines.findIndex((line) => /^\| name \| kind \| what it is \| read by \|$/.test(line));
  if (header < 0) throw new Error('the Releasing section has no "| name | kind | what it is | read by |" table');
  const rows: DocumentedName[] = [];
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith('|')) break;
    const cells = line.split('|').map((cell) => cell.trim());
    const [name, kind, , readBy] = cells.slice(1);
    rows.push({
      name: name!.replace(/`/g, ''),
      kind: kind as DocumentedName['kind'],
      // "build (mac)" names the job `build`, on its macOS leg.
      readBy: readBy!.split(',').map((job) => job.replace(/\(.*\)/, '').trim()),
    });
  }
  return rows;
}
