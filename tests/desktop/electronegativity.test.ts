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

/** RFC 4180 rows: quoted fields may hold commas, quotes ("") and newlines. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field.trim());
      field = '';
    } else if (char === '\n') {
      row.push(field.trim());
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field.trim() || row.length) rows.push([...row, field.trim()]);
  return rows;
}

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
  const [header, ...rows] = parseCsv(readFileSync(report, 'utf8').trim());
  expect(header?.[0]).toBe('issue');
  return rows.map((fields) => {
    if (fields.length !== header!.length) throw new Error(`Unreadable report row: ${fields.join(',')}`);
    const [issue, severity, , file, location] = fields as [string, string, string, string, string];
    return { issue, severity, file, location };
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
