// Lint, and the architecture's "may import" column (ARCHITECTURE.md) as rules: a wrong
// import fails `npm test`, not a review. tests/architecture/import-rules.test.ts proves it.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { builtinModules } from 'node:module';
import path from 'node:path';

const nodeBuiltins = ['node:*', ...builtinModules, ...builtinModules.map((name) => `${name}/*`)];
const message = (why) => `${why} (ARCHITECTURE.md, "may import")`;

const banned = {
  electron: {
    group: ['electron', 'electron/*', 'electron-store', 'electron-updater'],
    message: message('only main/ outside core/ and preload/ may import electron'),
  },
  node: { group: nodeBuiltins, message: message('this runtime has no Node built-ins') },
  react: {
    group: ['react', 'react/*', 'react-dom', 'react-dom/*', '@blueprintjs/*', 'zustand', 'zustand/*'],
    message: message('UI libraries belong to renderer/'),
  },
  server: {
    group: [
      '**/server/**',
      'fastify',
      'fastify/*',
      'drizzle-orm',
      'drizzle-orm/*',
      'pg',
      '@electric-sql/*',
      'firebase-admin',
      'firebase-admin/*',
    ],
    message: message('server code stays in server/'),
  },
  main: { group: ['**/main/**'], message: message('main-process code stays in main/') },
  renderer: { group: ['**/renderer/**'], message: message('renderer code stays in renderer/') },
  preload: { group: ['**/preload/**'], message: message('preload is reached only through window.market') },
  tests: { group: ['**/tests/**'], message: message('only tests import from tests/; scripts and app code never do') },
};
const restrict = (...keys) => ({
  'no-restricted-imports': ['error', { patterns: keys.map((key) => banned[key]) }],
});

// Raw IPC only in the one adapter per side (as GitHub Desktop does it): everything else
// goes through the shared channel table.
const ipcAdapters = ['main/ipc.ts', 'preload/preload.ts'];
const rawIpc =
  'raw IPC only in main/ipc.ts and preload/preload.ts; use the channel table in shared/contract/ipc-table.ts';
const banRawIpc = (...keys) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: keys.map((key) => banned[key]),
      paths: ['electron', 'electron/main', 'electron/renderer'].map((name) => ({
        name,
        importNames: ['ipcMain', 'ipcRenderer'],
        message: rawIpc,
      })),
    },
  ],
  'no-restricted-syntax': [
    'error',
    { selector: "MemberExpression[object.name='electron'][property.name=/^ipc(Main|Renderer)$/]", message: rawIpc },
    {
      selector: "MemberExpression[property.name='send'][object.property.name=/^(webContents|sender)$/]",
      message: rawIpc,
    },
    { selector: "MemberExpression[property.name='send'][object.name=/^(webContents|contents)$/]", message: rawIpc },
  ],
});

// A server module (server/modules/<area>/) is reached from outside only through its index.ts:
// what a module does not export there is its own business, free to change.
const moduleOf = (file) => {
  const relative = path.relative(process.cwd(), file).split(path.sep).join('/');
  const match = /^server\/modules\/([^/]+)\//.exec(relative);
  return match ? { area: match[1], rest: relative.slice(match[0].length) } : null;
};
const moduleBoundary = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const from = moduleOf(context.filename);
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = moduleOf(path.resolve(path.dirname(context.filename), spec));
      if (!target || target.area === from?.area) return;
      if (/^index\.(js|ts)$/.test(target.rest)) return;
      context.report({
        node: node.source,
        message: `reach the ${target.area} module through its index.ts, not ${target.rest} (ARCHITECTURE.md, "modules")`,
      });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

// Platform sits below the modules: nothing in server/platform/ imports a module, the seeders, or a
// composition file directly in server/ (app.ts, composition.ts, …), which import modules. What a
// platform type needs from a module comes in as a type argument (ServiceDeps<Ports>).
const serverPath = (file) => path.relative(process.cwd(), file).split(path.sep).join('/');
const platformBelowModules = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = serverPath(path.resolve(path.dirname(context.filename), spec));
      const above = /^server\/(modules|seeding)\//.test(target) || /^server\/[^/]+$/.test(target);
      if (!above) return;
      context.report({
        node: node.source,
        message: `platform imports no module and no composition file: ${target} (ARCHITECTURE.md, "may import")`,
      });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};
const market = { rules: { 'module-boundary': moduleBoundary, 'platform-below-modules': platformBelowModules } };

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'dist-electron/',
      'release/',
      '.data/',
      'test-results/',
      'playwright-report/',
      'tests/architecture/fixtures/',
      // Linted by the TypeScript compiler against the client generated at test time (client.test.ts).
      'tests/api-document/fixtures/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['shared/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: restrict('electron', 'node', 'react', 'server', 'main', 'renderer', 'preload', 'tests'),
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: restrict('electron', 'node', 'server', 'main', 'preload', 'tests'),
  },
  {
    files: ['main/core/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: restrict('electron', 'react', 'server', 'renderer', 'preload', 'tests'),
  },
  {
    files: ['main/**/*.ts'],
    ignores: ['main/core/**', '**/*.test.ts', ...ipcAdapters],
    rules: banRawIpc('react', 'server', 'renderer', 'preload', 'tests'),
  },
  { files: ['main/ipc.ts'], rules: restrict('react', 'server', 'renderer', 'preload', 'tests') },
  {
    files: ['preload/**/*.ts'],
    ignores: ipcAdapters,
    rules: banRawIpc('node', 'react', 'server', 'main', 'renderer', 'tests'),
  },
  { files: ['preload/preload.ts'], rules: restrict('node', 'react', 'server', 'main', 'renderer', 'tests') },
  {
    files: ['server/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { market },
    rules: {
      ...restrict('electron', 'react', 'main', 'renderer', 'preload', 'tests'),
      'market/module-boundary': 'error',
    },
  },
  {
    files: ['server/platform/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { market },
    rules: { 'market/platform-below-modules': 'error' },
  },
  {
    // electron-builder hooks run as CommonJS in Node.
    files: ['resources/build/**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { require: 'readonly', module: 'writable', process: 'readonly', console: 'readonly' },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // Every real-stack spec runs under the quiet-console fixture: a console error or warning the
  // page logs fails the spec. Playwright's own `test` would skip that check without a word.
  {
    files: ['tests/e2e/real-stack/*.stack.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              message: "take `test` from './quiet-console.js': it fails a spec on any console error or warning",
            },
          ],
        },
      ],
    },
  },
  // Developer commands start what the app needs (the Auth emulator, the API) from scripts/ or
  // server/, never from test helpers.
  { files: ['scripts/**/*.{ts,js,mjs}'], rules: restrict('tests') },
  {
    files: ['scripts/**/*.{js,mjs}', '*.config.{js,ts}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
