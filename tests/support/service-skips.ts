// The one way an integration test skips for want of a service: `canRun(...)` says whether the
// services are there and, when one is not, prints which file skips and why. Where CI ran
// (`CI=true`, .ci/run) a missing service fails the file instead, unless it was turned off on
// purpose (SERVER_IT=0, SERVER_IT_POSTGRES=0): those opt-outs are the only skips CI allows.
import { inject } from 'vitest';
import { postgresAvailable, PG_BIN } from './postgres-cluster.js';
import { redisAvailable } from './redis-server.js';
import './provided-context.js';

export type Service = 'postgres' | 'auth-emulator' | 'redis';

interface Absence {
  why: string;
  /** Turned off on purpose: a skip CI allows. */
  chosen: boolean;
}

function absence(service: Service): Absence | null {
  switch (service) {
    case 'postgres':
      if (process.env.SERVER_IT_POSTGRES === '0')
        return { why: 'SERVER_IT_POSTGRES=0 turns PostgreSQL off', chosen: true };
      return postgresAvailable() ? null : { why: `no PostgreSQL 15 binaries in ${PG_BIN} (PG_BIN)`, chosen: false };
    case 'auth-emulator':
      if (process.env.SERVER_IT === '0') return { why: 'SERVER_IT=0 turns the Auth emulator off', chosen: true };
      // The emulator's global set-up hands out an empty token when the emulator did not start.
      return inject('adminToken')
        ? null
        : { why: 'the Auth emulator did not start (see the run’s first lines)', chosen: false };
    case 'redis':
      return redisAvailable() ? null : { why: 'no redis-server on PATH', chosen: false };
  }
}

/** The test file that called, from the stack (for the message only). */
function callerFile(): string {
  const line = (new Error().stack ?? '').split('\n').find((l) => /\.test\.tsx?/.test(l) || /\.suite\.ts/.test(l));
  return (
    /([\w./-]+\.(?:test|suite)\.tsx?)/.exec(line ?? '')?.[1]?.replace(/^.*?\/(tests|server|shared)\//, '$1/') ??
    'a test file'
  );
}

/** True when every service is there; else prints why the caller skips (or, on CI, throws). */
export function canRun(...services: Service[]): boolean {
  const missing = services.map(absence).filter((a): a is Absence => a !== null);
  if (missing.length === 0) return true;
  const why = missing.map((a) => a.why).join('; ');
  if (process.env.CI && missing.some((a) => !a.chosen))
    throw new Error(`${callerFile()} cannot run on CI: ${why}. CI must not skip it.`);
  console.warn(`SKIPPED ${callerFile()}: ${why}`);
  return false;
}
