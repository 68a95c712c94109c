// Platform sits below the modules: no file of server/platform/ imports a module, the seeders or a
// composition file of server/ (ARCHITECTURE.md, "may import"). ESLint enforces it
// (market/platform-below-modules); these cases prove the rule bites, and the scan below reads the
// tree itself, so the rule being switched off cannot hide an import.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });
const ROOT = resolve(import.meta.dirname, '../..');

async function platformErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = x;\n`, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'market/platform-below-modules').map((m) => m.message);
}

/** Where a platform file's relative imports lead that platform may not go. */
function importsAbove(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']*)'/g)].map((match) => match[1]!);
  return specifiers
    .map((specifier) =>
      relative(ROOT, resolve(dirname(file), specifier))
        .split('\\')
        .join('/'),
    )
    .filter((target) => /^server\/(modules|seeding)\//.test(target) || /^server\/[^/]+$/.test(target));
}

function platformFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return platformFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('platform imports no module', () => {
  it.each([
    ['server/platform/http/x.ts', "import x from '../../modules/payments/index.js';"],
    ['server/platform/db/schema/x.ts', "import type { x } from '../../../modules/listings/index.js';"],
    ['server/platform/http/x.ts', "export { x } from '../../modules/accounts/index.js';"],
    ['server/platform/http/x.ts', "import type { x } from '../../composition.js';"],
    ['server/platform/events/x.ts', "import x from '../../app.js';"],
    ['server/platform/db/x.ts', "import x from '../../seeding/seed.js';"],
  ])('%s may not: %s', async (file, code) => {
    expect(await platformErrors(file, code)).not.toEqual([]);
  });

  it.each([
    ['server/platform/http/x.ts', "import x from '../db/database.js';"],
    ['server/platform/http/x.ts', "import x from '../../../shared/contract/entities.js';"],
    ['server/modules/orders/x.ts', "import x from '../payments/index.js';"],
    ['server/seeding/x.ts', "import x from '../modules/auctions/index.js';"],
  ])('%s may: %s', async (file, code) => {
    expect(await platformErrors(file, code)).toEqual([]);
  });

  it('holds for every file of server/platform/ today', () => {
    const offending = platformFiles(join(ROOT, 'server/platform')).flatMap((file) =>
      importsAbove(file).map((target) => `${relative(ROOT, file)} → ${target}`),
    );
    expect(offending).toEqual([]);
  });
});
