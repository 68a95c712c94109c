// DATABASE_REPLICA_URL: the admin lists and statistics read a streaming replica; writes, and what
// a write answers or a transaction reads, stay on the primary. A real hot standby of this test's
// own cluster (pg_basebackup -R) has its replay paused, so a read that shows a fresh write
// provably came from the primary and one that does not came from the replica.
// test-needs: postgres
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { firebaseIdentity } from '../../server/platform/auth/firebase-identity.js';
import { openDatabase, queryRows, type Database } from '../../server/platform/db/database.js';
import { migrate } from '../../server/platform/db/migrate.js';
import { seedMarketplace } from '../../server/seeding/seed.js';
import { openTestApp } from '../support/app-fixture.js';
import { EMULATOR_HOST, PROJECT_ID } from '../support/auth-emulator.js';
import { createDatabase, startPostgresCluster, type PostgresCluster } from '../support/postgres-cluster.js';
import { startReplica, type PostgresReplica } from '../support/postgres-replica.js';
import { canRun } from '../support/service-skips.js';

const adminToken = inject('adminToken');

describe.skipIf(!canRun('postgres', 'auth-emulator'))('reads on a streaming replica', () => {
  let primary: PostgresCluster;
  let replica: PostgresReplica;
  let database: Database;
  let replicaAdmin: pg.Client;
  let app: FastifyInstance;

  beforeAll(async () => {
    primary = await startPostgresCluster();
    await createDatabase(primary.adminUrl, 'market');
    const seeding = await openDatabase({ databaseUrl: primary.urlFor('market') });
    await migrate(seeding);
    await seedMarketplace(seeding.db, { users: 30, seed: 4 });
    await seeding.close();
    replica = await startReplica(primary.adminUrl);
    database = await openDatabase({ databaseUrl: primary.urlFor('market'), replicaUrl: replica.urlFor('market') });
    replicaAdmin = new pg.Client({ connectionString: replica.urlFor('postgres') });
    await replicaAdmin.connect();
    ({ app } = await openTestApp({
      database,
      identity: firebaseIdentity({ projectId: PROJECT_ID, emulatorHost: EMULATOR_HOST }),
      rateLimitMax: 100_000,
    }));
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await replicaAdmin?.end();
    await database?.close();
    replica?.stop();
    await primary?.stop();
  });

  const get = async (url: string) => {
    const answer = await app.inject({
      method: 'GET',
      url: `/v1${url}`,
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as Record<string, unknown>;
  };

  /** Waits until the replica has replayed everything the primary has written so far. */
  async function replicaCaughtUp(): Promise<void> {
    const [written] = await queryRows<{ lsn: string }>(database.db, sql`SELECT pg_current_wal_lsn()::text AS lsn`);
    for (let i = 0; i < 200; i++) {
      const { rows } = await replicaAdmin.query<{ done: boolean }>(
        'SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS done',
        [written!.lsn],
      );
      if (rows[0]?.done) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the replica did not catch up');
  }

  it('reads the lists and statistics from the replica, and what a write answers from the primary', async () => {
    await replicaCaughtUp();
    const before = await get('/admin/statistics');
    const [user] = await queryRows<{ id: string }>(database.db, sql`SELECT id FROM users ORDER BY id LIMIT 1`);

    await replicaAdmin.query('SELECT pg_wal_replay_pause()');
    try {
      // The write goes to the primary (the replica is read-only: it would refuse it) ...
      const renamed = await app.inject({
        method: 'PATCH',
        url: `/v1/admin/users/${user!.id}/username`,
        headers: { authorization: `Bearer ${adminToken}` },
        payload: { userName: 'replica_probe' },
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json()).toMatchObject({ userName: 'replica_probe' });
      await database.db.execute(
        sql`INSERT INTO users (user_name, email) VALUES ('replica_new', 'replica_new@example.test')`,
      );
      // ... and reading the record back (read-your-write) does too: the new name at once.
      expect(await get(`/admin/users/${user!.id}`)).toMatchObject({ userName: 'replica_probe' });
      // The lists and the statistics read the paused replica: neither change is there yet.
      expect(await get('/admin/users?search=replica_')).toMatchObject({ count: 0 });
      expect(await get('/admin/statistics')).toMatchObject({ numberOfUsers: before.numberOfUsers });
    } finally {
      await replicaAdmin.query('SELECT pg_wal_replay_resume()');
    }
    await replicaCaughtUp();
    // Replayed is not yet visible to a new snapshot on a standby: give it a moment (bounded).
    for (let i = 0; i < 100 && (await get('/admin/users?search=replica_')).count !== 2; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await get('/admin/users?search=replica_')).toMatchObject({ count: 2 });
    expect(await get('/admin/statistics')).toMatchObject({ numberOfUsers: Number(before.numberOfUsers) + 1 });
  });
});
