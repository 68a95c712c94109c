// What every secured market route module gets (platform/http/secured-routes.ts): the typed
// router, the services' dependencies (with the ports the module names: `MarketRouteContext<AccountPorts>`)
// and the token hooks; a secured route reads its resolved caller as `request.caller`. Route modules
// (one per business area) register on the same Fastify instance, so the secured-route hook covers them.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { id } from '../../../shared/contract/entities.js';
import { DEFAULT_LIST_LIMIT, MAX_LIST_LIMIT } from '../../../shared/contract/list-query.js';
import { freeText } from '../../../shared/contract/text.js';
import type { IdentityProvider } from '../auth/identity.js';
import type { ServiceDeps } from '../services/service-deps.js';

export const zodRouter = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();
export type ZodRouter = ReturnType<typeof zodRouter>;

export interface MarketRouteContext<Ports extends object = object> {
  app: FastifyInstance;
  /** `app` with zod schemas for params, query and body. */
  r: ZodRouter;
  deps: ServiceDeps<Ports>;
  /** The identity provider: verifies tokens, and disables the sign-in of a closed account. */
  identity: IdentityProvider;
  /** Any signed-in marketplace user; sets `request.marketUser` (read as `request.caller`). */
  authenticate(request: FastifyRequest): Promise<void>;
  /** Admins only, with no marketplace account made for them. */
  authenticateAdmin(request: FastifyRequest): Promise<void>;
  /** `authenticate`, but a suspended or banned caller passes: the one thing they may do is appeal. */
  authenticateSuspended(request: FastifyRequest): Promise<void>;
  /** Spread into a route's schema: documents the bearer token (and makes the route authenticate). */
  secured: { security: { bearerAuth: never[] }[] };
}

export const Paging = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_LIST_LIMIT).default(DEFAULT_LIST_LIMIT),
});
/** Paging that refuses unknown query parameters (a typo'd filter must not silently list everything). */
export const StrictPaging = z.strictObject(Paging.shape);
export const IdParams = z.object({ id });
/** The answer of a 204: no body (`reply.code(204).send()`); the OpenAPI document shows the status alone. */
export const NoContent = z.undefined().describe('No content');
/** A message a person types: trimmed, non-empty, at most `max` characters, line breaks allowed. */
export const text = (max: number) => freeText().trim().min(1).max(max);
