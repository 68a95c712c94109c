// Electronegativity (Doyensec's Electron security scanner) over main/ and preload/: no HIGH
// finding. It exits 0 on findings (and may exit 1 offline, after writing its report, when it
// cannot fetch Electron's release list), so the CSV report is what is read.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const work = mkdtempSync(join(tmpdir(), 'market-electronegativity-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

// Offline, the scanner's own translation/release downloads (got) throw an uncaught
// errors ("onCancel" on retry, ENOTFOUND) that can kill it while it writes the report; the
// runner ignores network errors only.
const runner = `
const offline = (error) =>
  /onCancel|RequestError|TimeoutError|ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT/.test(
    String(error && (error.name + ' ' + error.code + ' ' + error.message)),
  );
const fail = (error) => {
  if (offline(error)) return;
  console.error(error);
  process.exit(2);
};
process.on('uncaughtException', fail);
process.on('unhandledRejection', fail);
require(process.argv[1]);
`;

// Its CSV is not reliably RFC 4180: a CSP sample can carry an unbalanced quote that would
// swallow the rows after it. Every finding starts a line with its check id and severity, so
// findings are read line by line; other lines continue a multi-line sample and are skipped.
const FINDING = /^([A-Z0-9_]+),"?(HIGH|MEDIUM|LOW|INFORMATIONAL)"?,"?([A-Z]+)"?,"?([^",]*)"?,"?([^",]*)"?,/;

function scan(): { issue: string; severity: string; file: string; location: string }[] {
  const app = join(work, 'app');
  for (const folder of ['main', 'preload']) {
    cpSync(folder, join(app, folder), { recursive: true, filter: (source) => !source.endsWith('.test.ts') });
  }
  const report = join(work, 'report.csv');
  const cli = resolve('node_modules/@doyensec/electronegativity/dist/index.js');
  const run = spawnSync(
    process.execPath,
    ['-e', runner, cli, '-i', app, '-o', report, '-r', '-v', 'false', '-e', '45.0.0'],
    { encoding: 'utf8', timeout: 60_000 },
  );
  if (run.status !== 0 || !existsSync(report)) {
    throw new Error(`electronegativity failed (exit ${run.status}):\n${run.stdout}\n${run.stderr}`);
  }
  const [header, ...lines] = readFileSync(report, 'utf8').trim().split('\n');
  expect(header?.split(',')[0]).toBe('issue');
  return lines.flatMap((line) => {
    const match = FINDING.exec(line);
    if (!match) return [];
    const [, issue, severity, , file, location] = match as unknown as [string, string, string, string, string, string];
    return [{ issue, severity, file, location }];
  });
}

describe('electronegativity', () => {
  it('finds nothing HIGH in main/ and preload/', () => {
    const findings = scan();
    // The scan really read our code: it always notes the preload script of our windows.
    expect(findings.some((f) => f.issue === 'PRELOAD_JS_CHECK' && f.file === 'main/windows.ts')).toBe(true);
    expect(findings.filter((f) => f.severity === 'HIGH')).toEqual([]);
  }, 60_000);
});
