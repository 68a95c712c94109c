// A streaming replica of a throwaway cluster (postgres-cluster.ts): `pg_basebackup -R` copies the
// primary and writes its primary_conninfo, then the copy starts as a hot standby on a port of its
// own. Removed when stopped.
import { execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asClusterOwner } from './postgres-cluster.js';

const BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

export interface PostgresReplica {
  /** The URL of `database` on the replica. */
  urlFor(database: string): string;
  stop(): void;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** A hot standby streaming from the cluster whose `postgres` database is at `primaryAdminUrl`. */
export async function startReplica(primaryAdminUrl: string): Promise<PostgresReplica> {
  const primaryPort = new URL(primaryAdminUrl).port;
  const dir = mkdtempSync(join(tmpdir(), 'market-pg-replica-'));
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  asClusterOwner(join(BIN, 'pg_basebackup'), [
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
  asClusterOwner(join(BIN, 'pg_ctl'), ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
  const stop = () => {
    try {
      asClusterOwner(join(BIN, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']);
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
