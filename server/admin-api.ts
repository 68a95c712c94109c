// Registers every route of the contract's admin table, nothing more: the table is the API.
import type { FastifyInstance } from 'fastify';
import type { ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { adminRoutes, type AdminRouteName, type RouteDef } from '../shared/contract/admin-api.js';
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters } from '../shared/contract/text.js';
import { ApiErrorBody } from '../shared/contract/entities.js';
import { registerAdminGuard } from './platform/auth/admin-guard.js';
import { badRequest } from './platform/http/errors.js';
import { NoContent } from './platform/http/market-route-context.js';
import type { AdminDeps, AdminHandlers, AdminRequest } from './platform/http/admin-handler.js';
import { listingHandlers } from './modules/listings/index.js';
import { moderationHandlers } from './modules/conversations/index.js';
import { communityAdminHandlers } from './modules/community/index.js';
import { orderHandlers } from './modules/orders/index.js';
import type { PaymentPorts } from './modules/payments/index.js';
import { subcategoryHandlers } from './modules/catalogue/index.js';
import { reviewCaseHandlers, ringHandlers } from './modules/trust-safety/index.js';
import { enforcementHandlers, statisticsHandlers, teamHandlers, userHandlers } from './modules/accounts/index.js';
import { accountabilityHandlers } from './modules/accountability/index.js';
import { adminRoleGuard } from './platform/auth/admin-role-guard.js';
import { stepUpGuard } from './platform/auth/step-up.js';
import { ADMIN_ROUTE_ROLES, STEP_UP_ROUTES, STEP_UP_SECONDS_DEFAULT } from '../shared/contract/admin-permissions.js';
import { collectLoggedActions } from './platform/db/admin-log.js';
import { inRequest } from './platform/db/request-reads.js';
import { workbenchHandlers } from './modules/workbench/index.js';
import { marketHealthHandlers, marketSeriesExport } from './modules/market-health/index.js';
import { bidVoidHandlers } from './modules/auctions/index.js';
import { blockHandlers, withBlockedBadges } from './modules/blocks/index.js';
import { sellerStandingHandlers } from './modules/seller-standing/index.js';
import { policyHandlers } from './modules/policy/index.js';
import { disputeHandlers } from './modules/disputes/index.js';

/** What the admin API works with: the handlers' dependencies and the one port they use (refunds). */
export type AdminApiDeps = AdminDeps & Pick<PaymentPorts, 'payments'>;

export interface AdminApiOptions extends AdminApiDeps {
  /** ADMIN_STEP_UP_SECONDS: how old a sign-in may be for the step-up routes (default 900). */
  stepUpSeconds?: number | undefined;
}

export function adminHandlers(deps: AdminApiDeps): AdminHandlers {
  return {
    // Every answer that is a user, or a page of users, says which block it matches (the badge).
    ...withBlockedBadges(deps.db, userHandlers(deps)),
    ...statisticsHandlers(deps),
    ...listingHandlers(deps),
    ...orderHandlers(deps),
    ...subcategoryHandlers(deps),
    ...communityAdminHandlers(deps),
    ...moderationHandlers(deps),
    ...reviewCaseHandlers(deps),
    ...withBlockedBadges(deps.db, enforcementHandlers(deps)),
    ...accountabilityHandlers(deps),
    ...sellerStandingHandlers(deps),
    // The market series export goes through the workbench's export route and stream.
    ...workbenchHandlers(deps, { marketSeries: marketSeriesExport(deps) }),
    ...marketHealthHandlers(deps),
    ...teamHandlers(deps),
    ...ringHandlers(deps),
    ...bidVoidHandlers(deps),
    ...blockHandlers(deps),
    ...policyHandlers(deps),
    ...disputeHandlers(deps),
  };
}

/**
 * Fastify validates a missing body as null. A route whose body is optional (approve, reject,
 * cancel: "empty") must accept that as "no body", without the contract spelling out null.
 */
