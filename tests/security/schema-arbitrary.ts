// Values for a request, derived from the OpenAPI document's JSON schemas: mostly what the schema
// accepts (so requests get past validation into the services), mixed with what a hostile or
// broken client sends (control characters, huge and malformed unicode strings, wrong types,
// extra and missing fields, out-of-range numbers, real ids of other people's things).
import fc from 'fast-check';
import { type JsonSchema, namesAnId } from './openapi-operations.js';

/** Real ids in the database (refreshed before each operation) and the fuzzing user's own things. */
export type IdPool = readonly string[];

/** Cap on valid strings, so most requests stay small and fast; hostile ones go far beyond. */
const VALID_MAX_LENGTH = 60;
const HUGE = 100_000;

const C0_AND_DEL = ['\u0000', '\u0001', '\u0007', '\b', '\t', '\n', '\v', '\f', '\r', '\u001b', '\u001f', '\u007f'];
const TRICKY_UNICODE = [
  '\uD800', // lone high surrogate
  '\uDFFF', // lone low surrogate
  'a\uDC00b',
  '😀',
  '👩‍👩‍👧‍👦',
  '\u202Eevil\u202C', // right-to-left override
  'שלום עולם', // RTL script
  '\u200B\u200D\uFEFF', // zero width characters and a BOM
  'e\u0301\u0301\u0301', // stacked combining marks
  '\u2028\u2029', // line and paragraph separators
  'ＡＤＭＩＮ', // full width
  '\uFFFD\uFFFF',
];
const INJECTIONS = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '"; SELECT pg_sleep(1); --',
  '$1',
  '%',
  '_',
  '\\',
  '\\x00',
  '%00',
  '../../../etc/passwd',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  '%s%n%x',
  '{"$gt":""}',
  '__proto__',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '',
  '   ',
];

/** A string no well-behaved client sends. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(fc.string({ maxLength: 12 }), fc.constantFrom(...C0_AND_DEL), fc.string({ maxLength: 12 }))
    .map(([before, control, after]) => `${before}${control}${after}`),
  fc.constantFrom(...TRICKY_UNICODE),
  fc.constantFrom(...INJECTIONS),
  fc.constantFrom(
    'a'.repeat(HUGE),
    'é'.repeat(HUGE),
    '😀'.repeat(HUGE / 2),
    `${'\u0000'.repeat(10)}${'x'.repeat(HUGE)}`,
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

/** A number outside what a field expects: negative, fractional, beyond every integer type. */
const hostileNumber = fc.constantFrom(
  -1,
  -0.5,
  0,
  0.001,
  1.005,
  123.456,
  2 ** 31,
  2 ** 53 + 2,
  2 ** 63,
  1e21,
  1e308,
  -1e308,
  Number.MIN_VALUE,
  Number.MAX_SAFE_INTEGER,
  -Number.MAX_SAFE_INTEGER,
);

/** Any JSON value at all, for a field of another type. */
const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, '', '1', [], {}, [null], { id: 1 }),
  fc.jsonValue({ maxDepth: 2 }),
);

const printable = (min: number, max: number) => fc.string({ minLength: min, maxLength: max });

function bounds(schema: JsonSchema, integer: boolean): { min: number; max: number } {
  const limit = integer ? Number.MAX_SAFE_INTEGER : 1e9;
  let min = typeof schema.minimum === 'number' ? schema.minimum : -limit;
  let max = typeof schema.maximum === 'number' ? schema.maximum : limit;
  if (typeof schema.exclusiveMinimum === 'number') min = schema.exclusiveMinimum + (integer ? 1 : 0.01);
  if (typeof schema.exclusiveMaximum === 'number') max = schema.exclusiveMaximum - (integer ? 1 : 0.01);
  return { min: Math.max(min, -limit), max: Math.min(max, limit) };
}

/** A string the schema accepts (as far as its pattern and length say). */
function validString(schema: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.max(min, Math.min(schema.maxLength ?? VALID_MAX_LENGTH, VALID_MAX_LENGTH));
  const fits = (text: string) => text.length >= min && text.length <= max;
  if (schema.format === 'email') {
    return fc
      .tuple(fc.stringMatching(/^[a-z][a-z0-9]{0,10}$/), fc.constantFrom('market.test', 'example.com'))
      .map(([local, domain]) => `${local}@${domain}`);
  }
  if (schema.format === 'uri') return fc.webUrl({ withQueryParameters: true }).filter(fits);
  if (schema.format === 'date-time') {
    return fc
      .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((date) => date.toISOString());
  }
  if (schema.pattern !== undefined) {
    const pattern = new RegExp(schema.pattern, 'u');
    // The pattern's own strings, or plain ones that happen to match it (most names and ids do).
    return fc.oneof(
      fc.stringMatching(pattern).filter(fits),
      printable(min, max).filter((text) => pattern.test(text)),
    );
  }
  return printable(min, max);
}

