// Where bench:admin keeps its runs (.data/bench), and the tables it prints from them: a run's own,
// and each request's growth between two sizes (`--compare-users`).
import { existsSync, readFileSync } from 'node:fs';
import { type AdminRun, GROWTH_LIMIT, growthBetween } from './admin-bench-verdicts.js';

export const OUT_DIR = '.data/bench';
/** Every run's figures at a size, the last one standing: what `--compare-users` reads. */
export const latestRunPath = (size: number) => `${OUT_DIR}/admin-latest-${size}.json`;
/** The last full run at a size (no `--only`, no wrong answer): the REGRESSION verdict's baseline. */
export const fullRunPath = (size: number) => `${OUT_DIR}/admin-full-${size}.json`;
export const readRun = (path: string): AdminRun | null =>
  existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as AdminRun) : null;

export function printTable(header: string[], table: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i]!.length)));
  for (const row of [header, ...table]) console.log(row.map((cell, i) => cell.padEnd(widths[i]!)).join('  '));
}

/** Each request's growth between this run and the other size's latest (`--compare-users`). */
export function compareWith(run: AdminRun, otherUsers: number): void {
  const other = readRun(latestRunPath(otherUsers));
  if (!other) {
    console.log(`
No run at ${otherUsers} users in ${latestRunPath(otherUsers)}: nothing to compare with.`);
    return;
  }
  const [small, large] = run.users <= other.users ? [run, other] : [other, run];
  console.log(
    `
Growth from ${small.users} users (${small.at}) to ${large.users} (${large.at}), ${large.users}/${small.users}: ` +
      `p50, time per request by HTTP req/s, and pgbench's on the same statements (limit ${GROWTH_LIMIT}× by HTTP).\n`,
  );
  const growth = growthBetween(run, other);
  printTable(
    ['request', 'p50', 'http', 'pgbench'],
    growth.map((g) => [
      g.name,
      `${g.p50.toFixed(2)}×`,
      `${g.http.toFixed(2)}×${g.over ? ` (above ${GROWTH_LIMIT})` : ''}`,
      `${g.pgbench.toFixed(2)}×`,
    ]),
  );
  const over = growth.filter((g) => g.over);
  console.log(over.length ? `\nGrown over ${GROWTH_LIMIT}×: ${over.map((g) => g.name).join(', ')}` : '');
}
