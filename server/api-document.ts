// The OpenAPI document `GET /v1/docs/json` serves (ARCHITECTURE.md, "The API document"): what
// @fastify/swagger generates from the routes' zod schemas, completed here the same way for every
// route, so a route added anywhere is documented without code of its own. A route says what only
// it knows (its tags, description, request and success schemas, extra error answers such as a
// 402 or a 404 for an id its body names); this file adds what follows from the route's shape: a stable operationId, the error answers
// the app's error handler, the token hooks and the rate limit give every route of that shape, the
// rate-limit headers, and integer formats that name the bounds the zod schemas enforce.
// tests/api-document/ lints the result with Spectral and generates a typed client from it.
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { OpenAPIV3 } from 'openapi-types';
import { z } from 'zod';
import { ApiErrorBody } from '../shared/contract/entities.js';
import { ADMIN_ROLES } from '../shared/contract/enums.js';

/** Every tag a route may use, with what a client team reads about it. */
export const API_TAGS: OpenAPIV3.TagObject[] = [
  { name: 'health', description: 'Whether this API node and its database answer.' },
  { name: 'admin', description: 'The back office (Market Admin): staff only, with the admin claim and a role.' },
  {
    name: 'public',
    description: 'What the buyer app shows without a sign-in: home sections, featured sellers and listings.',
  },
  { name: 'catalogue', description: 'Categories and subcategories of the marketplace.' },
  { name: 'settings', description: 'Time zones, app settings and the contact-us form.' },
  {
    name: 'user',
    description: "The caller's own account: registration, profile, phone, addresses, seller requests, devices.",
  },
  {
    name: 'listings',
    description: 'Listing, finding and changing items for sale: auctions, buy-now sales and giveaways.',
  },
  { name: 'drafts', description: 'Listings a seller has started and not yet published.' },
  { name: 'saved listings', description: 'Listings a buyer keeps to come back to.' },
  { name: 'uploads', description: 'Signed uploads and downloads of media (videos, profile pictures).' },
  { name: 'bids', description: 'Bidding on auctions, with maximum bids, and the bid history.' },
  { name: 'orders', description: 'Buying now, order history, reviews owed and the order as its seller sees it.' },
  { name: 'offers', description: 'Offers a buyer makes on a buy-now listing and the seller answers.' },
  { name: 'shipping', description: 'Shipping options, quotes, labels, tracking and bulk shipping documents.' },
  { name: 'payments', description: 'Cards, payments, identity verification and payout accounts.' },
  { name: 'chat', description: 'Chats between users and their messages, and the auction feed.' },
  { name: 'notifications', description: "The caller's notifications and their read marks." },
  { name: 'following', description: 'Following sellers and the community around a user.' },
  { name: 'ratings', description: 'Ratings a buyer gives a seller after an order.' },
  { name: 'support', description: 'Customer support requests and order issues.' },
  { name: 'appeals', description: 'Appeals of an enforcement by the enforced user, decided in the review queue.' },
];

/** The error body of every answer that is not 2xx (`server/platform/http/errors.ts`). */
const ERROR_SCHEMA = 'ApiError';
const RATE_LIMIT_HEADERS = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'] as const;

const SECURITY_SCHEMES: Record<string, OpenAPIV3.SecuritySchemeObject> = {
  bearerAuth: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'Firebase ID token',
    description:
      'A Firebase ID token of a marketplace user (buyer or seller), sent as `Authorization: Bearer <token>`.',
  },
  adminAuth: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'Firebase ID token with the admin claim',
    description:
      'A Firebase ID token whose custom claims hold `admin: true` and an `adminRole` among ' +
      `${ADMIN_ROLES.map((role) => `\`${role}\``).join(', ')} (no \`adminRole\` claim counts as \`owner\`). ` +
      'Each admin operation lists the roles it allows in `x-admin-roles`; any other role gets 403.',
  },
};

/** Stripe's webhook: the `Stripe-Signature` header, an HMAC of the body with the endpoint's secret. */
const STRIPE_SIGNATURE: OpenAPIV3.SecuritySchemeObject = {
  type: 'apiKey',
  in: 'header',
  name: 'Stripe-Signature',
  description: "Stripe's signature of the exact body, made with the webhook endpoint's signing secret.",
};

/** A header whose value is a whole number of at most `maximum` (requests, or seconds). */
const countHeader = (description: string, maximum: number): OpenAPIV3.HeaderObject => ({
  description,
  schema: { type: 'integer', format: 'int32', minimum: 0, maximum },
});

const HEADERS: Record<string, OpenAPIV3.HeaderObject> = {
  'RateLimit-Limit': countHeader('Requests allowed per client in the current window (one minute).', 2_147_483_647),
  'RateLimit-Remaining': countHeader('Requests left in the current window.', 2_147_483_647),
  'RateLimit-Reset': countHeader('Seconds until the current window ends.', 86_400),
  'Retry-After': countHeader('Seconds to wait before the next request.', 86_400),
};

