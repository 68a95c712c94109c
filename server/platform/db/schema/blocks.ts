// Blocks of identifiers (migration 0095): the blocks area's table.
import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { BLOCK_KINDS, BLOCK_SEVERITIES } from '../../../../shared/contract/blocks.js';
import { at, columnCheck, createdAt, uuidId } from './columns.js';

export const blocks = pgTable(
  'blocks',
  {
    id: uuidId(),
    kind: text('kind', { enum: BLOCK_KINDS }).notNull(),
    value: text('value').notNull(),
    severity: text('severity', { enum: BLOCK_SEVERITIES }).notNull(),
    reason: text('reason').notNull(),
    expiresAt: at('expires_at'),
    createdByUid: text('created_by_uid').notNull(),
    createdByEmail: text('created_by_email'),
    createdAt: createdAt(),
    liftedAt: at('lifted_at'),
  },
  (t) => [
    columnCheck(
      'blocks',
      'kind',
      sql`kind IN ('emailDomain', 'canonicalEmail', 'ipRange', 'deviceToken', 'cardFingerprint', 'payoutAccount', 'phone')`,
    ),
    columnCheck('blocks', 'severity', sql`severity IN ('review', 'signUp', 'trade', 'noAccess')`),
    uniqueIndex('blocks_live_value_key')
      .on(t.kind, t.value)
      .where(sql`lifted_at IS NULL`),
    index('blocks_created_idx').on(t.createdAt),
  ],
);
