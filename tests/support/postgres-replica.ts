// A streaming replica of a throwaway cluster (postgres-cluster.ts): `pg_basebackup -R` copies the
// primary and writes its primary_conninfo, then the copy starts as a hot standby on a port of its
// own. Removed when stopped.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.js';
import { asClusterOwner, ownedByClusterOwner, PG_BIN } from './postgres-cluster.js';

export interface PostgresReplica {
  /** The URL of `database` on the replica. */
  urlFor(database: string): string;
  stop(): void;
}

/** A hot standby streaming from the cluster whose `postgres` database is at `primaryAdminUrl`. */
export async function startReplica(primaryAdminUrl: string): Promise<PostgresReplica> {
  const primaryPort = new URL(primaryAdminUrl).port;
  const dir = mkdtempSync(join(tmpdir(), 'market-pg-replica-'));
  ownedByClusterOwner(dir);
  const data = join(dir, 'data');
  asClusterOwner(join(PG_BIN, 'pg_basebackup'), [
    '-h',
    '127.0.0.1',
    '-p',
    primaryPort,
    '-U',
    'postgres',
    '-D',
    data,
    '-R',
    '-X',
    'stream',
    '-c',
    'fast',
  ]);
  const port = await freePort();
  // max_connections as on the primary (postgres-cluster.ts): a standby may not have fewer.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c hot_standby=on -c max_connections=200`;
  asClusterOwner(join(PG_BIN, 'pg_ctl'), ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
  const stop = () => {
    try {
      asClusterOwner(join(PG_BIN, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  process.once('exit', stop);
  return {
    urlFor: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    stop: () => {
      process.off('exit', stop);
      stop();
    },
  };
}
