// What a bulk load sets aside and puts back (seed.ts): the seeded tables' indexes, their primary
// and unique keys, the foreign keys on them and onto them (each rebuilt or validated once over
// the loaded rows instead of row by row), and their triggers (the kept totals are counted afresh
// at the end instead; the searched names are written by the generator in the rows it loads).
// The keys matter most: the ids are hashed, so a key kept through the load takes each row at a
// random place in its index (2.5M chat messages: 18.5 s to COPY with the key, 5.4 s without it
// and 4 s to build it after).
//
// The put-back is most of a large seed's time, and one connection keeps one core of the machine
// busy: GIN indexes build on one process each, however many cores there are. So the load commits
// its rows together with the list of put-back steps (SEED_PUT_BACK, a table of its own), and the
// steps then run on two connections at once, phase by phase, each deleting its own line in the
// transaction that does it. A seed that stops midway (a killed process, a lost connection)
// leaves the rows and the steps still to do; the next `npm run seed` finishes them
// (`finishPutBack`) instead of answering "already seeded" over a database without its indexes.
import { sql, type SQL } from 'drizzle-orm';
import type pg from 'pg';
import { z } from 'zod';
import { pooledPgClient, type Executor } from '../platform/db/database.js';
import { readRows } from '../platform/db/sql-row.js';
import type { SeedSink } from './seed-sink.js';

export const SEEDED_TABLES = [
  'users',
  'addresses',
  'seller_requests',
  'listings',
  'bids',
  'giveaway_entries',
  'auction_messages',
  'orders',
  'transactions',
  'ratings',
  'chats',
  'chat_messages',
  'follows',
  'notifications',
];

/** The put-back steps still to do, committed with the loaded rows. */
const SEED_PUT_BACK = 'seed_put_back';

/**
 * An index or a foreign key as pg_catalog prints it, with its table (no table of ours has these
 * columns, so the row is checked by this schema).
 */
const SET_ASIDE_ITEM = z.object({ name: z.string(), definition: z.string(), table: z.string() });

type SetAsideItem = z.output<typeof SET_ASIDE_ITEM>;

export interface SetAside {
  indexes: SetAsideItem[];
  /** The seeded tables' primary and unique keys. */
  keys: SetAsideItem[];
  /** The foreign keys on the seeded tables, and the other tables' ones onto them (their keys go). */
  foreignKeys: SetAsideItem[];
}

const seededTableList = () =>
  sql.join(
    SEEDED_TABLES.map((name) => sql`${name}`),
    sql`, `,
  );

/** Drops the seeded tables' indexes, keys and foreign keys and disables their triggers. */
export async function setAside(sink: SeedSink): Promise<SetAside> {
  const indexes = await sink.rows(
    SET_ASIDE_ITEM,
    sql`SELECT quote_ident(ic.relname) AS name, pg_get_indexdef(i.indexrelid) AS definition, quote_ident(c.relname) AS table
          FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid JOIN pg_class ic ON ic.oid = i.indexrelid
         WHERE c.relnamespace = 'public'::regnamespace AND c.relname IN (${seededTableList()})
           AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)
         ORDER BY 1`,
  );
  const constraints = (kinds: SQL, on: SQL) =>
    sink.rows(
      SET_ASIDE_ITEM,
      sql`SELECT quote_ident(c.relname) AS table, quote_ident(k.conname) AS name, pg_get_constraintdef(k.oid) AS definition
            FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid
           WHERE k.contype IN (${kinds}) AND c.relnamespace = 'public'::regnamespace AND (${on})
           ORDER BY 1, 2`,
    );
  const seeded = sql`c.relname IN (${seededTableList()})`;
  const keys = await constraints(sql`'p', 'u'`, seeded);
  // A key cannot go while a foreign key leans on it: the other tables' ones go too. Those tables
  // are empty (a seed runs only on a database without users), so theirs validate at once.
  const foreignKeys = await constraints(
    sql`'f'`,
    sql`${seeded} OR k.confrelid IN (SELECT oid FROM pg_class
                                      WHERE relnamespace = 'public'::regnamespace AND relname IN (${seededTableList()}))`,
  );
  for (const constraint of [...foreignKeys, ...keys]) {
    await sink.query(sql.raw(`ALTER TABLE ${constraint.table} DROP CONSTRAINT ${constraint.name}`));
  }
  for (const index of indexes) await sink.query(sql.raw(`DROP INDEX ${index.name}`));
  for (const table of SEEDED_TABLES) await sink.query(sql.raw(`ALTER TABLE ${table} DISABLE TRIGGER USER`));
  return { indexes, keys, foreignKeys };
}

