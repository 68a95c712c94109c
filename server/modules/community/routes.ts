// The community's buyer/seller routes: ratings, following, notifications and
// customer support. Registered from market-routes.ts where they always were, so the OpenAPI
// document keeps its order.
import {
  Community,
  FollowBody,
  FollowState,
  GivenRating,
  IsFollowing,
  IsFollowingQuery,
  Notifications,
  NotificationsMarkedRead,
  OrderIssueBody,
  RateBody,
  SellerRatings,
  SupportRequest,
  SupportRequestBody,
} from '../../../shared/contract/market/community.js';
import { ApiErrorBody } from '../../../shared/contract/entities.js';
import { IdParams, type MarketRouteContext, Paging } from '../../platform/http/market-route-context.js';
import { community, follow, isFollowing } from './follows.js';
import { markNotificationsRead, notificationsOf } from '../notifications/index.js';
import { rateOrder, userRatings } from './ratings.js';
import { createSupportRequest } from './support.js';
import { inUnitOfWork } from '../../platform/events/unit-of-work.js';

export async function communityRoutes({ r, deps, secured }: MarketRouteContext): Promise<void> {
  const { db } = deps;

  // ── Ratings ──
  r.post(
    '/rate',
    {
      schema: {
        description: 'Rates the seller of one of the caller’s orders.',
        tags: ['ratings'],
        ...secured,
        body: RateBody,
        response: { 201: GivenRating, 404: ApiErrorBody },
      },
    },
    async (request, reply) => {
      const user = request.caller;
      const { orderId, rate, experience } = request.body;
      return reply.code(201).send(await rateOrder(deps, user.id, orderId, rate, experience ?? null));
    },
  );
  r.get(
    '/rate/user/:id',
    {
      schema: {
        description: 'A seller’s ratings and average.',
        tags: ['ratings'],
        params: IdParams,
        response: { 200: SellerRatings },
      },
    },
    async (request) => userRatings(db, request.params.id),
  );

  // ── Following ──
  r.post(
    '/following',
    {
      schema: {
        description: 'Follows or unfollows a user.',
        tags: ['following'],
        ...secured,
        body: FollowBody,
        response: { 200: FollowState, 404: ApiErrorBody },
      },
    },
    async (request) => follow(deps, request.caller.id, request.body.userId, request.body.follow),
  );
  r.get(
    '/following',
    {
      schema: {
        description: 'The users the caller follows.',
        tags: ['following'],
        ...secured,
        response: { 200: Community },
      },
    },
    async (request) => community(db, request.caller.id, 'following'),
  );
  r.get(
    '/following/followers',
    {
      schema: {
        description: 'The users who follow the caller.',
        tags: ['following'],
        ...secured,
        response: { 200: Community },
      },
    },
    async (request) => community(db, request.caller.id, 'follower'),
  );
  r.get(
    '/following/is-following',
    {
      schema: {
        description: 'Whether the caller follows a user.',
        tags: ['following'],
        ...secured,
        querystring: IsFollowingQuery,
        response: { 200: IsFollowing },
      },
    },
    async (request) => isFollowing(db, request.caller.id, request.query.userId),
  );

  // ── Notifications ──
  r.get(
    '/notifications',
    {
      schema: {
        description: 'One page of the caller’s notifications, with the unread count.',
        tags: ['notifications'],
        ...secured,
        querystring: Paging,
        response: { 200: Notifications },
      },
    },
    async (request) => notificationsOf(db, request.caller.id, request.query.page, request.query.limit),
  );
  r.patch(
    '/notifications/mark-all-as-read',
    {
      schema: {
        description: 'Marks all the caller’s notifications as read.',
        tags: ['notifications'],
        ...secured,
        response: { 200: NotificationsMarkedRead },
      },
    },
    async (request) => markNotificationsRead(db, request.caller.id, null),
  );
  r.patch(
    '/notifications/mark-as-read/:id',
    {
      schema: {
        description: 'Marks one of the caller’s notifications as read.',
        tags: ['notifications'],
        ...secured,
        params: IdParams,
        response: { 200: NotificationsMarkedRead },
      },
    },
    async (request) => markNotificationsRead(db, request.caller.id, request.params.id),
  );

  // ── Customer support ──
  r.post(
    '/customer-support',
    {
      schema: {
        description: 'Sends customer support a request.',
        tags: ['support'],
        ...secured,
        body: SupportRequestBody,
        response: { 201: SupportRequest },
      },
    },
    async (request, reply) => {
      const userId = request.caller.id;
      const sent = await inUnitOfWork(deps, (tx, outbox) => createSupportRequest(tx, userId, request.body, outbox));
      return reply.code(201).send(sent);
    },
  );
  r.post(
    '/customer-support/order-issue',
    {
      schema: {
        description: 'Reports an issue with one of the caller’s orders; it reaches the review queue.',
        tags: ['support'],
        ...secured,
        body: OrderIssueBody,
        response: { 201: SupportRequest, 404: ApiErrorBody },
      },
    },
    async (request, reply) => {
      const userId = request.caller.id;
      const sent = await inUnitOfWork(deps, (tx, outbox) => createSupportRequest(tx, userId, request.body, outbox));
      return reply.code(201).send(sent);
    },
  );
}
