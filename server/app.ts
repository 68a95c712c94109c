// Builds the API as a Fastify instance without listening (server.ts listens, tests inject).
// Order: validation and errors → external plugins (rate limit, docs) → routes → realtime.
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
} from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { ApiErrorBody } from '../shared/contract/entities.js';
import { createAdminEvents, type AdminEvents } from './platform/events/admin-events.js';
import { createAdminPresence, type AdminPresence } from './platform/realtime/admin-presence.js';
import type { IdentityProvider } from './platform/auth/identity.js';
import { connectionLost, type Database } from './platform/db/database.js';
import { errorBody, HttpError } from './platform/http/errors.js';
import { answerSerializerCompiler } from './platform/http/answer-serializer.js';
import { AnsweredRequestLog } from './platform/http/request-log.js';
import type { Ports } from './composition.js';
import { registerMarket } from './market-api.js';
import { adminRoutesPlugin } from './admin-api.js';
import { apiDocumentOptions } from './api-document.js';
import { uniqueViolationOf } from './platform/db/unique-violation.js';
import { refusedTextOf } from './platform/db/refused-text.js';
import { DatabaseTimeoutError, isDatabaseUnavailable } from './platform/db/database-unavailable.js';

export const API_PREFIX = '/v1';

/** `GET /v1/health` when the database answers (503 with the error body when it does not). */
const Health = z.object({ status: z.literal('ok') });

/** What a realtime plugin (Socket.IO, owned by server/realtime/) gets to work with. */
export interface RealtimeContext {
  database: Database;
  identity: IdentityProvider;
  events: AdminEvents;
  /** Where the realtime layer tells the routes who is online (attach its answer). */
  presence: AdminPresence;
}
export type RealtimeRegistration = (app: FastifyInstance, context: RealtimeContext) => Promise<void> | void;

export interface BuildAppOptions {
  database: Database;
  /** Every port's adapter, whole: `composePorts` (server.ts) or `localPorts` (tests), both in composition.ts. */
  ports: Ports;
  logger?: FastifyServerOptions['logger'];
  /** Requests per minute per client before 429. */
  rateLimitMax?: number;
  /** ADMIN_STEP_UP_SECONDS (default 900): how old a sign-in may be for refunds, cancels, bans… */
  stepUpSeconds?: number;
  /** TRUSTED_PROXY: the proxies whose `X-Forwarded-For` gives the client's address (none: the connection's). */
  trustedProxy?: readonly string[];
  /** Hook for the realtime plugin; registered last, after every route. */
  realtime?: RealtimeRegistration;
}