/**
 * The tables a live market appends in time order, and the bulk load does not: the one it rewrites
 * after loading it (the users it gave totals), and the ones it writes in the order it draws them,
 * at times drawn at random (listings seller by seller with their auction feeds, orders with their
 * ratings, chats, and chat messages chat by chat). Rewritten rows leave the heap scattered and its
 * first half empty: page 5,000 of the users list switched visibility-map pages on every other
 * entry (25,000 buffers instead of 400; 16 backends pinning the same few map pages in turn ran the
 * skip at a ninth of the rate), and a count's sequential scan that started in the empty half read
 * 60,000 empty pages (150–700 ms) before its first row (the orders and auction messages, when the
 * put-back still rewrote them to fill their searched names). A search walks a list's newest rows
 * first (term-probe.ts): out of time order, each row it read was on a page of its own (1,793
 * buffers for 1,762 active listings).
 */
const TIME_ORDERED_TABLES = ['users', 'listings', 'orders', 'ratings', 'auction_messages', 'chats', 'chat_messages'];

/**
 * One put-back step: its statements, run in one transaction with the deletion of its line, or
 * (`alone`: VACUUM, which no transaction may hold) one after the other, its line deleted after.
 * Built by `putBackSteps`, read back from SEED_PUT_BACK with its line's `seq` (STEP_ROW).
 */
const STEP = z.object({
  phase: z.number(),
  name: z.string(),
  statements: z.array(z.string()),
  alone: z.boolean().default(false),
});
type Step = z.input<typeof STEP>;
const STEP_ROW = STEP.extend({ seq: z.number() });
type StepRow = z.output<typeof STEP_ROW>;

/**
 * The put-back's phases, in order, each finished before the next begins, and how many
 * connections each runs its steps on: one where they would only wait for each other.
 */
const PHASE = {
  timeOrder: { order: 1, connections: 2 },
  keys: { order: 2, connections: 2 },
  indexes: { order: 3, connections: 2 },
  foreignKeys: { order: 4, connections: 1 },
  validation: { order: 5, connections: 2 },
  triggers: { order: 6, connections: 1 },
  // One phase: the recounts read the tables the vacuums analyze, and neither waits for the other.
  totalsAndVacuum: { order: 7, connections: 2 },
} as const;
const connectionsOf = (order: number) => Object.values(PHASE).find((phase) => phase.order === order)?.connections ?? 1;

/**
 * The put-back's steps, phase by phase: each table in time order, as a live market has it
 * (CLUSTER on a throwaway (created_at, id) index: the lists' indexes are partial, which CLUSTER
 * refuses, and every other index and key is still set aside, so it rebuilds none); the keys, a
 * table's in one step so that the two connections never wait on one table's lock; the indexes,
 * the largest tables' and the GIN ones first so that the two connections end together; the
 * foreign keys, added unchecked in one step and then validated two at a time (an added one holds
 * both its tables against the other's addition, a validation only its own against another of its
 * own: `validationOrder`); the triggers; the kept totals counted afresh while every table is
 * vacuumed and analyzed (fresh statistics, so the first requests are planned for the large
 * database it now is, and the visibility map set, so a page's ids come from index-only scans from
 * the first request on). No step fills the searched names the set-aside triggers would have
 * written: the generator wrote them in the loaded rows (`searchNames` in seed-context.ts).
 */
