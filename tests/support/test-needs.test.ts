import { describe, expect, it } from 'vitest';
import { needsInText, projectFor, type Need } from './test-needs.js';

// The texts are assembled so this file's own text needs nothing (it is read like any other).
const call = (name: string, args: string) => `${name}(${args})`;

describe('a test file’s needs and project', () => {
  it.each<[string, string, Need[], string]>([
    ['a pure test', "import { it } from 'vitest';\nit('adds', () => {});", [], 'unit'],
    ['an emulator token', `const token = ${call('inject', "'adminToken'")};`, ['auth-emulator'], 'pglite'],
    ['a finance token, double quotes', call('inject', '"financeToken"'), ['auth-emulator'], 'pglite'],
    ['the cluster', `const url = ${call('inject', "'postgresAdminUrl'")};`, ['postgres'], 'postgres'],
    ['the market fixture', `db = await ${call('startMarketDb', '')};`, ['postgres'], 'postgres'],
    ['an app on PostgreSQL', `suite(() => ${call('appOnPostgres', 'startApp')});`, ['postgres'], 'postgres'],
    [
      'both',
      `${call('inject', "'adminToken'")}; ${call('inject', "'postgresAdminUrl'")};`,
      ['auth-emulator', 'postgres'],
      'postgres',
    ],
    ['a guard', `describe.skipIf(!${call('canRun', "'redis', 'postgres'")})`, ['postgres'], 'postgres'],
    ['a marker', '// test-needs: postgres\nimport x from "y";', ['postgres'], 'postgres'],
    ['an emulator marker', '// test-needs: auth-emulator', ['auth-emulator'], 'pglite'],
    ['app.inject is not vitest’s', "await app.inject({ method: 'GET', url: '/v1/health' });", [], 'unit'],
    ['a marker mentioned in prose does not count', 'const s = "see // test-needs: postgres";', [], 'unit'],
  ])('%s', (_name, text, needs, project) => {
    const found = needsInText(text);
    expect([...found].sort()).toEqual(needs);
    expect(projectFor(found)).toBe(project);
  });

  it('refuses a marker it does not know, rather than running the file where it skips', () => {
    expect(() => needsInText('// test-needs: redis')).toThrow(/unknown test-needs marker: redis/);
  });
});
