// How the ownership walk turns the route table into requests, and what it accepts as an answer.
// Every rule here is derived from the OpenAPI document; the one list (VISITOR_ACTIONS) names
// the market's buyer and visitor actions on things that are public on purpose.
import type { OwnedThing } from './market-objects.js';
import {
  fillPath,
  idPathParams,
  type JsonSchema,
  namesAnId,
  type Operation,
  queryString,
} from './openapi-operations.js';
import { encode } from './schema-arbitrary.js';
import type { Answer, SentRequest } from './security-app.js';

/**
 * Acting on somebody else's *public* thing is what a market is for: bidding on their auction,
 * buying their listing, making an offer, entering a giveaway, saving or reporting a listing,
 * asking about stock, commenting in an auction's feed, reading one's own maximum bid, opening a
 * chat with a seller, following them, or checking that a seller can be paid before paying.
 * These are not walked with public things (B may do them; they change B's own rows). With a
 * private thing (a draft, an order, …) they are walked like every other route. A new route is
 * walked with everything until it is added here, so a leak in it fails the walk.
 */
export const VISITOR_ACTIONS = new Set([
  'POST /v1/bid',
  'POST /v1/order',
  'POST /v1/payments/with-order',
  'POST /v1/offer',
  'POST /v1/giveaway-entry',
  'POST /v1/saved-listing',
  'GET /v1/saved-listing/{id}',
  'DELETE /v1/saved-listing/{id}',
  'POST /v1/listing/report',
  'GET /v1/payments/stock',
  'POST /v1/listing/{id}/messages',
  'GET /v1/listing/{id}/maxbid',
  'POST /v1/chat',
  'POST /v1/following',
  'GET /v1/following/is-following',
  'GET /v1/payments/stripe/connected/{id}',
]);

/** A read anybody may make without signing in: it may show a public thing (and must change nothing). */
export const isPublicRead = (operation: Operation) => operation.method === 'GET' && !operation.secured;

/** One place a request names a stored thing. */
export interface IdSlot {
  in: 'path' | 'query' | 'body';
  name: string;
  /** A body field that takes a list of ids (`orderIds`, `ids`). */
  list: boolean;
}

type ObjectSchema = JsonSchema & { properties: Record<string, JsonSchema> };
const bodyFields = (operation: Operation): ObjectSchema | null => {
  const body = operation.body?.oneOf?.[0] ?? operation.body?.anyOf?.[0] ?? operation.body;
  return body?.type === 'object' && body.properties ? (body as ObjectSchema) : null;
};

/** Every id the operation takes: path parameters, id-named query parameters and body fields. */
export function idSlots(operation: Operation): IdSlot[] {
  const slots: IdSlot[] = idPathParams(operation).map((parameter) => ({
    in: 'path',
    name: parameter.name,
    list: false,
  }));
  for (const parameter of operation.queryParams) {
    if (namesAnId(parameter.name)) slots.push({ in: 'query', name: parameter.name, list: false });
  }
  for (const [name, field] of Object.entries(bodyFields(operation)?.properties ?? {})) {
    if (namesAnId(name)) slots.push({ in: 'body', name, list: field.type === 'array' });
  }
  return slots;
}

/** A value the schema takes, for the fields the walk is not about (so refusals are about the id). */
export function exampleOf(schema: JsonSchema): unknown {
  if (schema.default !== undefined) return schema.default;
  if (schema.enum !== undefined) return schema.enum[0];
  if (schema.const !== undefined) return schema.const;
  const choice = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (choice) return exampleOf(choice);
  switch (schema.type) {
    case 'string': {
      if (schema.format === 'email') return 'walker@market.test';
      if (schema.format === 'uri') return 'https://app.test/return';
      if (schema.format === 'date-time') return new Date(Date.now() + 86_400_000).toISOString();
      const pattern = schema.pattern === undefined ? null : new RegExp(schema.pattern, 'u');
      const candidates = ['Walk text', 'walk', String(Date.now() + 2 * 86_400_000), '1'];
      const text = candidates.find((candidate) => !pattern || pattern.test(candidate)) ?? 'walk';
      return text.padEnd(schema.minLength ?? 0, 'k');
    }
    case 'integer':
    case 'number':
      return Math.min(Math.max(typeof schema.minimum === 'number' ? schema.minimum : 1, 1), schema.maximum ?? Infinity);
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: Math.max(schema.minItems ?? 1, 1) }, () => exampleOf(schema.items ?? {}));
    case 'object':
      return Object.fromEntries(
        (schema.required ?? []).map((name) => [name, exampleOf(schema.properties?.[name] ?? {})]),
      );
    default:
      return 'walk';
  }
}

