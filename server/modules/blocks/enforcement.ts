// Blocks enforced by the API for every client: one preHandler on the market routes (market-routes.ts
// adds it) finds where the caller's request meets the blocks (`placeOfRoute`), asks this node's
// book (block-book.ts) which blocks in force the caller matches, and refuses with 403 `blocked` or,
// for a review block, opens a review case and lets the request through. The refusal names no
// identifier: an evader must not learn which of theirs was caught.
import type { FastifyRequest } from 'fastify';
import type { ServiceDeps } from '../../platform/services/service-deps.js';
import { HttpError } from '../../platform/http/errors.js';
import { inUnitOfWork } from '../../platform/events/unit-of-work.js';
import { openReviewCase } from '../trust-safety/index.js';
import { blockBookOf } from './block-book.js';
import { blockVerdict, strongestSeverity, type BlockPlace } from './rules/block-verdict.js';
import type { LiveBlock } from './rules/block-matcher.js';

export const BLOCKED_MESSAGE = 'This account cannot do this. Contact support if you think this is a mistake.';
export const blocked = () => new HttpError(403, BLOCKED_MESSAGE, 'blocked');

/** The market routes where a block's severity names a place (method and path under the API prefix). */
const PLACES: Record<string, BlockPlace> = {
  'POST /user': 'signUp',
  'POST /listing': 'listing',
  'POST /listing/:id/publish': 'listing',
  'POST /listing/bulk': 'listing',
  'POST /listing/publish-bulk': 'listing',
  'POST /draft-listing': 'listing',
  'POST /bid': 'bid',
  'POST /offer': 'offer',
  'POST /giveaway-entry': 'giveawayEntry',
  'POST /order': 'order',
  'POST /payments/with-order': 'order',
};

/** Places whose writes add no identifier to the account (an order may save a card; a sign-up has its IP). */
const GIVE_NO_IDENTIFIER: ReadonlySet<BlockPlace> = new Set(['bid', 'offer', 'giveawayEntry', 'listing']);

export const placeOfRoute = (method: string, path: string): BlockPlace => PLACES[`${method} ${path}`] ?? 'access';

/** A review case per account at most this often from one node: a bidding account bids a lot. */
const REVIEW_EVERY_MS = 10 * 60_000;

export function blockEnforcement(deps: ServiceDeps, prefix: string) {
  const book = blockBookOf(deps.db);
  const reviewedAt = new Map<string, number>();

  async function openBlockCase(userId: string, place: BlockPlace, matched: readonly LiveBlock[]): Promise<void> {
    const last = reviewedAt.get(userId);
    if (last !== undefined && Date.now() - last < REVIEW_EVERY_MS) return;
    reviewedAt.set(userId, Date.now());
    const kinds = [...new Set(matched.map((block) => block.kind))].join(', ');
    await inUnitOfWork(deps, (tx, outbox) =>
      openReviewCase(tx, outbox, {
        source: 'block',
        subjectType: 'user',
        subjectId: userId,
        subjectUserId: userId,
        reason: `Matches a review block (${kinds}) at ${place}`,
        excerpt: `An account matching a review block (${kinds}) came back to ${place}.`,
        details: { place, blockIds: matched.map((block) => block.id) },
      }),
    );
  }

  /** The preHandler: every authenticated market request meets the caller's blocks. */
  async function refuseBlockedCaller(request: FastifyRequest): Promise<void> {
    const user = request.marketUser;
    if (!user) return;
    const place = placeOfRoute(request.method, request.routeOptions.url?.slice(prefix.length) ?? '');
    // The bid path reads the book and the remembered identifiers; a sign-up or an order reads the
    // account's identifiers afresh (a card added a second ago counts), and a sign-up its IP too.
    const matched = await book.matchesOf(user.id, place === 'signUp' ? { ips: [request.ip] } : {}, {
      fresh: place !== 'bid' && place !== 'access',
    });
    const verdict = blockVerdict(strongestSeverity(matched.map((block) => block.severity)), place);
    if (verdict === 'refuse') throw blocked();
    if (verdict === 'review') {
      // A review block refuses nothing, so a case that could not open must not fail the request.
      await openBlockCase(user.id, place, matched).catch((error: unknown) =>
        request.log.error({ err: error }, 'a review block could not open its case'),
      );
    }
  }

  /**
   * The onResponse hook: a write may have given the caller a new identifier (a card saved, a device
   * registered, a phone verified), so their next check reads them afresh, not the remembered ones.
   * Bids, offers, giveaway entries and listings give none: forgetting after each would cost every
   * bid a read of the bidder's identifiers (the node's book keeps them warm instead).
   */
  async function forgetAfterWrite(request: FastifyRequest): Promise<void> {
    if (!request.marketUser || request.method === 'GET') return;
    const place = placeOfRoute(request.method, request.routeOptions.url?.slice(prefix.length) ?? '');
    if (!GIVE_NO_IDENTIFIER.has(place)) book.forget(request.marketUser.id);
  }

  return { refuseBlockedCaller, forgetAfterWrite };
}