function validNumber(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const { min, max } = bounds(schema, integer);
  if (integer) return fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
  // Money fields are numbers with at most two decimals: mostly cents, sometimes any double.
  const cents = fc
    .integer({ min: Math.ceil(Math.max(min, -1e7) * 100), max: Math.floor(Math.min(max, 1e7) * 100) })
    .map((value) => value / 100);
  return fc.oneof({ weight: 4, arbitrary: cents }, fc.double({ min, max, noNaN: true, noDefaultInfinity: true }));
}

/** A value of the field's name: a real id from the pool, a fresh uuid, or any string the schema takes. */
function idValue(schema: JsonSchema, pool: IdPool): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: pool.length > 0 ? 4 : 0, arbitrary: fc.constantFrom(...(pool.length > 0 ? pool : ['none'])) },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: validString(schema) },
  );
}

/** What the schema accepts; `name` is the field's name (id-named fields draw real ids). */
export function validValue(schema: JsonSchema, name: string, pool: IdPool): fc.Arbitrary<unknown> {
  const value = validValueOf(schema, name, pool);
  return schema.nullable ? fc.oneof({ weight: 5, arbitrary: value }, fc.constant(null)) : value;
}

function validValueOf(schema: JsonSchema, name: string, pool: IdPool): fc.Arbitrary<unknown> {
  if (schema.enum !== undefined) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices !== undefined) return fc.oneof(...choices.map((choice) => validValue(choice, name, pool)));
  switch (schema.type) {
    case 'string':
      return namesAnId(name) ? idValue(schema, pool) : validString(schema);
    case 'integer':
      return validNumber(schema, true);
    case 'number':
      return validNumber(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const item = schema.items ?? {};
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 4, 4));
      return fc.array(validValue(item, name.replace(/s$/, ''), pool), { minLength, maxLength });
    }
    case 'object':
      return validObject(schema, pool);
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

/** What a hostile client puts in the field instead. */
export function hostileValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  const ofType: fc.Arbitrary<unknown>[] = [wrongType];
  if (schema.type === 'string' || schema.anyOf !== undefined) ofType.push(hostileString, hostileString);
  if (schema.type === 'number' || schema.type === 'integer' || schema.anyOf !== undefined) {
    ofType.push(hostileNumber, hostileNumber);
  }
  if (schema.type === 'array') {
    const tooMany = (schema.maxItems ?? 100) + 1;
    ofType.push(
      fc.constant([]),
      fc.array(hostileString, { maxLength: 3 }),
      fc.uuid().map((one) => Array.from({ length: tooMany }, () => one)),
    );
  }
  return fc.oneof(...ofType);
}

/** An object, or a list of objects, whose own fields are fuzzed (fuzzObject), or null for other values. */
function nestedFuzz(schema: JsonSchema, pool: IdPool): fc.Arbitrary<unknown> | null {
  if (schema.type === 'object') return fuzzObject(schema, pool);
  if (schema.type !== 'array' || schema.items?.type !== 'object') return null;
  const minLength = Math.max(schema.minItems ?? 1, 1);
  return fc.array(fuzzObject(schema.items, pool), { minLength, maxLength: Math.max(minLength, 3) });
}

/** Mostly valid, sometimes hostile (itself, or in its nested fields): the value of one field. */
export function fuzzValue(schema: JsonSchema, name: string, pool: IdPool): fc.Arbitrary<unknown> {
  const nested = nestedFuzz(schema, pool);
  return fc.oneof(
    { weight: 5, arbitrary: validValue(schema, name, pool) },
    { weight: 2, arbitrary: hostileValue(schema) },
    { weight: nested ? 3 : 0, arbitrary: nested ?? fc.constant(null) },
  );
}

/** Field names a mass-assignment attack tries, and prototype pollution's. */
const EXTRA_FIELDS = [
  'admin',
  'isAdmin',
  'role',
  'userId',
  'sellerId',
  'status',
  'id',
  'deletedAt',
  '__proto__',
  'constructor',
];

/** The schema's fields, each valid: required ones present, optional ones sometimes. */
function validObject(schema: JsonSchema, pool: IdPool): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const model = Object.fromEntries(
    Object.entries(properties).map(([name, property]) => [name, validValue(property, name, pool)]),
  );
  const requiredKeys = (schema.required ?? []).filter((name) => name in model);
  return fc.record(model, { requiredKeys }) as fc.Arbitrary<Record<string, unknown>>;
}

