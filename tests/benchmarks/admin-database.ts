// The admin benchmark's database: `benchCluster` in .data/bench-pg, migrated and filled by
// `npm run seed` itself (a child process at Node's default heap, timed), reused while the seed
// version holds. Any other size or seed (`--users 3000000`) lives in a directory and on a port of
// its own: building it must never wipe the 1M-user database, which takes minutes to rebuild.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { benchCluster, seedVersion, type BenchCluster } from './bench-cluster.js';
import { startedEnvironment } from './as-deployed.js';

const ROOT = resolve(import.meta.dirname, '../..');

/** The default database: 1,000,000 users from seed 1, in .data/bench-pg on this port. */
export const DEFAULT_BENCH_USERS = 1_000_000;
export const DEFAULT_BENCH_SEED = 1;
export const DEFAULT_BENCH_PORT = 55414;
/** The port of any other database (`--db-port` overrides both). */
const OTHER_BENCH_PORT = 55415;

export interface AdminDatabase extends BenchCluster {
  /** Seconds `npm run seed` took, when this run built the database. */
  seedSeconds: number | null;
}

/** Where the database of `users` users from `seed` lives, and the port it listens on. */
export function benchDatabasePlace(users: number, seed: number): { dir: string; port: number } {
  if (users === DEFAULT_BENCH_USERS && seed === DEFAULT_BENCH_SEED)
    return { dir: resolve(ROOT, '.data/bench-pg'), port: DEFAULT_BENCH_PORT };
  const name = seed === DEFAULT_BENCH_SEED ? `bench-pg-${users}` : `bench-pg-${users}-seed-${seed}`;
  return { dir: resolve(ROOT, '.data', name), port: OTHER_BENCH_PORT };
}

/** Runs `npm run seed -- --users N` against `url`, printing its output; its wall time. */
export async function runSeedCommand(url: string, users: number, seed: number): Promise<number> {
  const started = Date.now();
  await new Promise<void>((done, fail) => {
    const child = spawn('npm', ['run', 'seed', '--', '--users', String(users), '--seed', String(seed)], {
      cwd: ROOT,
      env: { ...startedEnvironment(), DATABASE_URL: url, NODE_OPTIONS: '' },
      stdio: 'inherit',
    });
    child.on('exit', (code) => (code === 0 ? done() : fail(new Error(`npm run seed exited with ${code}`))));
  });
  return (Date.now() - started) / 1000;
}

/** The database of `users` users from `seed` (`benchDatabasePlace`), on `port` if given. */
export async function adminDatabase(users: number, seed: number, port?: number): Promise<AdminDatabase> {
  const place = benchDatabasePlace(users, seed);
  let seedSeconds: number | null = null;
  const cluster = await benchCluster(place.dir, port ?? place.port, seedVersion(users, seed), async (url) => {
    seedSeconds = await runSeedCommand(url, users, seed);
  });
  return { ...cluster, seedSeconds };
}
