// The admin benchmark's database: `benchCluster` in .data/bench-pg, migrated and filled by
// `npm run seed` itself (a child process at Node's default heap, timed), reused while the seed
// version holds.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { benchCluster, seedVersion, type BenchCluster } from './bench-cluster.js';

const ROOT = resolve(import.meta.dirname, '../..');

export interface AdminDatabase extends BenchCluster {
  /** Seconds `npm run seed` took, when this run built the database. */
  seedSeconds: number | null;
}

/** Runs `npm run seed -- --users N` against `url`, printing its output; its wall time. */
export async function runSeedCommand(url: string, users: number, seed: number): Promise<number> {
  const started = Date.now();
  await new Promise<void>((done, fail) => {
    const child = spawn('npm', ['run', 'seed', '--', '--users', String(users), '--seed', String(seed)], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: url, NODE_OPTIONS: '' },
      stdio: 'inherit',
    });
    child.on('exit', (code) => (code === 0 ? done() : fail(new Error(`npm run seed exited with ${code}`))));
  });
  return (Date.now() - started) / 1000;
}

export async function adminDatabase(users: number, seed: number, port: number): Promise<AdminDatabase> {
  let seedSeconds: number | null = null;
  const cluster = await benchCluster(resolve(ROOT, '.data/bench-pg'), port, seedVersion(users, seed), async (url) => {
    seedSeconds = await runSeedCommand(url, users, seed);
  });
  return { ...cluster, seedSeconds };
}