/** Why each error status is answered, for the routes it applies to. */
const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'The request does not match the contract (path, query or body); `message` says where.',
  401: 'No bearer token, or one that is malformed, expired or revoked.',
  402: 'The payment failed (a declined card); `message` says why.',
  403: 'The caller may not do this (a suspended or closed account, an unverified email, or an admin role the route does not allow).',
  404: 'No such record, or one that is not the caller’s.',
  409: 'The record is not in a state that allows this, or it already exists.',
  413: 'The body is larger than the server accepts (1 MiB of JSON; an upload, its own limit).',
  415: 'The body’s Content-Type is not the one this operation takes.',
  429: 'Too many requests from this client; retry after `Retry-After` seconds.',
  500: 'The server failed; the body says no more than that.',
  503: 'A service this operation needs is not available.',
};

/** Options for `app.register(swagger, …)`: the base document and the per-route and whole-document transforms. */
export function apiDocumentOptions(): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      info: {
        title: 'Marketplace API',
        version: '1.0.0',
        description:
          'The buyer/seller API (`/v1/*`) that the buyer and seller apps call, and the back office’s admin API ' +
          '(`/v1/admin/*`, marked `x-internal`). Every error answer has the body `{statusCode, error, message, code?}`.',
        contact: { name: 'Marketplace API team' },
      },
      servers: [
        {
          url: '/',
          description:
            'The API node that serves this document (production, staging or local): the buyer/seller routes are ' +
            'public; the admin routes are for the back office only.',
          'x-internal': false,
        } as OpenAPIV3.ServerObject,
      ],
      tags: API_TAGS,
      components: {
        securitySchemes: { ...SECURITY_SCHEMES, stripeSignature: STRIPE_SIGNATURE },
        headers: HEADERS,
        schemas: { [ERROR_SCHEMA]: errorSchema() },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: (documentObject) => {
      if (!('openapiObject' in documentObject)) throw new Error('the API document is OpenAPI 3');
      return completeDocument(documentObject.openapiObject as OpenAPIV3.Document);
    },
  };
}

function errorSchema(): OpenAPIV3.SchemaObject {
  const schema = z.toJSONSchema(ApiErrorBody, { target: 'openapi-3.0', io: 'output' }) as Record<string, unknown>;
  delete schema.$schema;
  return schema as OpenAPIV3.SchemaObject;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
type Method = (typeof METHODS)[number];

/** Completes every operation of the generated document (pure: the input is not changed). */
export function completeDocument(generated: OpenAPIV3.Document): OpenAPIV3.Document {
  const document = structuredClone(generated);
  const paths: OpenAPIV3.PathsObject = {};
  for (const [path, item] of Object.entries(document.paths)) {
    if (!item) continue;
    const documentedPath = path.replace(/\{\*\}/g, `{${WILDCARD_NAME}}`);
    for (const method of METHODS) {
      const operation = item[method];
      if (operation) item[method] = completeOperation(documentedPath, method, operation);
    }
    paths[documentedPath] = item;
  }
  document.paths = paths;
  addIntegerFormats(document);
  boundStringParts(document);
  nullInNullableEnums(document);
  return document;
}

/**
 * A route ending in a wildcard (`/uploads/*`, an upload's storage key, which holds slashes) is
 * documented with a named parameter, `{key}`: `{*}` is no valid OpenAPI path template.
 */
export const WILDCARD_NAME = 'key';

function completeOperation(
  path: string,
  method: Method,
  operation: OpenAPIV3.OperationObject,
): OpenAPIV3.OperationObject {
  const parameters = (operation.parameters ?? []).map((parameter) => {
    if ('$ref' in parameter || parameter.name !== '*') return parameter;
    return {
      ...parameter,
      name: WILDCARD_NAME,
      description: 'The storage key, slashes included (sent as they are, not encoded).',
    };
  });
  const hasPathParameters = parameters.some((parameter) => !('$ref' in parameter) && parameter.in === 'path');
  const hasInput = parameters.length > 0 || operation.requestBody !== undefined;
  const secured = (operation.security ?? []).some((requirement) => Object.keys(requirement).length > 0);
  const statuses = [
    // A body may come with any method but GET, and Fastify refuses an empty or unreadable JSON body
    // (400) or another Content-Type (415) before the route's own schema is asked.
    (hasInput || method !== 'get') && 400,
    secured && 401,
    secured && 403,
    hasPathParameters && 404,
    method !== 'get' && 409,
    operation.requestBody !== undefined && 413,
    method !== 'get' && 415,
    429,
    500,
    // Any route answers 503 while the database does not (`databaseUnavailable`, server/app.ts).
    503,
  ].filter((status): status is number => status !== false);
  const responses: OpenAPIV3.ResponsesObject = {};
  for (const [status, response] of Object.entries(operation.responses)) {
    responses[status] = withRateLimitHeaders(status, response);
  }
  for (const status of statuses) {
    responses[String(status)] ??= withRateLimitHeaders(String(status), errorResponse(status));
  }
  // An error answer a route declares itself (a 402) gets the shared body and description too; one
  // whose body says more than the error body (a bulk refusal's `errors`) keeps its own schema.
  for (const [status, response] of Object.entries(responses)) {
    const description = ERROR_DESCRIPTIONS[Number(status)];
    if (Number(status) >= 400 && !('$ref' in response) && description) {
      responses[status] = saysMoreThanErrorBody(response)
        ? { ...response, description }
        : { ...errorResponse(Number(status)), headers: response.headers };
    }
  }
  return {
    ...operation,
    operationId: operation.operationId ?? operationIdOf(method, path),
    ...(parameters.length > 0 ? { parameters } : {}),
    responses: Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b))),
  };
}

