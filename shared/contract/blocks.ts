// The shapes of blocks (ARCHITECTURE.md, "Blocks"): an identifier a banned actor must not come
// back with, how hard it refuses, and what a block would touch before it is saved. The routes
// that answer with them are in admin-block-routes.ts.
import { z } from 'zod';
import { storedLine, storedText } from './answer-limits.js';
import { id, isoDate } from './entities.js';
import { DEFAULT_LIST_LIMIT, intFromQuery, MAX_LIST_LIMIT, oneOrMore } from './list-query.js';
import { BLOCK_SEVERITIES, SORT_ORDERS } from './enums.js';
import { singleLineText } from './text.js';

export const BLOCK_KINDS = [
  'emailDomain',
  'canonicalEmail',
  'ipRange',
  'deviceToken',
  'cardFingerprint',
  'payoutAccount',
  'phone',
] as const;
export type BlockKind = (typeof BLOCK_KINDS)[number];

export { BLOCK_SEVERITIES };
export type BlockSeverity = (typeof BLOCK_SEVERITIES)[number];

/** A block's value as typed; the server normalises it by its kind and answers 400 when it is not one. */
const blockValue = singleLineText().trim().min(1).max(200);
const reason = singleLineText().trim().min(1).max(500);

export const Block = z.object({
  id,
  kind: z.enum(BLOCK_KINDS),
  value: storedLine(),
  severity: z.enum(BLOCK_SEVERITIES),
  reason: storedText(),
  expiresAt: isoDate.nullable(),
  createdBy: z.object({ uid: storedLine(), email: storedLine().nullable() }),
  createdAt: isoDate,
});
export type Block = z.infer<typeof Block>;

const future = (value: string) => Date.parse(value) > Date.now();
const expiresAt = isoDate.refine(future, 'must be in the future');

export const BlockBody = z.strictObject({
  kind: z.enum(BLOCK_KINDS),
  value: blockValue,
  severity: z.enum(BLOCK_SEVERITIES),
  reason,
  expiresAt: expiresAt.optional(),
});
export type BlockBody = z.infer<typeof BlockBody>;

export const BlockPreviewBody = z.strictObject({
  kind: z.enum(BLOCK_KINDS),
  value: blockValue,
  severity: z.enum(BLOCK_SEVERITIES),
});
export type BlockPreviewBody = z.infer<typeof BlockPreviewBody>;

export const BLOCK_PREVIEW_SAMPLE_MAX = 20;
const count = z.number().int().nonnegative();
/** What a block would touch now: the accounts it matches and what they hold. */
export const BlockPreview = z.object({
  accounts: count,
  sample: z.array(z.object({ id, userName: storedLine().nullable() })).max(BLOCK_PREVIEW_SAMPLE_MAX),
  activeListings: count,
  liveAuctionsLed: count,
  leadingBids: count,
  openOrders: count,
  pendingPayoutCents: count,
});
export type BlockPreview = z.infer<typeof BlockPreview>;

export const BLOCK_SORT_KEYS = ['createdAt', 'expiresAt'] as const;
export const blockQuery = z.strictObject({
  page: intFromQuery(1, Number.MAX_SAFE_INTEGER, 1),
  limit: intFromQuery(1, MAX_LIST_LIMIT, DEFAULT_LIST_LIMIT),
  sortBy: z.enum(BLOCK_SORT_KEYS).optional(),
  order: z.enum(SORT_ORDERS).optional(),
  search: singleLineText().max(200).optional(),
  kind: oneOrMore(BLOCK_KINDS).optional(),
  severity: oneOrMore(BLOCK_SEVERITIES).optional(),
});
export type BlockQuery = z.output<typeof blockQuery>;
export type BlockQueryInput = z.input<typeof blockQuery>;

export const RingBlockBody = z.strictObject({
  severity: z.enum(BLOCK_SEVERITIES),
  reason,
  expiresAt: expiresAt.optional(),
});
export type RingBlockBody = z.infer<typeof RingBlockBody>;

/** The most blocks one ring gives: 50 members with a handful of hard identifiers each. */
export const RING_BLOCKS_MAX = 1000;
export const RingBlocks = z.object({
  created: z.number().int().nonnegative().max(RING_BLOCKS_MAX),
  items: z.array(Block).max(RING_BLOCKS_MAX),
});
export type RingBlocks = z.infer<typeof RingBlocks>;