function validationMessage(error: FastifyError & { validation: { instancePath: string; message?: string }[] }): string {
  const where = error.validationContext ?? 'request';
  return error.validation
    .map((issue) => {
      const path = issue.instancePath && issue.instancePath !== '/' ? issue.instancePath : '';
      return `${where}${path}: ${issue.message ?? 'is invalid'}`;
    })
    .join('; ');
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const trustProxy = options.trustedProxy?.length ? [...options.trustedProxy] : false;
  const app = Fastify({
    logger: options.logger ?? false,
    logController: new AnsweredRequestLog(),
    trustProxy,
    // A path Fastify cannot route (bad percent-encoding: 400; a parameter over its length: 414) is
    // answered in the contract's error body, not Fastify's own with its internal `code`.
    frameworkErrors: (error: FastifyError, _request: unknown, reply: FastifyReply) =>
      reply.code(error.statusCode ?? 400).send(errorBody(error.statusCode ?? 400, error.message)),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // Compiled from the contract; checked against it too outside production (answer-serializer.ts).
  app.setSerializerCompiler(answerSerializerCompiler);
  const events = createAdminEvents();
  const presence = createAdminPresence();

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(400).send(errorBody(400, validationMessage(error)));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match the contract');
      return reply.code(500).send(errorBody(500, 'Internal server error'));
    }
    // A unique index caught a race the handler's own check could not see (drizzle wraps the
    // node-postgres error, hence the walk through causes).
    if (uniqueViolationOf(error)) {
      return reply.code(409).send(errorBody(409, 'Already exists'));
    }
    // Backstop only: request schemas refuse text PostgreSQL cannot read (shared/contract/text.ts).
    // Logged, because reaching this means a schema let such text through.
    if (refusedTextOf(error)) {
      request.log.warn({ err: error }, 'the database refused text a request schema let through');
      return reply.code(400).send(errorBody(400, 'The request holds text the database cannot read'));
    }
    // The database did not answer (down, restarting, a statement over the time-out): 503, and
    // the client retries; the pool reconnects by itself once the database is back.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      // The pools' resting connections were most likely lost too (database.ts, boundedPool).
      if (!(error instanceof DatabaseTimeoutError)) {
        connectionLost(options.database.db);
        connectionLost(options.database.reads);
      }
      return reply
        .code(503)
        .send(errorBody(503, 'The database is not answering; try again in a moment', 'databaseUnavailable'));
    }
    const statusCode = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    // A 503 we raise ourselves says which service is missing, in words written for the user; the
    // service's own failure, if any, is its cause and goes to the log.
    if (statusCode === 503 && error instanceof HttpError && error.cause !== undefined) {
      request.log.warn({ err: error.cause }, 'a service the request needs failed');
    }
    if (statusCode >= 500 && !(statusCode === 503 && error instanceof HttpError)) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(statusCode).send(errorBody(statusCode, 'Internal server error'));
    }
    return reply
      .code(statusCode)
      .send(errorBody(statusCode, error.message, error instanceof HttpError ? error.code : undefined));
  });
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send(errorBody(404, `Route ${request.method} ${request.url.split('?')[0]} not found`)),
  );

  await app.register(rateLimit, {
    max: options.rateLimitMax ?? 600,
    timeWindow: '1 minute',
    // The IETF draft's names (`RateLimit-Limit`, `-Remaining`, `-Reset`), on every answer, and
    // `Retry-After` on a 429: what the API document promises (api-document.ts).
    enableDraftSpec: true,
    addHeadersOnExceeding: { 'ratelimit-limit': true, 'ratelimit-remaining': true, 'ratelimit-reset': true },
    addHeaders: { 'ratelimit-limit': true, 'ratelimit-remaining': true, 'ratelimit-reset': true, 'retry-after': true },
    errorResponseBuilder: (_request, context) => ({
      ...errorBody(429, `Too many requests, retry in ${context.after}`),
    }),
  });
  await app.register(swagger, apiDocumentOptions());

  await app.register(
    async (v1) => {
      v1.get('/docs/json', { schema: { hide: true } }, async () => app.swagger());
      v1.get(
        '/health',
        {
          schema: {
            tags: ['health'],
            operationId: 'getHealth',
            description:
              'Answers 200 while this API node reaches its database, 503 when it does not (for load balancers).',
            response: { 200: Health, 503: ApiErrorBody },
          },
        },
        async (_request, reply) => {
          try {
            await options.database.db.execute(sql`SELECT 1`);
            return { status: 'ok' };
          } catch {
            return reply.code(503).send(errorBody(503, 'Database unavailable', 'databaseUnavailable'));
          }
        },
      );
      await v1.register(adminRoutesPlugin, {
        db: options.database.db,
        reads: options.database.reads,
        identity: options.ports.identity,
        payments: options.ports.payments,
        events,
        presence,
        stepUpSeconds: options.stepUpSeconds,
      });
    },
    { prefix: API_PREFIX },
  );
  // ── Market ── the buyer/seller API (server/routes/market/) and its services (`app.market`).
  await registerMarket(app, {
    database: options.database,
    ports: options.ports,
    adminEvents: events,
    prefix: API_PREFIX,
  });

  // ── Realtime ── server/realtime/ registers Socket.IO here (same port as the API).
  if (options.realtime) {
    await options.realtime(app, { database: options.database, identity: options.ports.identity, events, presence });
  }

  await app.ready();
  return app;
}
