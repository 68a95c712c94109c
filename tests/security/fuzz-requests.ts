// One fuzzed request of an OpenAPI operation: its path ids, query values and JSON body drawn from
// the operation's schemas (schema-arbitrary.ts), plus what no schema describes: malformed JSON,
// other content types, duplicated and unknown query parameters, a stray Stripe signature.
import fc from 'fast-check';
import { type Operation, type Parameter, fillPath, queryString } from './openapi-operations.js';
import {
  encode,
  fuzzObject,
  validValue,
  fuzzValue,
  hostileQueryValue,
  type IdPool,
  pathSegment,
  validQueryValue,
} from './schema-arbitrary.js';

export interface FuzzRequest {
  url: string;
  payload?: string | undefined;
  contentType?: string | undefined;
  headers?: Record<string, string> | undefined;
}

/** Bodies no JSON encoder produces. */
const MALFORMED_JSON = [
  '',
  ' ',
  '{',
  '{"a":',
  '[1,2',
  'null',
  '"text"',
  '1e999',
  '{"a":1,"a":2}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '\u0000',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
];
const OTHER_CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/octet-stream',
  'video/mp4',
  'image/png',
];

function pathOf(operation: Operation, pool: IdPool): fc.Arbitrary<string> {
  const segments = Object.fromEntries(
    operation.pathParams.map((parameter) => [
      parameter.name,
      parameter.schema.enum
        ? fc.oneof(
            { weight: 5, arbitrary: fc.constantFrom(...parameter.schema.enum.map((value) => encode(String(value)))) },
            { weight: 1, arbitrary: pathSegment({ type: 'string' }, parameter.name, pool) },
          )
        : pathSegment(parameter.schema, parameter.name, pool),
    ]),
  );
  return fc.record(segments).map((filled) => fillPath(operation, filled));
}

function queryOf(operation: Operation, pool: IdPool): fc.Arbitrary<string> {
  const parameters = operation.queryParams;
  type Pairs = [string, string][];
  /** The parameter with `value`: optional ones sometimes left out, any one sometimes sent twice. */
  const sent = (parameter: Parameter, value: fc.Arbitrary<string>): fc.Arbitrary<Pairs> => {
    const pair = value.map((one): Pairs => [[parameter.name, one]]);
    return fc.oneof(
      { weight: parameter.required ? 0 : 2, arbitrary: fc.constant<Pairs>([]) },
      { weight: 5, arbitrary: pair },
      { weight: 1, arbitrary: fc.tuple(pair, pair).map(([first, second]) => [...first, ...second]) },
    );
  };
  const valid = (parameter: Parameter) => sent(parameter, validQueryValue(parameter.schema, parameter.name, pool));
  const hostile = (parameter: Parameter) => sent(parameter, hostileQueryValue(parameter.schema));
  const allValid = fc.tuple(...parameters.map(valid));
  // Valid but for one (so that one's handling is tested), or every one possibly hostile.
  const oneHostile =
    parameters.length === 0
      ? allValid
      : fc
          .nat(parameters.length - 1)
          .chain((hostileIndex) =>
            fc.tuple(...parameters.map((parameter, index) => (index === hostileIndex ? hostile : valid)(parameter))),
          );
  const allFuzzed = fc.tuple(...parameters.map((parameter) => fc.oneof(valid(parameter), hostile(parameter))));
  const extra = fc.oneof(
    { weight: 6, arbitrary: fc.constant<Pairs>([]) },
    {
      weight: 1,
      arbitrary: fc.constantFrom<Pairs>(
        [['extra', '1']],
        [['__proto__[admin]', 'true']],
        [['page[]', '1']],
        [['%00', '%00']],
        [
          ['limit', '1'],
          ['limit', '%00'],
        ],
      ),
    },
  );
  const chosen = fc.oneof(
    { weight: 4, arbitrary: allValid },
    { weight: 3, arbitrary: oneHostile },
    { weight: 1, arbitrary: allFuzzed },
  );
  return fc.tuple(chosen, extra).map(([pairs, more]) => queryString([...pairs.flat(), ...more]));
}

