// A seller's drafts (`/draft-listing`) and bulk listing: create many, publish many drafts.
import type { FastifyReply } from 'fastify';
import { ApiErrorBody } from '../../../shared/contract/entities.js';
import {
  BulkListingsBody,
  BulkPublishBody,
  BulkRefusal,
  Draft,
  DraftListingBody,
  Drafts,
  MarketListings,
} from '../../../shared/contract/market/listings.js';
import { errorBody } from '../../platform/http/errors.js';
import { IdParams, type MarketRouteContext, NoContent, Paging } from '../../platform/http/market-route-context.js';
import { BulkRefusedError, createListingsInBulk, publishDraftsInBulk } from './bulk-listings.js';
import { createDraft, deleteDraft, getDraft, listDrafts, replaceDraft } from './drafts.js';

/** A bulk refusal's answer: the error body plus each refused item. */
async function answeringBulkRefusals<T>(reply: FastifyReply, run: () => Promise<T>) {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof BulkRefusedError)) throw error;
    return reply.code(error.statusCode).send({ ...errorBody(error.statusCode, error.message), errors: error.errors });
  }
}

export async function draftRoutes({ r, deps, secured }: MarketRouteContext): Promise<void> {
  const { db } = deps;

  // ── Drafts ──
  r.post(
    '/draft-listing',
    {
      schema: {
        description: 'Saves a new listing draft.',
        tags: ['drafts'],
        ...secured,
        body: DraftListingBody,
        response: { 201: Draft },
      },
    },
    async (request, reply) => reply.code(201).send(await createDraft(deps, request.caller.id, request.body)),
  );
  r.get(
    '/draft-listing',
    {
      schema: {
        description: 'One page of the caller’s listing drafts.',
        tags: ['drafts'],
        ...secured,
        querystring: Paging,
        response: { 200: Drafts },
      },
    },
    async (request) => listDrafts(db, request.caller.id, request.query.page, request.query.limit),
  );
  r.get(
    '/draft-listing/:id',
    {
      schema: {
        description: 'One of the caller’s listing drafts.',
        tags: ['drafts'],
        ...secured,
        params: IdParams,
        // 409: the listing is no longer a draft (it was published).
        response: { 200: Draft, 409: ApiErrorBody },
      },
    },
    async (request) => getDraft(db, request.caller.id, request.params.id),
  );
  r.put(
    '/draft-listing/:id',
    {
      schema: {
        description: 'Replaces one of the caller’s listing drafts.',
        tags: ['drafts'],
        ...secured,
        params: IdParams,
        body: DraftListingBody,
        response: { 200: Draft },
      },
    },
    async (request) => replaceDraft(deps, request.caller.id, request.params.id, request.body),
  );
  r.delete(
    '/draft-listing/:id',
    {
      schema: {
        description: 'Deletes one of the caller’s listing drafts.',
        tags: ['drafts'],
        ...secured,
        params: IdParams,
        response: { 204: NoContent },
      },
    },
    async (request, reply) => {
      await deleteDraft(deps, request.caller.id, request.params.id);
      return reply.code(204).send();
    },
  );

  // ── Bulk ──
  r.post(
    '/listing/bulk',
    {
      schema: {
        description: 'Lists several items at once (a seller’s bulk listing).',
        tags: ['listings'],
        ...secured,
        body: BulkListingsBody,
        // A 400 names each invalid listing by its index (`errors`).
        response: { 201: MarketListings, 400: BulkRefusal },
      },
    },
    async (request, reply) => {
      const user = request.caller;
      return answeringBulkRefusals(reply, async () =>
        reply.code(201).send(await createListingsInBulk(deps, user.id, request.body.listings)),
      );
    },
  );
  r.post(
    '/listing/publish-bulk',
    {
      schema: {
        description: 'Publishes several of the caller’s drafts at once.',
        tags: ['listings'],
        ...secured,
        body: BulkPublishBody,
        // A refusal names each draft that stopped it by its id (`errors`): unknown or not the
        // caller's (404), no longer a draft (409), incomplete or a mix of them (400).
        response: { 200: MarketListings, 400: BulkRefusal, 404: BulkRefusal, 409: BulkRefusal },
      },
    },
    async (request, reply) => {
      const user = request.caller;
      return answeringBulkRefusals(reply, () => publishDraftsInBulk(deps, user.id, request.body.ids));
    },
  );
}
