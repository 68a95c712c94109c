// SqlRow reads names, nullability and driver value types off the schema.
import { describe, expectTypeOf, it } from 'vitest';
import type { listings, users } from './schema/index.js';
import type { Nullable, SqlColumn, SqlRow } from './sql-row.js';

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
