// The architecture's "may import" column is enforced by ESLint (eslint.config.js). These cases
// lint a one-line file as if it sat in each folder, so a rule that stops biting fails here.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function importErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = x;\n`, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('what each folder may import', () => {
  it.each([
    ['shared/contract/x.ts', "import x from 'electron';"],
    ['shared/rules/x.ts', "import x from 'node:fs';"],
    ['shared/rules/x.ts', "import x from 'fs';"],
    ['shared/rules/x.ts', "import x from 'react';"],
    ['shared/rules/x.ts', "import x from '@blueprintjs/core';"],
    ['shared/rules/x.ts', "import x from '../../server/app.js';"],
    ['renderer/screens/x.ts', "import x from 'electron';"],
    ['renderer/screens/x.ts', "import x from 'node:path';"],
    ['renderer/screens/x.ts', "import x from '../../main/core/session.js';"],
    ['renderer/screens/x.ts', "import x from 'fastify';"],
    ['main/core/x.ts', "import x from 'electron';"],
    ['main/core/x.ts', "import x from 'electron-store';"],
    ['main/core/x.ts', "import x from 'react';"],
    ['preload/x.ts', "import x from 'node:fs';"],
    ['server/x.ts', "import x from 'electron';"],
    ['server/x.ts', "import x from '../renderer/app/App.js';"],
    ['server/x.ts', "import x from '../tests/market/market-db.js';"],
    ['scripts/x.ts', "import x from '../tests/support/auth-emulator.js';"],
    // A real-stack spec takes its `test` from quiet-console.ts, which fails it on console noise.
    ['tests/e2e/real-stack/x.stack.spec.ts', "import { test as x } from '@playwright/test';"],
  ])('%s may not: %s', async (file, code) => {
    expect(await importErrors(file, code)).not.toEqual([]);
  });

  it.each([
    ['shared/rules/x.ts', "import x from 'zod';"],
    ['shared/rules/x.ts', "import x from '../contract/enums.js';"],
    ['renderer/screens/x.ts', "import x from '@blueprintjs/core';"],
    ['renderer/screens/x.ts', "import x from '../../shared/contract/entities.js';"],
    ['main/window.ts', "import x from 'electron';"],
    ['main/core/x.ts', "import x from 'node:fs';"],
    ['main/core/x.ts', "import x from 'ky';"],
    ['preload/x.ts', "import x from 'electron';"],
    ['server/x.ts', "import x from 'node:http';"],
    ['server/x.ts', "import x from 'fastify';"],
    ['scripts/x.ts', "import x from '../server/server.js';"],
    ['tests/e2e/real-stack/x.stack.spec.ts', "import { test as x } from './quiet-console.js';"],
    ['tests/e2e/real-stack/x.stack.spec.ts', "import type { Page as x } from '@playwright/test';"],
  ])('%s may: %s', async (file, code) => {
    expect(await importErrors(file, code)).toEqual([]);
  });
});

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = x;\n`, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'market/module-boundary').map((m) => m.message);
}

describe('a server module is reached only through its index.ts', () => {
  it.each([
    ['server/modules/orders/x.ts', "import x from '../payments/charges.js';"],
    ['server/modules/orders/rules/x.ts', "import x from '../../payments/rules/card-charge.js';"],
    ['server/app.ts', "import x from './modules/listings/listings.js';"],
    ['server/platform/http/x.ts', "export { x } from '../../modules/accounts/account.js';"],
  ])('%s may not: %s', async (file, code) => {
    expect(await boundaryErrors(file, code)).not.toEqual([]);
  });

  it.each([
    ['server/modules/orders/x.ts', "import x from '../payments/index.js';"],
    ['server/modules/orders/x.ts', "import x from './rules/refund-remaining.js';"],
    ['server/modules/orders/rules/x.ts', "import x from '../commerce.js';"],
    ['server/app.ts', "import x from './modules/listings/index.js';"],
  ])('%s may: %s', async (file, code) => {
    expect(await boundaryErrors(file, code)).toEqual([]);
  });
});
