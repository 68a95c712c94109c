// The API's operations as its OpenAPI document (`GET /v1/docs/json`) describes them: the one
// route table both security walks derive their requests from, so a route added to the API is
// fuzzed and ownership-walked without anybody listing it here.
import type { FastifyInstance } from 'fastify';

/** The slice of JSON Schema that fastify-type-provider-zod writes for zod 4 schemas. */
export interface JsonSchema {
  type?: 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object' | 'null';
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  nullable?: boolean;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  default?: unknown;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
}

interface RawOperation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: unknown[];
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Operation {
  method: HttpMethod;
  /** As documented, e.g. `/v1/listing/{id}` (the uploads' wildcard is documented as `{key}`). */
  path: string;
  /** `GET /v1/listing/{id}`: how reports and the coverage list name it. */
  name: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  /** The JSON body's schema, or null for an operation that documents none. */
  body: JsonSchema | null;
  /** Documents credentials every caller needs (a bearer token, Stripe's signature): the route authenticates its caller. */
  secured: boolean;
}

/**
 * Whether every way in names a scheme: `[{}]` (a signed upload URL) or `[{}, {bearerAuth: []}]`
 * (contact-us, a token optional) lets a caller in without one.
 */
const requiresCredentials = (security: unknown[]) =>
  security.length > 0 && security.every((requirement) => Object.keys(requirement ?? {}).length > 0);

export async function fetchOperations(app: FastifyInstance): Promise<Operation[]> {
  const response = await app.inject({ method: 'GET', url: '/v1/docs/json' });
  if (response.statusCode !== 200) throw new Error(`GET /v1/docs/json answered ${response.statusCode}`);
  const document = response.json() as { paths: Record<string, Record<string, RawOperation>> };
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, raw]): Operation => {
      const parameters = raw.parameters ?? [];
      return {
        method: method.toUpperCase() as HttpMethod,
        path,
        name: `${method.toUpperCase()} ${path}`,
        pathParams: parameters.filter((parameter) => parameter.in === 'path'),
        queryParams: parameters.filter((parameter) => parameter.in === 'query'),
        body: raw.requestBody?.content?.['application/json']?.schema ?? null,
        secured: requiresCredentials(raw.security ?? []),
      };
    }),
  );
}

/** The operation's URL with each path parameter replaced by its (already encoded) segment. */
export function fillPath(operation: Operation, segments: Record<string, string>): string {
  return operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const segment = segments[name];
    if (segment === undefined) throw new Error(`${operation.name}: no value for {${name}}`);
    return segment;
  });
}

/** `?a=1&b=2` from already encoded pairs (empty when there are none). */
export function queryString(pairs: [string, string][]): string {
  return pairs.length === 0 ? '' : `?${pairs.map(([key, value]) => `${key}=${value}`).join('&')}`;
}

/**
 * Whether a parameter or body field names a stored thing by id: the API's naming rule (`id`,
 * `listingId`, `orderIds`, `ids`), plus an uploaded file's `key` (in a body or as the uploads'
 * wildcard path). A device `token` is not one: it names the device, which moves to whoever signs
 * in on it (devices.ts).
 */
export const namesAnId = (name: string) => /(^id$|Id$|^ids$|Ids$|^key$)/.test(name);

/**
 * Path parameters that name a stored thing (every one but a closed choice such as a label size or
 * a public section's name).
 */
export const idPathParams = (operation: Operation) =>
  operation.pathParams.filter((parameter) => parameter.schema.enum === undefined);
