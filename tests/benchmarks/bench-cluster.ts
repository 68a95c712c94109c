// The admin benchmark's PostgreSQL 15 cluster: a data directory outside git (.data/bench-pg),
// filled once with the project's seeder and reused while the seeder and the migrations stay the
// same (their files' hash is the cluster's "seed version"). PostgreSQL refuses to run as root, so
// as root the cluster belongs to the `postgres` user.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { migrations } from '../../server/platform/db/migrate.js';
import { asClusterOwner, ownedByClusterOwner, PG_BIN } from '../support/postgres-cluster.js';

const ROOT = resolve(import.meta.dirname, '../..');
const SEEDING_DIR = join(ROOT, 'server/seeding');

export interface BenchCluster {
  url: string;
  port: number;
  /** True when this run built the database (false: reused). */
  built: boolean;
  stop(): void;
}

/**
 * A hash of what decides the database's contents: the seeder, the migrations, the size. A
 * migration counts by its name and text, not its folder (migrate.ts runs every folder's by name),
 * so moving one to another area's folder keeps the database.
 */
export function seedVersion(users: number, seed: number): string {
  const hash = createHash('sha256').update(`${users}:${seed}\n`);
  const seeder = readdirSync(SEEDING_DIR)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => join(SEEDING_DIR, name))
    .sort();
  for (const file of seeder) hash.update(file.slice(ROOT.length)).update(readFileSync(file));
  for (const { name, file } of migrations()) hash.update(name).update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

/**
 * Starts the cluster in `dir` on `port`, after (re)creating it when its seed version is not
 * `version`; `fill(url)` seeds a new one. The data directory stays when stopped.
 */
export async function benchCluster(
  dir: string,
  port: number,
  version: string,
  fill: (url: string) => Promise<void>,
): Promise<BenchCluster> {
  const data = join(dir, 'data');
  const marker = join(dir, 'seed-version');
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const reuse = existsSync(marker) && readFileSync(marker, 'utf8').trim() === version;
  if (!reuse) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    ownedByClusterOwner(dir);
    asClusterOwner(join(PG_BIN, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  }
  // A benchmark database, rebuilt from the seeder at will: durability does not matter here.
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=100',
    '-c shared_buffers=512MB',
    '-c max_wal_size=8GB',
    '-c checkpoint_timeout=30min',
  ].join(' ');
  asClusterOwner(join(PG_BIN, 'pg_ctl'), ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
  const stop = () => {
    try {
      asClusterOwner(join(PG_BIN, 'pg_ctl'), ['-D', data, '-m', 'fast', 'stop']);
    } catch {
      // Already stopped.
    }
  };
  process.once('exit', stop);
  if (!reuse) {
    try {
      await fill(url);
    } catch (error) {
      stop();
      throw error;
    }
    writeFileSync(marker, `${version}\n`);
  }
  return { url, port, built: !reuse, stop };
}
