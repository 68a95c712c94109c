// Secured-route registration for the buyer/seller API: every route whose schema spreads
// `...secured` authenticates its caller before anything else runs (an onRoute hook adds the
// hook), so no route repeats it. The caller is resolved there, once, and rides on the request:
// a handler reads `request.caller`.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { verifiedCaller } from '../auth/bearer.js';
import type { IdentityProvider } from '../auth/identity.js';
import {
  accountSuspended,
  callerCacheOf,
  DeletedAccountError,
  EmailNotVerifiedError,
  type MarketAccounts,
  type MarketUser,
  type ResolvedCaller,
} from '../auth/market-users.js';
import { signInRecorder } from '../auth/sign-in-ips.js';
import type { ServiceDeps } from '../services/service-deps.js';
import { HttpError } from './errors.js';
import { type MarketRouteContext, zodRouter } from './market-route-context.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller of a secured market route; null on a route that did not authenticate. */
    marketUser: MarketUser | null;
    /** The caller of a secured market route (resolved before validation by its `authenticate` hook). */
    readonly caller: MarketUser;
  }
}

/** The context every market route module registers with, its secured routes authenticating. */
export function securedRouteContext<Ports extends object>(
  app: FastifyInstance,
  deps: ServiceDeps<Ports>,
  identity: IdentityProvider,
  accounts: MarketAccounts,
): MarketRouteContext<Ports> {
  const callers = callerCacheOf(deps.db, accounts);
  const recordSignIn = signInRecorder(deps.db);
  const secured = { security: [{ bearerAuth: [] as never[] }] };

  app.decorateRequest('marketUser', null);
  app.decorateRequest('caller', {
    getter(this: FastifyRequest): MarketUser {
      if (!this.marketUser) throw new Error('authenticate did not run');
      return this.marketUser;
    },
  });
  /** Runs before body validation: a request without a valid token is 401, whatever its body. */
  async function authenticate(request: FastifyRequest): Promise<void> {
    const resolved = await resolvedCaller(request);
    // A suspended or banned user is refused here, on every secured route at once (the contract).
    if (resolved.suspended) throw accountSuspended();
    request.marketUser = resolved;
  }
  async function authenticateSuspended(request: FastifyRequest): Promise<void> {
    request.marketUser = await resolvedCaller(request);
  }
  async function resolvedCaller(request: FastifyRequest): Promise<ResolvedCaller> {
    const verified = await verifiedCaller(request, identity);
    let resolved: ResolvedCaller;
    try {
      resolved = await callers.resolve(verified);
    } catch (error) {
      if (error instanceof DeletedAccountError) throw new HttpError(403, error.message);
      if (error instanceof EmailNotVerifiedError) throw new HttpError(403, error.message, 'emailNotVerified');
      throw error;
    }
    // The first request of each sign-in records where it came from (sign-in-ips.ts).
    await recordSignIn(verified, resolved.id, request.ip);
    return resolved;
  }
  /** Admins only, with no marketplace account made for them: the carrier's stand-in. */
  async function authenticateAdmin(request: FastifyRequest): Promise<void> {
    const verified = await verifiedCaller(request, identity);
    if (!verified.admin) throw new HttpError(403, 'Only an admin may post carrier tracking updates');
  }
  // Every route documented as secured authenticates, whether or not it names the hook itself. A
  // route whose security allows an empty requirement (`{}`: anybody, as on contact-us or a signed
  // upload URL) is documented as open to anonymous callers and does its own checks.
  app.addHook('onRoute', (route) => {
    const hooks = route.onRequest === undefined ? [] : [route.onRequest].flat();
    const requirements = route.schema?.security ?? [];
    const required = requirements.length > 0 && requirements.every((entry) => Object.keys(entry).length > 0);
    const own = [authenticate, authenticateAdmin, authenticateSuspended];
    if (required && !hooks.some((hook) => own.includes(hook as typeof authenticate))) {
      route.onRequest = [authenticate, ...hooks];
    }
  });
  return { app, r: zodRouter(app), deps, identity, authenticate, authenticateAdmin, authenticateSuspended, secured };
}
