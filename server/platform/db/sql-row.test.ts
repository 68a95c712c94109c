// SqlRow reads names, nullability and driver value types off the schema; sqlRow is the same row
// as a zod schema, which rejects a row that drifted from it.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { listings, users } from './schema/index.js';
import {
  checkedRows,
  leftJoined,
  rowsAsSchemaSays,
  shapesOutput,
  sqlColumn,
  sqlRow,
  type Nullable,
  type SqlColumn,
  type SqlRow,
} from './sql-row.js';

describe('SqlRow', () => {
  it('types the snake_case columns of a raw row from the schema', () => {
    expectTypeOf<SqlRow<typeof users, 'id' | 'user_name' | 'deleted_at' | 'amount_spent_cents'>>().toEqualTypeOf<{
      id: string;
      user_name: string | null;
      deleted_at: Date | string | null;
      amount_spent_cents: number | string;
    }>();
    expectTypeOf<SqlRow<typeof listings, 'status' | 'leader_max_cents'>>().toEqualTypeOf<{
      status: 'active' | 'draft' | 'auction_ended' | 'sold';
      leader_max_cents: number | string | null;
    }>();
  });

  it('reads one column, and makes a LEFT JOIN row nullable', () => {
    expectTypeOf<SqlColumn<typeof users, 'user_name'>>().toEqualTypeOf<string | null>();
    expectTypeOf<SqlColumn<typeof listings, 'bid_count'>>().toEqualTypeOf<number>();
    expectTypeOf<Nullable<SqlRow<typeof listings, 'id' | 'title'>>>().toEqualTypeOf<{
      id: string | null;
      title: string | null;
    }>();
  });
});

describe('sqlRow', () => {
  const row = sqlRow(users, 'id', 'user_name', 'created_at', 'amount_spent_cents').extend({
    status: sqlColumn(listings, 'status'),
    ...leftJoined({ seller_email: sqlColumn(users, 'email') }).shape,
  });

  it('has the types SqlRow gives the same columns', () => {
    expectTypeOf<z.output<typeof row>>().toEqualTypeOf<{
      id: string;
      user_name: string | null;
      created_at: Date | string;
      amount_spent_cents: number | string;
      status: 'active' | 'draft' | 'auction_ended' | 'sold';
      seller_email: string | null;
    }>();
    expectTypeOf<z.output<ReturnType<typeof sqlRow<typeof users, 'id' | 'deleted_at'>>>>().toEqualTypeOf<
      SqlRow<typeof users, 'id' | 'deleted_at'>
    >();
  });

  const valid = {
    id: 'u-1',
    user_name: null,
    created_at: new Date('2030-01-01T00:00:00Z'),
    amount_spent_cents: '1250',
    status: 'active',
    seller_email: null,
  };

  it.each([
    ['as the pg driver hands it back', valid, true],
    [
      'with a timestamp as text and a bigint as a number',
      { ...valid, created_at: '2030-01-01', amount_spent_cents: 5 },
      true,
    ],
    ['missing a NOT NULL column', { ...valid, id: null }, false],
    ['a value outside the column enum', { ...valid, status: 'archived' }, false],
    ['a renamed column (its SELECT drifted)', { ...valid, user_name: undefined, username: 'ava' }, false],
    ['a number in a text column', { ...valid, seller_email: 12 }, false],
  ])('a row %s: accepted %s', (_, candidate, accepted) => {
    expect(row.safeParse(candidate).success).toBe(accepted);
  });

  it('checkedRows parses outside production: a drifted row fails loudly', () => {
    expect(() => checkedRows(row, [{ ...valid, status: 'archived' }])).toThrow();
    expect(checkedRows(row, [valid])).toEqual([valid]);
  });
});

describe('shapesOutput', () => {
  const count = z.union([z.number(), z.string()]).transform(Number);
  it.each([
    ['a checked row', sqlRow(users, 'id', 'user_name', 'created_at', 'amount_spent_cents'), false],
    [
      'enums, literals, nullables, tuples, unions',
      z.object({
        a: z.enum(['x']),
        b: z.literal(1).nullable(),
        c: z.tuple([z.string()]),
        d: z.union([z.number(), z.string()]),
      }),
      false,
    ],
    ['a count made a number', z.object({ n: count }), true],
    ['one deep inside an array of objects', z.object({ rows: z.array(z.object({ n: count.nullable() })) }), true],
    ['a default', z.object({ n: z.number().default(0) }), true],
    ['a coercion', z.object({ n: z.coerce.number() }), true],
    ['a preprocess', z.preprocess((value) => value, z.string()), true],
    ['a catch', z.string().catch(''), true],
    ['a lazy schema, not looked into', z.lazy(() => z.string()), true],
  ] as const)('%s: %s', (_case, schema, shapes) => {
    expect(shapesOutput(schema)).toBe(shapes);
  });
});

describe('rowsAsSchemaSays', () => {
  const schema = z.object({ accounts: z.union([z.number(), z.string()]).transform(Number), name: z.string() });
  const plain = z.object({ name: z.string() });

  it('unchecked, trusts a schema that only checks, and the very rows come back', () => {
    const rows = [{ name: 'a', extra: 1 }];
    expect(rowsAsSchemaSays(plain, rows, false)).toBe(rows);
  });

  it('unchecked, still parses a schema that changes its rows: a count from pg is text', () => {
    expect(rowsAsSchemaSays(schema, [{ accounts: '3', name: 'a' }], false)).toEqual([{ accounts: 3, name: 'a' }]);
  });

  it('checked, parses and refuses a drifted row', () => {
    expect(() => rowsAsSchemaSays(plain, [{ name: 3 }], true)).toThrow();
  });
});
