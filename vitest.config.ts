import { defineConfig } from 'vitest/config';

// Unit and integration tests: `*.test.ts` beside their modules and under tests/ (not e2e).
export default defineConfig({
  test: {
    include: ['{shared,main,preload,server,renderer,tests}/**/*.test.{ts,tsx}'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
    testTimeout: 30_000,
    // Auth emulator + throwaway PostgreSQL for the server integration tests (tests/server/).
    globalSetup: ['tests/support/server-global-setup.ts'],
  },
});