function bodyOf(operation: Operation, pool: IdPool): fc.Arbitrary<Omit<FuzzRequest, 'url'>> {
  const malformed = fc.constantFrom(...MALFORMED_JSON).map((payload) => ({ payload }));
  const otherType = fc
    .tuple(fc.constantFrom(...OTHER_CONTENT_TYPES), fc.string({ maxLength: 40 }))
    .map(([contentType, payload]) => ({ payload, contentType }));
  const none = fc.constant({});
  if (operation.path.startsWith('/v1/uploads/') && operation.method === 'PUT') {
    // The storage's own upload: raw bytes of the key's content type, or of any other.
    return fc.oneof(
      otherType,
      fc.constantFrom('video/mp4', 'image/png').map((contentType) => ({ payload: 'bytes', contentType })),
    );
  }
  if (operation.body) {
    const body = operation.body;
    const json = (body.type === 'object' ? fuzzObject(body, pool) : fuzzValue(body, 'body', pool)).map((value) => ({
      payload: JSON.stringify(value) ?? 'null',
    }));
    return fc.oneof(
      { weight: 12, arbitrary: json },
      { weight: 1, arbitrary: malformed },
      { weight: 1, arbitrary: otherType },
      { weight: 1, arbitrary: none },
    );
  }
  if (operation.method === 'GET') return none;
  const anyJson = fc.jsonValue({ maxDepth: 2 }).map((value) => ({ payload: JSON.stringify(value) }));
  return fc.oneof(
    { weight: 3, arbitrary: none },
    { weight: 2, arbitrary: anyJson },
    { weight: 1, arbitrary: malformed },
    { weight: 1, arbitrary: otherType },
  );
}

/** A signature header on any request: only the Stripe webhook reads it, nothing else may trip on it. */
const signature = fc.oneof(
  { weight: 5, arbitrary: fc.constant(undefined) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.integer({ min: 0, max: 2 ** 31 }), fc.stringMatching(/^[0-9a-f]{0,64}$/), fc.string({ maxLength: 20 }))
      .map(([time, hex, junk]) => ({
        'stripe-signature': junk ? `t=${time},v1=${hex},${encode(junk)}` : `t=${time},v1=${hex}`,
      })),
  },
);

export function requestArbitrary(operation: Operation, pool: IdPool): fc.Arbitrary<FuzzRequest> {
  return fc
    .tuple(pathOf(operation, pool), queryOf(operation, pool), bodyOf(operation, pool), signature)
    .map(([path, query, body, headers]) => ({ url: `${path}${query}`, ...body, headers }));
}

/** Every string of `value` with a NUL in its middle (ids included): what a C client's stray byte sends. */
function withNulInEveryString(value: unknown): unknown {
  if (typeof value === 'string') return `${value.slice(0, 1)}\u0000${value.slice(1)}`;
  if (Array.isArray(value)) return value.map(withNulInEveryString);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, withNulInEveryString(field)]));
  }
  return value;
}

/**
 * The operation's NUL probe, sent on every run whatever the random draws: a valid request (drawn
 * once, from `seed`) with a NUL in every path id, query value and body string. Random runs reach
 * any one field's NUL only by luck; a handler that trips on it must fail the fuzz every time.
 */
export function nulProbe(operation: Operation, pool: IdPool, seed: number): FuzzRequest {
  const [sample] = fc.sample(
    fc.record({
      path: fc.record(
        Object.fromEntries(
          operation.pathParams.map((parameter) => [parameter.name, validValue(parameter.schema, parameter.name, pool)]),
        ),
      ),
      query: fc.record(
        Object.fromEntries(
          operation.queryParams.map((parameter) => [
            parameter.name,
            validValue(parameter.schema, parameter.name, pool),
          ]),
        ),
      ),
      body: operation.body ? validValue(operation.body, 'body', pool) : fc.constant(undefined),
    }),
    { numRuns: 1, seed },
  );
  const path = Object.fromEntries(
    Object.entries(sample!.path).map(([name, value]) => [name, encode(String(withNulInEveryString(String(value))))]),
  );
  const query = Object.entries(sample!.query)
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([name, value]): [string, string] => [name, encode(String(withNulInEveryString(String(value))))]);
  const body = sample!.body === undefined ? undefined : JSON.stringify(withNulInEveryString(sample!.body));
  return { url: `${fillPath(operation, path)}${queryString(query)}`, payload: body };
}