/** The intruder's own values for an id slot the walk is not about (their own listing, file, user id). */
export type OwnValues = Record<string, string> & { userId: string };

/** A slot's key in the values a request names: `path id`, `body listingId`. */
export const slotKey = (slot: IdSlot) => `${slot.in} ${slot.name}`;

/** The request naming `values[slotKey]` in each slot given, the intruder's own values in the others. */
export function requestNaming(
  operation: Operation,
  values: ReadonlyMap<string, string>,
  own: OwnValues,
  token: string,
): SentRequest {
  const valueOf = (slot: IdSlot) => values.get(slotKey(slot)) ?? own[slot.name] ?? own.userId;
  const slots = idSlots(operation);
  const segments: Record<string, string> = {};
  for (const parameter of operation.pathParams) {
    const slot = slots.find((candidate) => candidate.in === 'path' && candidate.name === parameter.name);
    const value = slot ? valueOf(slot) : String(exampleOf(parameter.schema));
    // The uploads' wildcard (`{key}`) takes a whole key: each of its segments encoded, its slashes kept.
    segments[parameter.name] = parameter.name === 'key' ? value.split('/').map(encode).join('/') : encode(value);
  }
  const query: [string, string][] = [];
  for (const parameter of operation.queryParams) {
    const slot = slots.find((candidate) => candidate.in === 'query' && candidate.name === parameter.name);
    if (slot) query.push([parameter.name, encode(valueOf(slot))]);
    else if (parameter.required) query.push([parameter.name, encode(String(exampleOf(parameter.schema)))]);
  }
  let payload: string | undefined;
  const fields = bodyFields(operation);
  if (fields) {
    const body = exampleOf(fields) as Record<string, unknown>;
    for (const slot of slots.filter((candidate) => candidate.in === 'body')) {
      if (!values.has(slotKey(slot)) && !(fields.required ?? []).includes(slot.name)) continue;
      body[slot.name] = slot.list ? [valueOf(slot)] : valueOf(slot);
    }
    payload = JSON.stringify(body);
  } else if (operation.body) {
    payload = JSON.stringify(exampleOf(operation.body));
  }
  return { method: operation.method, url: `${fillPath(operation, segments)}${queryString(query)}`, token, payload };
}

/**
 * The same value with one character changed, so it names nothing: the last hex digit of its last
 * uuid when it has one (a file key keeps its extension), else its last letter or digit.
 */
export function nearMiss(value: string): string {
  const uuids = [...value.matchAll(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g)];
  const last = uuids.at(-1);
  const index = last ? last.index + last[0].length - 1 : value.search(/[0-9A-Za-z](?=[^0-9A-Za-z]*$)/);
  if (index < 0) return `${value}x`;
  const char = value[index]!;
  const next = /\d/.test(char)
    ? String((Number(char) + 1) % 10)
    : last
      ? char === 'f'
        ? '0'
        : String.fromCharCode(char.charCodeAt(0) + 1)
      : char === 'z' || char === 'Z'
        ? String.fromCharCode(char.charCodeAt(0) - 25)
        : String.fromCharCode(char.charCodeAt(0) + 1);
  return `${value.slice(0, index)}${next}${value.slice(index + 1)}`;
}

/** Whether B's answer naming the values is the answer naming nothing, each value swapped for its near-miss. */
export function answersAlike(named: Answer, missing: Answer, swaps: readonly [string, string][]): boolean {
  if (named.status !== missing.status) return false;
  const swapped = swaps.reduce(
    (text, [value, missingValue]) =>
      text.split(value).join(missingValue).split(encode(value)).join(encode(missingValue)),
    named.text,
  );
  return swapped === missing.text;
}

/** Pairs of distinct things of one kind, for routes that take two ids (a chat's two users). */
export function pairsOfAKind(things: readonly OwnedThing[]): [OwnedThing, OwnedThing][] {
  return things.flatMap((first) =>
    things
      .filter((second) => second !== first && second.kind === first.kind)
      .map((second): [OwnedThing, OwnedThing] => [first, second]),
  );
}
