// Vitest globalSetup of the projects whose files talk to the Auth emulator (vitest.config.ts):
// once per run, start (or reuse) the emulator with the demo accounts and hand the files their
// ID tokens. Only the starter stops the emulator (scripts/auth-emulator.ts). SERVER_IT=0 skips;
// an emulator that does not start fails the run where CI ran (CI=true), else its suites skip.
import type { TestProject } from 'vitest/node';
import { ensureDemoAccounts, DEMO_ACCOUNTS } from '../../server/platform/auth/demo-accounts.js';
import { EMULATOR_HOST, PROJECT_ID, signIn, startAuthEmulator, type AuthEmulator } from './auth-emulator.js';
import './provided-context.js';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  for (const name of ['admin', 'buyer', 'moderator', 'finance'] as const) project.provide(`${name}Token`, '');
  if (process.env.SERVER_IT === '0') return async () => undefined;

  let emulator: AuthEmulator | null = null;
  try {
    emulator = await startAuthEmulator();
    await ensureDemoAccounts(PROJECT_ID, EMULATOR_HOST);
    for (const name of ['admin', 'buyer', 'moderator', 'finance'] as const) {
      const account = DEMO_ACCOUNTS[name];
      project.provide(`${name}Token`, (await signIn(account.email, account.password)).idToken);
    }
  } catch (error) {
    // On CI a suite that skips is a suite that did not run: the run fails instead.
    if (process.env.CI)
      throw new Error(`The Auth emulator did not start, and CI must not skip its suites: ${String(error)}`, {
        cause: error,
      });
    console.warn(`[server integration] Auth emulator unavailable, integration suites will skip: ${String(error)}`);
  }
  return async () => {
    await emulator?.stop();
  };
}