const ERROR_BODY_FIELDS = new Set(Object.keys(ApiErrorBody.shape));

/** Whether a declared error answer's JSON body has fields beyond `{statusCode, error, message, code}`. */
function saysMoreThanErrorBody(response: OpenAPIV3.ResponseObject): boolean {
  const schema = response.content?.['application/json']?.schema;
  if (!schema || '$ref' in schema) return false;
  return Object.keys(schema.properties ?? {}).some((field) => !ERROR_BODY_FIELDS.has(field));
}

function errorResponse(status: number): OpenAPIV3.ResponseObject {
  return {
    description: ERROR_DESCRIPTIONS[status] ?? 'The request failed.',
    content: { 'application/json': { schema: { $ref: `#/components/schemas/${ERROR_SCHEMA}` } } },
  };
}

/** The rate limit's headers on every 2xx and 4xx answer (and `Retry-After` on a 429), as @fastify/rate-limit sends them. */
function withRateLimitHeaders(
  status: string,
  response: OpenAPIV3.ResponseObject | OpenAPIV3.ReferenceObject,
): OpenAPIV3.ResponseObject | OpenAPIV3.ReferenceObject {
  if ('$ref' in response || !/^[24]/.test(status)) return response;
  const names = status === '429' ? [...RATE_LIMIT_HEADERS, 'Retry-After'] : RATE_LIMIT_HEADERS;
  const headers = { ...response.headers };
  for (const name of names) headers[name] ??= { $ref: `#/components/headers/${name}` };
  return { ...response, headers };
}

/**
 * A stable operationId from the method and the path, for routes that name none (the admin routes
 * name theirs after the route table): `POST /v1/bid` → `postBid`, `GET /v1/bid/listing/{id}` →
 * `getBidListingById`. The path is the route's identity, so the name changes only if the route does.
 */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/^\/v1\//, '/')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const parameter = /^\{(.+)\}$/.exec(segment);
      return parameter ? ['by', parameter[1] ?? ''] : segment.split(/[^A-Za-z0-9]+/);
    })
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((word) => word.charAt(0).toUpperCase() + word.slice(1))].join('');
}

/**
 * zod writes a string with two patterns (an email that also refuses control characters) as a
 * bounded string whose `allOf` parts are `{type: string, pattern}` each. A part is only ever
 * checked together with its parent, so it gets the parent's `maxLength`: the same set of strings,
 * stated where a linter looks for it.
 */
function boundStringParts(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) boundStringParts(item);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const schema = node as Record<string, unknown>;
  if (schema.type === 'string' && typeof schema.maxLength === 'number' && Array.isArray(schema.allOf)) {
    for (const part of schema.allOf as Record<string, unknown>[]) {
      if (part.type === 'string' && part.maxLength === undefined) part.maxLength = schema.maxLength;
    }
  }
  for (const value of Object.values(schema)) boundStringParts(value);
}

const INT32 = { min: -2_147_483_648, max: 2_147_483_647 };

/**
 * Every integer schema names its width: `int32` when its enforced bounds fit 32 bits, else
 * `int64`. The bounds themselves come from the zod schemas (a zod integer always has them), so
 * the format says nothing the server does not already enforce.
 */
function addIntegerFormats(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) addIntegerFormats(item);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const schema = node as Record<string, unknown>;
  if (schema.type === 'integer' && schema.format === undefined) {
    const min = typeof schema.minimum === 'number' ? schema.minimum : -Infinity;
    const max = typeof schema.maximum === 'number' ? schema.maximum : Infinity;
    schema.format = min >= INT32.min && max <= INT32.max ? 'int32' : 'int64';
  }
  for (const value of Object.values(schema)) addIntegerFormats(value);
}

declare module 'fastify' {
  interface FastifySchema {
    /** The admin roles an admin route allows (the permission table), for the document's readers. */
    'x-admin-roles'?: readonly string[];
    /** The operation is for the back office only: documentation tools leave it out of public docs. */
    'x-internal'?: boolean;
  }
}

/**
 * OpenAPI 3.0.3: `nullable: true` does not widen an `enum`, which must list `null` itself for null
 * to be valid. zod writes a nullable enum (a case's `outcome`) without it, so a validating client
 * or proxy refused every unresolved case; the `null` is added where the schema is nullable.
 */
function nullInNullableEnums(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) nullInNullableEnums(item);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const schema = node as Record<string, unknown>;
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) {
    schema.enum = [...(schema.enum as unknown[]), null];
  }
  for (const value of Object.values(schema)) nullInNullableEnums(value);
}