function bodySchema(body: z.ZodType): z.ZodType {
  return body.safeParse(undefined).success ? z.preprocess((value) => (value === null ? undefined : value), body) : body;
}

function idempotencyKeyOf(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  // The key is stored with the refund and sent on to the payment provider as a header of its own.
  if (value !== undefined && hasControlCharacters(value)) {
    throw badRequest(`headers/idempotency-key: ${CONTROL_CHARACTERS_MESSAGE}`);
  }
  return value && value.trim() ? value.trim().slice(0, 200) : null;
}

/** The route as a `RouteDef`: its description is optional, so the table's literal types may lack it. */
const described = (route: RouteDef): RouteDef => route;

/**
 * Aborted when the client goes away before the answer (the app aborts a search nobody will read):
 * the request's list statements are then cancelled (request-reads.ts).
 */
function closedUnanswered(response: ServerResponse): AbortSignal {
  const closed = new AbortController();
  response.once('close', () => {
    if (!response.writableFinished) closed.abort();
  });
  return closed.signal;
}

/** A Fastify plugin: mount it under the `/v1` prefix. */
export async function adminRoutesPlugin(app: FastifyInstance, deps: AdminApiOptions): Promise<void> {
  registerAdminGuard(app, deps.identity);
  const handlers = adminHandlers(deps);
  for (const [name, route] of Object.entries(adminRoutes) as [AdminRouteName, (typeof adminRoutes)[AdminRouteName]][]) {
    const handler = handlers[name] as (request: AdminRequest<AdminRouteName>) => Promise<unknown>;
    app.route({
      method: route.method,
      url: route.path,
      schema: {
        operationId: name,
        tags: ['admin'],
        ...(described(route).description === undefined ? {} : { description: described(route).description }),
        // The admin scheme, not the buyers' (api-document.ts): the token must carry the admin claim,
        // and the role one of these; the back office only, so hidden from public client docs.
        security: [{ adminAuth: [] }],
        'x-admin-roles': ['owner', ...ADMIN_ROUTE_ROLES[name]],
        'x-internal': true,
        ...('params' in route ? { params: route.params } : {}),
        ...('query' in route ? { querystring: route.query } : {}),
        ...('body' in route ? { body: bodySchema(route.body) } : {}),
        // A delete answers 204 with no body (the contract): the document says so, never a 200.
        response: {
          ...(route.response ? { 200: route.response } : { 204: NoContent }),
          ...Object.fromEntries(('errors' in route ? route.errors : []).map((status) => [status, ApiErrorBody])),
        },
      },
      // After the admin guard (an app-wide hook) and before the body is validated: a role outside
      // the permission table gets 403 whatever it sends.
      onRequest: adminRoleGuard(name),
      // Once the body is parsed (an enforcement needs a recent sign-in only to suspend or ban).
      ...(name in STEP_UP_ROUTES
        ? { preHandler: stepUpGuard(name, deps.stepUpSeconds ?? STEP_UP_SECONDS_DEFAULT) }
        : {}),
      handler: async (request, reply) => {
        if (!request.admin) throw new Error('admin guard did not run');
        const admin = request.admin;
        const { result, logged } = await inRequest(closedUnanswered(reply.raw), () =>
          collectLoggedActions(() =>
            handler({
              params: request.params,
              query: request.query,
              body: request.body,
              admin,
              idempotencyKey: idempotencyKeyOf(request.headers['idempotency-key']),
            } as AdminRequest<AdminRouteName>),
          ),
        );
        // The handler's work has committed: the audit log screens may show it now.
        for (const entry of logged) deps.events.emit('auditEntryAdded', entry);
        if (route.response === null) return reply.code(204).send();
        // A streamed answer (a CSV export) goes out as it is read, never serialized.
        if (result instanceof Readable) return reply.type('text/csv; charset=utf-8').send(result);
        return result;
      },
    });
  }
}
