// The API process killed between the steps of an admin action (the contract's "Actions are all or
// nothing"): server/server.ts in a process of its own on a PostgreSQL database, an admin action
// with several effects held after its first effects, the process SIGKILLed there, and then
// nothing of the action exists: no effect, no state change, no audit entry, no notification. And
// the opposite: killed right after the answer, everything exists (the answer follows the commit).
//
// Nothing in the server is made for this test. The test itself holds the action between its
// steps: it takes `LOCK TABLE … IN ACCESS EXCLUSIVE MODE` on a table a later step writes, sees in
// `pg_stat_activity` that the action's statement waits on that lock and, in `pg_locks`, that its
// transaction already wrote the earlier effects, then kills the process and lets the lock go.
// The server's backend finishes the waiting statement, finds its client gone, and PostgreSQL
// rolls the transaction back, as after any crash of the API host.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../server/platform/db/database.js';
import { startApiProcess, type ApiProcess } from '../support/api-process.js';
import { signUp } from '../support/auth-emulator.js';
import { canRun } from '../support/service-skips.js';
import { createStaffAccount } from '../support/staff-accounts.js';
import { startMarketDb, type MarketTestDb } from './market-db.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** How long the action may take to reach the held table, or PostgreSQL to end a killed API's backend (a loaded machine is slow). */
const WAIT_MS = 30_000;
const WEEK_MS = 7 * 86_400_000;

interface Account {
  token: string;
  id: string;
}

/** A table held in ACCESS EXCLUSIVE mode by a connection of the test's own, until `release`. */
interface HeldTable {
  pid: number;
  release(): Promise<void>;
}

