// The shape of one admin route handler, derived from the contract's route table: the handler
// gets the parsed params/query/body of its route and returns the route's answer.
import type { z } from 'zod';
import type { AdminRouteName, AdminRouteOutput, AdminRoutes } from '../../../shared/contract/admin-api.js';
import type { AdminEvents } from '../events/admin-events.js';
import type { IdentityProvider, VerifiedIdentity } from '../auth/identity.js';
import type { Db } from '../db/database.js';
import type { AdminPresence } from '../realtime/admin-presence.js';

type Parsed<R, K extends string> =
  R extends Record<K, infer S> ? (S extends z.ZodType ? z.output<S> : never) : undefined;

export interface AdminRequest<N extends AdminRouteName> {
  params: Parsed<AdminRoutes[N], 'params'>;
  query: Parsed<AdminRoutes[N], 'query'>;
  body: Parsed<AdminRoutes[N], 'body'>;
  admin: VerifiedIdentity;
  /** The `Idempotency-Key` header, when sent. */
  idempotencyKey: string | null;
}

export type AdminHandler<N extends AdminRouteName> = (request: AdminRequest<N>) => Promise<AdminRouteOutput<N>>;
export type AdminHandlers = { [N in AdminRouteName]: AdminHandler<N> };

/**
 * What admin handlers work with. A handler that needs a port names it beside (orders' refunds:
 * `AdminDeps & Pick<PaymentPorts, 'payments'>`), so platform knows no module.
 */
export interface AdminDeps {
  db: Db;
  /** The lists' and statistics' reads: a streaming replica when one is configured, else `db`. */
  reads: Db;
  identity: IdentityProvider;
  events: AdminEvents;
  /** Who has the back office open (the realtime layer's presence; nobody without realtime). */
  presence: AdminPresence;
}