async function putBackSteps(sink: SeedSink, { indexes, keys, foreignKeys }: SetAside): Promise<Step[]> {
  const sizes = await sink.rows(
    z.object({ table: z.string(), bytes: z.coerce.number() }),
    sql`SELECT quote_ident(relname) AS table, pg_total_relation_size(oid) AS bytes
          FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind = 'r'`,
  );
  const bytesOf = (table: string) => sizes.find((size) => size.table === table)?.bytes ?? 0;
  const gin = (definition: string) => (/ USING gin /.test(definition) ? 1 : 0);
  const byCost = [...indexes].sort(
    (a, b) =>
      gin(b.definition) - gin(a.definition) || bytesOf(b.table) - bytesOf(a.table) || (a.name < b.name ? -1 : 1),
  );
  const add = (constraint: SetAsideItem, unchecked = '') =>
    `ALTER TABLE ${constraint.table} ADD CONSTRAINT ${constraint.name} ${constraint.definition}${unchecked}`;
  return [
    ...TIME_ORDERED_TABLES.map((table) => ({
      phase: PHASE.timeOrder.order,
      name: `${table} in time order`,
      statements: [
        // The id byte-wise: CLUSTER sorts by this index's columns, and an id compared through
        // the database's collation costs a call into the locale; it only orders rows of one
        // instant, and any order of those will do.
        `CREATE INDEX seed_time_order_${table} ON ${table} (created_at, id COLLATE "C")`,
        `CLUSTER ${table} USING seed_time_order_${table}`,
        `DROP INDEX seed_time_order_${table}`,
      ],
    })),
    ...byTable(keys, bytesOf).map((tableKeys) => ({
      phase: PHASE.keys.order,
      name: `${tableKeys[0]!.table} keys`,
      statements: tableKeys.map((key) => add(key)),
    })),
    ...byCost.map((index) => ({ phase: PHASE.indexes.order, name: index.name, statements: [index.definition] })),
    {
      phase: PHASE.foreignKeys.order,
      name: 'foreign keys',
      statements: foreignKeys.map((key) => add(key, ' NOT VALID')),
    },
    ...validationOrder(foreignKeys, bytesOf).map((key) => ({
      phase: PHASE.validation.order,
      name: key.name,
      statements: [`ALTER TABLE ${key.table} VALIDATE CONSTRAINT ${key.name}`],
    })),
    {
      phase: PHASE.triggers.order,
      name: 'triggers',
      statements: SEEDED_TABLES.map((table) => `ALTER TABLE ${table} ENABLE TRIGGER USER`),
    },
    { phase: PHASE.totalsAndVacuum.order, name: 'list totals', statements: ['SELECT recount_list_totals()'] },
    { phase: PHASE.totalsAndVacuum.order, name: 'market days', statements: ['SELECT recount_market_days()'] },
    {
      phase: PHASE.totalsAndVacuum.order,
      name: 'seller standing days',
      statements: ['SELECT recount_seller_standing_days()'],
    },
    ...[...sizes]
      .sort((a, b) => b.bytes - a.bytes)
      .map((size) => ({
        phase: PHASE.totalsAndVacuum.order,
        name: `${size.table} vacuumed`,
        statements: [`VACUUM (ANALYZE) ${size.table}`],
        alone: true,
      })),
  ];
}

/**
 * The foreign keys in the order they are validated: the largest tables' first, and one of each
 * table in turn, so that the two connections work on two tables (a validation locks its own
 * table against another validation of it, and not the table it refers to).
 */
export function validationOrder(keys: SetAsideItem[], bytesOf: (table: string) => number): SetAsideItem[] {
  const groups = byTable(keys, bytesOf);
  const order: SetAsideItem[] = [];
  for (let round = 0; order.length < keys.length; round++) {
    for (const tableKeys of groups) if (tableKeys[round]) order.push(tableKeys[round]!);
  }
  return order;
}

/** `items` in one group per table, the largest table's first (by name where two weigh the same). */
function byTable(items: SetAsideItem[], bytesOf: (table: string) => number): SetAsideItem[][] {
  const tables = [...new Set(items.map((item) => item.table))].sort(
    (a, b) => bytesOf(b) - bytesOf(a) || (a < b ? -1 : 1),
  );
  return tables.map((table) => items.filter((item) => item.table === table));
}

