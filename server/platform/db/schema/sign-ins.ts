// The IP of each sign-up and sign-in (migration 0050): a weak signal beside a ring's links.
import { sql } from 'drizzle-orm';
import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { columnCheck, createdAt, fkey, uuidId } from './columns.js';
import { users } from './users.js';

export const signInIps = pgTable(
  'sign_in_ips',
  {
    id: uuidId(),
    userId: text('user_id').notNull(),
    ip: text('ip').notNull(),
    kind: text('kind', { enum: ['signUp', 'signIn'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    fkey('sign_in_ips', t.userId, users.id),
    columnCheck('sign_in_ips', 'kind', sql`kind IN ('signUp', 'signIn')`),
    index('sign_in_ips_user_idx').on(t.userId, t.createdAt),
    index('sign_in_ips_created_idx').on(t.createdAt),
  ],
);
