// The buyer/seller side of the review queue: appeals. A suspended or banned user may appeal (the
// one secured route that lets them in: `authenticateSuspended`).
import { ApiErrorBody } from '../../../shared/contract/entities.js';
import { AppealCreated, AppealList, CreateAppealBody } from '../../../shared/contract/review-team.js';
import type { MarketRouteContext } from '../../platform/http/market-route-context.js';
import { appealsOf, createAppeal } from './appeals.js';

export async function appealRoutes({ r, deps, secured, authenticateSuspended }: MarketRouteContext): Promise<void> {
  r.post(
    '/appeal',
    {
      onRequest: authenticateSuspended,
      schema: {
        tags: ['appeals'],
        ...secured,
        description:
          "Appeals one of the caller's enforcements (allowed while suspended): once per enforcement, within 30 days. Opens a review case.",
        body: CreateAppealBody,
        // 404: an enforcement id that is unknown or somebody else's (the body names it, not the path).
        response: { 201: AppealCreated, 404: ApiErrorBody },
      },
    },
    async (request, reply) => reply.code(201).send(await createAppeal(deps, request.caller.id, request.body)),
  );
  r.get(
    '/appeal',
    {
      onRequest: authenticateSuspended,
      schema: {
        tags: ['appeals'],
        ...secured,
        description: "The caller's appeals, newest first.",
        response: { 200: AppealList },
      },
    },
    async (request) => appealsOf(deps.db, request.caller.id),
  );
}