describe.skipIf(!canRun('postgres', 'auth-emulator'))('the API killed between the steps of an admin action', () => {
  let dir: string;
  let pgDb: MarketTestDb;
  let database: Database;
  let server: ApiProcess | undefined;
  let adminToken: string;
  const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(database.db, query);

  async function api(): Promise<string> {
    server ??= await startApiProcess({ databaseUrl: pgDb.url, logFile: join(dir, 'server.log') });
    return server.api;
  }
  async function killApi(): Promise<void> {
    await server?.kill();
    server = undefined;
  }
  async function call(token: string, method: string, path: string, body?: unknown) {
    const response = await fetch(`${await api()}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, text, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
  }
  const run = Date.now().toString(36);
  async function account(name: string): Promise<Account> {
    const { idToken } = await signUp(`${name}-${run}@crash-admin.test`, 'crash-password-1');
    const me = await call(idToken, 'GET', '/user/my-details');
    expect(me.status, me.text).toBe(200);
    return { token: idToken, id: me.body.id as string };
  }

  /** A chat message from `sender` that the screening flags: its off-platform case's id and subject. */
  async function flaggedMessage(sender: Account, other: Account): Promise<{ caseId: string; messageId: string }> {
    const chat = await call(sender.token, 'POST', '/chat', { otherUserId: other.id });
    expect(chat.status, chat.text).toBe(200);
    const sent = await call(sender.token, 'POST', '/message', {
      chatId: chat.body.id,
      message: 'text me on 555 two one two 4567, cheaper off the site',
    });
    expect(sent.status, sent.text).toBe(201);
    const [opened] = await rows<{ id: string; subject_id: string }>(
      sql`SELECT id, subject_id FROM review_cases WHERE subject_user_id = ${sender.id} AND status = 'open'`,
    );
    expect(opened, 'the screening opened a case').toBeDefined();
    return { caseId: opened!.id, messageId: opened!.subject_id };
  }

  async function holdTable(table: string): Promise<HeldTable> {
    const client = new pg.Client({ connectionString: pgDb.url });
    await client.connect();
    await client.query('BEGIN');
    await client.query(`LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`);
    const { rows: me } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    return {
      pid: me[0]!.pid,
      release: async () => {
        await client.query('ROLLBACK');
        await client.end();
      },
    };
  }

  /**
   * The backend whose statement waits on `held` and starts with `statement`, once it does, with
   * the tables its transaction has written so far (the RowExclusiveLock a write takes).
   */
  async function waitingAction(held: HeldTable, statement: string): Promise<{ pid: number; wrote: string[] }> {
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const [waiting] = await rows<{ pid: number }>(
        sql`SELECT pid FROM pg_stat_activity
            WHERE ${held.pid} = ANY(pg_blocking_pids(pid)) AND query ~* ${`^\\s*${statement}`}`,
      );
      if (waiting) {
        const wrote = await rows<{ relation: string }>(
          sql`SELECT DISTINCT relation::regclass::text AS relation FROM pg_locks
              WHERE pid = ${waiting.pid} AND mode = 'RowExclusiveLock' AND granted AND relation IS NOT NULL`,
        );
        return { pid: waiting.pid, wrote: wrote.map((row) => row.relation) };
      }
      if (Date.now() > deadline) throw new Error(`no statement "${statement}" waited on the test's lock`);
      await sleep(20);
    }
  }

  /** Waits until PostgreSQL has ended the killed API's backend (and so rolled its transaction back). */
  async function backendGone(pid: number): Promise<void> {
    const deadline = Date.now() + WAIT_MS;
    while ((await rows(sql`SELECT 1 FROM pg_stat_activity WHERE pid = ${pid}`)).length > 0) {
      if (Date.now() > deadline) throw new Error(`backend ${pid} outlived its client`);
      await sleep(20);
    }
  }

  /**
   * Starts `action` (an HTTP request that is never answered), holds it on `table` after its first
   * effects (`firstEffects`, the tables it must have written by then), kills the API, lets go.
   */
  async function killBetweenSteps(
    table: string,
    statement: string,
    firstEffects: string[],
    action: () => Promise<unknown>,
  ): Promise<void> {
    await api();
    const held = await holdTable(table);
    try {
      const answer = action().then(
        (result) => ({ answered: result }),
        () => ({ answered: null }),
      );
      const waiting = await waitingAction(held, statement);
      expect(waiting.wrote).toEqual(expect.arrayContaining(firstEffects));
      await killApi();
      // The process died without an answer.
      expect((await answer).answered).toBeNull();
      await held.release();
      await backendGone(waiting.pid);
    } finally {
      await held.release().catch(() => undefined);
    }
  }

  const count = async (query: ReturnType<typeof sql>) => Number((await rows<{ n: string }>(query))[0]!.n);
  const audits = (action: string, recordId: string) =>
    count(sql`SELECT count(*) AS n FROM admin_actions WHERE action = ${action} AND record_id = ${recordId}`);
  const enforcements = (userId: string) =>
    count(sql`SELECT count(*) AS n FROM user_enforcements WHERE user_id = ${userId}`);
  const notices = (userId: string, type: string) =>
    count(sql`SELECT count(*) AS n FROM notifications WHERE user_id = ${userId} AND type = ${type}`);
  const userState = async (userId: string) =>
    (
      await rows<{ suspended: boolean; selling_suspended: boolean }>(
        sql`SELECT suspended_until IS NOT NULL AS suspended, selling_suspended_until IS NOT NULL AS selling_suspended
            FROM users WHERE id = ${userId}`,
      )
    )[0]!;
  const caseState = async (id: string) =>
    (
      await rows<{ status: string; outcome: string | null }>(
        sql`SELECT status, outcome FROM review_cases WHERE id = ${id}`,
      )
    )[0]!;
  const messageRemoved = async (id: string) =>
    (
      await rows<{ removed: boolean }>(
        sql`SELECT deleted_at IS NOT NULL AS removed FROM chat_messages WHERE id = ${id}`,
      )
    )[0]!.removed;

  let macroId: string;
  let buyer: Account;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'admin-crash-'));
    pgDb = await startMarketDb();
    database = await pgDb.open(2);
    // A fresh sign-in: the ring's suspension is a step-up action.
    adminToken = await (await createStaffAccount('crash-owner', { admin: true })).signIn();
    buyer = await account('buyer');
    // Content removal (the outcome) and a selling suspension (the macro's enforcement) in one resolution.
    const macro = await call(adminToken, 'POST', '/admin/macros', {
      title: 'Remove and suspend selling',
      outcome: 'contentRemoved',
      note: 'Off-platform payment',
      userMessage: 'Payments stay on the marketplace.',
      enforcement: { action: 'suspendSelling' },
    });
    expect(macro.status, macro.text).toBe(200);
    macroId = macro.body.id as string;
  }, 120_000);

  afterAll(async () => {
    await killApi();
    await database?.close();
    await pgDb?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const resolve = (caseId: string) =>
    call(adminToken, 'POST', `/admin/review-cases/${caseId}/resolve`, { macroId, notifyReporter: true });
  const enforceOnRing = (members: Account[]) =>
    call(adminToken, 'POST', '/admin/rings/enforcement', {
      userIds: members.map((member) => member.id),
      action: 'suspend',
      reason: 'Shill bidding ring',
      until: new Date(Date.now() + WEEK_MS).toISOString(),
    });

  it('resolving a case, killed after the content removal and the enforcement: nothing of it exists', async () => {
    const sender = await account('sender');
    const { caseId, messageId } = await flaggedMessage(sender, buyer);
    // Held on the first notification (the enforcement's), after the message's removal, its audit
    // entry, the user's new state and the enforcement's history row.
    await killBetweenSteps(
      'notifications',
      'INSERT INTO notifications',
      ['chat_messages', 'admin_actions', 'users', 'user_enforcements'],
      () => resolve(caseId),
    );
    expect(await messageRemoved(messageId)).toBe(false);
    expect(await audits('softDelete', messageId)).toBe(0);
    expect(await userState(sender.id)).toEqual({ suspended: false, selling_suspended: false });
    expect(await enforcements(sender.id)).toBe(0);
    expect(await notices(sender.id, 'accountAction')).toBe(0);
    expect(await notices(sender.id, 'moderationMessage')).toBe(0);
    expect(await caseState(caseId)).toEqual({ status: 'open', outcome: null });
    expect(await audits('resolveReviewCase', caseId)).toBe(0);

    // The case is whole: resolved again on the restarted API, it is resolved once, with its effects.
    const again = await resolve(caseId);
    expect(again.status, again.text).toBe(200);
    expect(await caseState(caseId)).toEqual({ status: 'resolved', outcome: 'contentRemoved' });
    expect(await enforcements(sender.id)).toBe(1);
  }, 90_000);

  it('enforcing on a ring, killed after the first member’s enforcement: no member is enforced', async () => {
    const members = [await account('ring0'), await account('ring1'), await account('ring2')];
    // Held on the first audit entry, after the first member's new state, history row and notification.
    await killBetweenSteps(
      'admin_actions',
      'INSERT INTO admin_actions',
      ['users', 'user_enforcements', 'notifications'],
      () => enforceOnRing(members),
    );
    for (const member of members) {
      expect(await userState(member.id)).toEqual({ suspended: false, selling_suspended: false });
      expect(await enforcements(member.id)).toBe(0);
      expect(await notices(member.id, 'accountAction')).toBe(0);
      expect(await audits('suspendUser', member.id)).toBe(0);
    }
  }, 90_000);

  it('killed right after the answer: every effect, the state change and the audit entries exist', async () => {
    const sender = await account('answered');
    const { caseId, messageId } = await flaggedMessage(sender, buyer);
    const members = [await account('answered0'), await account('answered1')];
    const resolved = await resolve(caseId);
    expect(resolved.status, resolved.text).toBe(200);
    const ring = await enforceOnRing(members);
    expect(ring.status, ring.text).toBe(200);
    await killApi();

    expect(await messageRemoved(messageId)).toBe(true);
    expect(await audits('softDelete', messageId)).toBe(1);
    expect(await userState(sender.id)).toEqual({ suspended: false, selling_suspended: true });
    expect(await enforcements(sender.id)).toBe(1);
    expect(await notices(sender.id, 'accountAction')).toBe(1);
    expect(await notices(sender.id, 'moderationMessage')).toBe(1);
    expect(await caseState(caseId)).toEqual({ status: 'resolved', outcome: 'contentRemoved' });
    expect(await audits('resolveReviewCase', caseId)).toBe(1);
    for (const member of members) {
      expect(await userState(member.id)).toEqual({ suspended: true, selling_suspended: false });
      expect(await enforcements(member.id)).toBe(1);
      expect(await notices(member.id, 'accountAction')).toBe(1);
      expect(await audits('suspendUser', member.id)).toBe(1);
    }
  }, 90_000);
});
