// A throwaway PostgreSQL 15 cluster for the integration tests: initdb in a temp directory,
// started on a free port, removed when stopped. PostgreSQL refuses to run as root, so as
// root the cluster belongs to the `postgres` user.
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './free-port.js';

/** PostgreSQL 15's programs (initdb, pg_ctl, pg_basebackup, pgbench). */
export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

export interface PostgresCluster {
  /** The connection URL of the cluster's `postgres` database. */
  adminUrl: string;
  urlFor(database: string): string;
  stop(): Promise<void>;
}

export function postgresAvailable(): boolean {
  return existsSync(join(PG_BIN, 'initdb')) && existsSync(join(PG_BIN, 'pg_ctl'));
}

function runAsClusterOwner(command: string, args: readonly string[]) {
  const isRoot = process.getuid?.() === 0;
  const [file, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, [...args]];
  return spawnSync(file, argv, { encoding: 'utf8' });
}

export function asClusterOwner(command: string, args: readonly string[]): void {
  const run = runAsClusterOwner(command, args);
  if (run.status !== 0) throw new Error(`${command} failed: ${run.stderr || run.stdout}`);
}

/**
 * `asClusterOwner` without blocking the event loop: for a test whose own requests must be
 * answered and timed while `pg_ctl` runs (a crash test's stop and start).
 */
export function asClusterOwnerAsync(command: string, args: readonly string[]): Promise<void> {
  const isRoot = process.getuid?.() === 0;
  const [file, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, [...args]];
  return new Promise((resolve, reject) => {
    execFile(file, argv, { encoding: 'utf8' }, (error, stdout, stderr) =>
      error ? reject(new Error(`${command} failed: ${stderr || stdout || error.message}`)) : resolve(),
    );
  });
}

/** As root, hands `dir` to the `postgres` user, who runs the cluster in it. */
export function ownedByClusterOwner(dir: string): void {
  if (process.getuid?.() !== 0) return;
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  chownSync(dir, uid, gid);
}

export interface ClusterOptions {
  /** Extra `-c name=value` server settings (the bid benchmark's pg_stat_statements). */
  settings?: string[];
  /**
   * Durable, as production is (fsync and full-page writes on), for a test about what survives a
   * crash; otherwise durability is off, irrelevant for a cluster that lives for one test run.
   */
  durable?: boolean;
}

/** A cluster a crash test stops and starts again. */
export interface CrashableCluster extends PostgresCluster {
  port: number;
  /** `pg_ctl stop -m immediate`, without blocking the event loop (the test's requests are timed meanwhile). */
  crash(): Promise<void>;
  /** Starts it again with its settings, once it accepts connections. */
  restart(): Promise<void>;
}

export async function startPostgresCluster(options: ClusterOptions = {}): Promise<CrashableCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'market-pg-'));
  ownedByClusterOwner(dir);
  const data = join(dir, 'data');
  asClusterOwner(join(PG_BIN, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  const settings = [
    'listen_addresses=127.0.0.1',
    ...(options.durable
      ? ['max_connections=50']
      : ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off', 'max_connections=200']),
    ...(options.settings ?? []),
  ];
  const serverOptions = `-p ${port} -k ${dir}${settings.map((setting) => ` -c ${setting}`).join('')}`;
  const pgCtl = (...args: string[]) => [join(PG_BIN, 'pg_ctl'), ['-D', data, ...args]] as const;
  const start = pgCtl('-o', serverOptions, '-l', join(dir, 'log'), '-w', 'start');
  const stop = pgCtl('-m', 'immediate', 'stop');
  asClusterOwner(...start);
  const urlFor = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const stopNow = () => {
    try {
      asClusterOwner(...stop);
    } catch (error) {
      // A crash test may leave it stopped; anything else is a failure to report.
      if (runAsClusterOwner(...pgCtl('status')).status !== 3) throw error;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  // A run killed before its teardown must not leave the cluster behind (all synchronous).
  process.once('exit', stopNow);
  return {
    adminUrl: urlFor('postgres'),
    urlFor,
    port,
    crash: () => asClusterOwnerAsync(...stop),
    restart: () => asClusterOwnerAsync(...start),
    stop: async () => {
      process.off('exit', stopNow);
      stopNow();
    },
  };
}

/** A fresh, empty database in the cluster, so test files never share state. */
export async function createDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
}

/**
 * The run's migrated database (postgres-global-setup.ts makes it once): a test file's database is
 * a copy of it, 0.2 to 0.6 s, where migrating a fresh one took 3.2 s. Nothing connects to it
 * (ALLOW_CONNECTIONS false), since PostgreSQL copies no database that has a session open.
 */
export const MIGRATED_TEMPLATE = 'market_migrated_template';

/**
 * A fresh copy of the cluster's migrated template named `name`, or false when the cluster has no
 * template (a cluster of the caller's own, not the run's): then the caller creates and migrates.
 */
export async function createMigratedDatabase(adminUrl: string, name: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [MIGRATED_TEMPLATE]);
    if (found.rowCount === 0) return false;
    await client.query(`CREATE DATABASE "${name.replace(/"/g, '')}" TEMPLATE ${MIGRATED_TEMPLATE}`);
    return true;
  } finally {
    await client.end();
  }
}

/** Drops a test file's database when it is done (its connections are closed first). */
export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name.replace(/"/g, '')}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