/** Writes the put-back's steps in the load's own transaction: they commit with its rows. */
export async function recordPutBack(sink: SeedSink, aside: SetAside): Promise<number> {
  const steps = await putBackSteps(sink, aside);
  await sink.query(
    sql.raw(`CREATE TABLE ${SEED_PUT_BACK} (seq integer PRIMARY KEY, phase integer NOT NULL, name text NOT NULL,
                                            statements text[] NOT NULL, alone boolean NOT NULL)`),
  );
  // The steps go in as one JSON document, each statement a string of it: no literal of ours to
  // quote, whatever an index's definition holds.
  const lines = steps.map((step, seq) => ({ seq, ...STEP.parse(step) }));
  await sink.query(
    sql`INSERT INTO ${sql.raw(SEED_PUT_BACK)} (seq, phase, name, statements, alone)
        SELECT seq, phase, name,
               ARRAY(SELECT s FROM jsonb_array_elements_text(statements) WITH ORDINALITY AS e (s, n) ORDER BY n), alone
          FROM jsonb_to_recordset(${JSON.stringify(lines)}::jsonb)
            AS line (seq integer, phase integer, name text, statements jsonb, alone boolean)`,
  );
  return steps.length;
}

/** Whether a seed's put-back is still to do (committed rows, indexes not all back yet). */
export async function putBackPending(db: Executor): Promise<boolean> {
  const [row] = await readRows(
    db,
    z.object({ pending: z.boolean() }),
    sql`SELECT to_regclass(${SEED_PUT_BACK}) IS NOT NULL AS pending`,
  );
  return row?.pending ?? false;
}

/**
 * Runs each put-back step still to do, phase by phase, on up to two connections of `db`'s pool,
 * telling `progress` of every step that took over SLOW_STEP_MS (the lines say where a large
 * seed's time goes) and `stepDone` of each. The first failure stops the phase (the other
 * connection finishes its step) and is thrown: the steps not done stay for the next run.
 */
export async function finishPutBack(
  db: Executor,
  progress: (step: string) => void,
  stepDone: (step: string) => void = () => undefined,
): Promise<void> {
  const [first, second] = await Promise.all([pooledPgClient(db), pooledPgClient(db)]);
  if (!first || !second) throw new Error('The put-back of a bulk load needs PostgreSQL');
  const clients = [first, second];
  try {
    // Memory for the index builds, and for the joins that validate a foreign key (a hash of the
    // referenced ids; at 4 MB it spills to disk in batches).
    for (const client of clients) await client.query(`SET maintenance_work_mem = '256MB'; SET work_mem = '256MB'`);
    const steps = (await first.query(`SELECT * FROM ${SEED_PUT_BACK} ORDER BY phase, seq`)).rows.map((row) =>
      STEP_ROW.parse(row),
    );
    for (const phase of [...new Set(steps.map((step) => step.phase))]) {
      const queue = steps.filter((step) => step.phase === phase);
      const connections = clients.slice(0, connectionsOf(phase));
      const results = await Promise.allSettled(
        connections.map(async (client) => {
          for (let step = queue.shift(); step; step = queue.shift()) {
            try {
              const took = await runStep(client, step);
              if (took >= SLOW_STEP_MS) progress(`  ${step.name}: ${(took / 1000).toFixed(1)} s`);
              stepDone(step.name);
            } catch (error) {
              queue.length = 0;
              throw error;
            }
          }
        }),
      );
      const failed = results.find((result) => result.status === 'rejected');
      if (failed) throw failed.reason;
    }
    await first.query(`DROP TABLE ${SEED_PUT_BACK}`);
  } finally {
    for (const client of clients) {
      await client.query('RESET maintenance_work_mem; RESET work_mem').catch(() => undefined);
      client.release();
    }
  }
}

const SLOW_STEP_MS = 5000;

/** One step and the deletion of its line: together, or (`alone`) the line after the step. */
async function runStep(client: pg.PoolClient, step: StepRow): Promise<number> {
  const started = Date.now();
  const done = { text: `DELETE FROM ${SEED_PUT_BACK} WHERE seq = $1`, values: [step.seq] };
  if (step.alone) {
    for (const statement of step.statements) await client.query(statement);
    await client.query(done);
    return Date.now() - started;
  }
  try {
    await client.query('BEGIN');
    for (const statement of step.statements) await client.query(statement);
    await client.query(done);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
  return Date.now() - started;
}
