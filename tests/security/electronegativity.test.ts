// Electronegativity (Doyensec) over the Electron main process and preload: no HIGH finding.
// It always exits 0 on findings, and here it also crashes after writing its report when it
// cannot reach the network for Electron's release list, so the CSV report is what we read.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

interface Finding {
  check: string;
  severity: string;
  file: string;
  location: string;
  description: string;
}

/** Scans main/ and preload/ as one application (global checks look across both). */
function scanApp(): Finding[] {
  const work = mkdtempSync(join(tmpdir(), 'electronegativity-'));
  const folder = join(work, 'app');
  for (const part of ['main', 'preload']) cpSync(part, join(folder, part), { recursive: true });
  const report = join(work, 'report.csv');
  const electronVersion = JSON.parse(readFileSync('node_modules/electron/package.json', 'utf8')).version as string;
  spawnSync(
    process.execPath,
    [
      'node_modules/@doyensec/electronegativity/dist/index.js',
      '-i',
      folder,
      '-e',
      electronVersion,
      '-o',
      report,
      '-r',
      '-v',
      'false',
    ],
    { encoding: 'utf8', timeout: 60_000 },
  );
  if (!existsSync(report)) throw new Error(`electronegativity wrote no report for ${folder}`);
  const [header, ...rows] = readFileSync(report, 'utf8').trim().split('\n');
  expect(header).toMatch(/^issue, severity, confidence, filename, location/);
  return rows.map((row) => {
    const cells = [...row.matchAll(/"([^"]*)"|([^,]+)/g)].map((m) => m[1] ?? m[2] ?? '');
    return { check: cells[0]!, severity: cells[1]!, file: cells[3]!, location: cells[4]!, description: cells[6]! };
  });
}

describe('electronegativity', () => {
  it('finds no HIGH issue in main/ and preload/', () => {
    const high = scanApp().filter((f) => f.severity === 'HIGH');
    expect(high).toEqual([]);
  });
});
