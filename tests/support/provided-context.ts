// What the vitest global set-ups (emulator-global-setup.ts, postgres-global-setup.ts) hand the
// test files through `inject(...)`. Only the projects of vitest.config.ts that list a set-up get
// its values; a file that injects them belongs to that project.
declare module 'vitest' {
  export interface ProvidedContext {
    /** Empty when the Auth emulator could not be started: integration suites skip. */
    adminToken: string;
    buyerToken: string;
    /** The demo admins with a scoped `adminRole` claim. */
    moderatorToken: string;
    financeToken: string;
    /** Empty when no PostgreSQL binaries are installed: the PostgreSQL suites skip. */
    postgresAdminUrl: string;
  }
}

export {};