/** `object` with `key` set as an own property (so `__proto__` really goes into the JSON). */
function withKey(object: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  const copy = { ...object };
  Object.defineProperty(copy, key, { value, enumerable: true, configurable: true, writable: true });
  return copy;
}

/**
 * A body of the schema's fields: all valid (so the request reaches the service), or valid but
 * for one hostile field (so that field's handling is what is tested), or every field fuzzed,
 * or with an extra field, or without a required one.
 */
export function fuzzObject(schema: JsonSchema, pool: IdPool): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const names = Object.keys(properties);
  const required = (schema.required ?? []).filter((name) => names.includes(name));
  const valid = validObject(schema, pool);
  const oneHostile =
    names.length === 0
      ? valid
      : fc.constantFrom(...names).chain((name) => {
          const nested = nestedFuzz(properties[name]!, pool);
          const hostile = nested ? fc.oneof(hostileValue(properties[name]!), nested) : hostileValue(properties[name]!);
          return fc.tuple(valid, hostile).map(([object, value]) => withKey(object, name, value));
        });
  const model = Object.fromEntries(names.map((name) => [name, fuzzValue(properties[name]!, name, pool)]));
  const allFuzzed = fc.record(model, { requiredKeys: required }) as fc.Arbitrary<Record<string, unknown>>;
  const withExtra = fc
    .tuple(valid, fc.oneof(fc.constantFrom(...EXTRA_FIELDS), fc.string({ maxLength: 10 })), wrongType)
    .map(([object, key, value]) => withKey(object, key, value));
  const withoutOne =
    required.length === 0
      ? valid
      : fc.tuple(valid, fc.constantFrom(...required)).map(([object, key]) => {
          const copy = { ...object };
          delete copy[key];
          return copy;
        });
  return fc.oneof(
    { weight: 4, arbitrary: valid },
    { weight: 4, arbitrary: oneHostile },
    { weight: 1, arbitrary: allFuzzed },
    { weight: 1, arbitrary: withExtra },
    { weight: 1, arbitrary: withoutOne },
  );
}

/** Lone surrogates cannot be percent-encoded (no UTF-8 for them): they go as U+FFFD. */
const wellFormed = (text: string) =>
  text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
export const encode = (text: string) => encodeURIComponent(wellFormed(text));

/** Path or query text already in its raw, percent-encoded form: what no encoder would produce. */
const RAW_HOSTILE = [
  '%00',
  'abc%00',
  '%00%00%00',
  '%01',
  '%1F',
  '%7F',
  '%0A%0D',
  '%ED%A0%80', // a UTF-16 surrogate as UTF-8 bytes: not valid UTF-8
  '%C0%AE', // overlong '.'
  '%FF%FE',
  '%E2%80%AE', // right-to-left override
  '%',
  '%zz',
  '%2e%2e',
  '..',
  '%2F',
  'a%2Fb',
  '%20',
  '+',
  `${'a'.repeat(HUGE)}`,
  `${'%C3%A9'.repeat(2000)}`,
];

/** One path segment for a path parameter, percent-encoded. */
export function pathSegment(schema: JsonSchema, name: string, pool: IdPool): fc.Arbitrary<string> {
  const real = pool.length > 0 ? pool : ['none'];
  const withNul = fc
    .tuple(fc.constantFrom(...real).map(encode), fc.constantFrom('%00', '%0A', '%1F'), fc.boolean())
    .map(([id, control, before]) => (before ? `${control}${id}` : `${id}${control}`));
  // The uploads' wildcard (`{key}`) takes a whole key with its slashes: the pool's upload keys as they are.
  const whole = name === 'key' ? fc.constantFrom(...real) : fc.constantFrom(...real).map(encode);
  return fc.oneof(
    {
      weight: 4,
      // A path parameter names a thing (`{a}` and `{b}` are a chat's two users), unless its format says otherwise.
      arbitrary: validValue(schema, schema.format ? name : 'id', pool).map((value) => encode(String(value))),
    },
    { weight: 2, arbitrary: whole },
    { weight: 2, arbitrary: fc.constantFrom(...RAW_HOSTILE) },
    { weight: 1, arbitrary: withNul },
    { weight: 1, arbitrary: hostileString.map(encode) },
  );
}

/** The encoded value of one query parameter, as the schema takes it. */
export function validQueryValue(schema: JsonSchema, name: string, pool: IdPool): fc.Arbitrary<string> {
  return validValue(schema, name, pool).map((value) => encode(String(value)));
}

/** The encoded value of one query parameter, as a hostile client sends it. */
export function hostileQueryValue(schema: JsonSchema): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(...RAW_HOSTILE),
    hostileString.map(encode),
    hostileValue(schema).map((value) => encode(JSON.stringify(value) ?? '')),
  );
}
