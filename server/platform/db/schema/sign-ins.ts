// The IP of each sign-up and sign-in (migrations 0050, 0083): a weak signal beside a ring's links.
import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
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
    /** The sign-in's token `auth_time` (epoch seconds; migration 0083): null for a sign-up. */
    authTime: bigint('auth_time', { mode: 'number' }),
  },
  (t) => [
    fkey('sign_in_ips', t.userId, users.id),
    columnCheck('sign_in_ips', 'kind', sql`kind IN ('signUp', 'signIn')`),
    index('sign_in_ips_user_idx').on(t.userId, t.createdAt),
    index('sign_in_ips_created_idx').on(t.createdAt),
    uniqueIndex('sign_in_ips_sign_in_key').on(t.userId, t.authTime),
    // 0110: a range block's preview (blocks/preview.ts).
    index('sign_in_ips_inet_idx').using('gist', sql`(ip::inet) inet_ops`),
  ],
);
