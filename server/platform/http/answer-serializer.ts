// How every answer with a response schema becomes JSON: compiled once per route and status.
//
// Production writes each answer with fast-json-stringify, compiled from the JSON Schema of the
// route's zod schema (the document's own conversion, output side): it writes the fields the
// contract names and nothing else, so a column a SELECT brings along can never leak. zod's check
// of every answer cost a tenth of a listings page and a fifth of the statistics (ARCHITECTURE.md,
// "The API's own cost per request").
//
// Development and tests check every answer against the contract with zod as before, and hold the
// compiled serializer to it: an answer that carries a field the contract does not name, or that
// the compiled serializer would write otherwise than the contract says, fails the request (500,
// logged) instead of being trimmed in silence by production's serializer.
import fastJson, { type AnySchema } from 'fast-json-stringify';
import { isDeepStrictEqual } from 'node:util';
import { z } from 'zod';
import { ResponseSerializationError } from 'fastify-type-provider-zod';

type Serializer = (data: unknown) => string;

interface RouteAnswer {
  schema: unknown;
  method: string;
  url: string;
}

/** Whether answers are written unchecked (NODE_ENV=production), as rows are (sql-row.ts). */
const CHECK_ANSWERS = process.env.NODE_ENV !== 'production';

/** The answer's JSON Schema as the document states it (output side), for fast-json-stringify. */
export function answerJsonSchema(schema: z.ZodType): AnySchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-7',
    io: 'output',
    unrepresentable: 'any',
  });
  // Two typings of one JSON Schema: zod's (any draft) and fast-json-stringify's (draft-7).
  return rest as AnySchema;
}

/** The compiled writer of one answer schema. */
export function compiledAnswerWriter(schema: z.ZodType): Serializer {
  const write = fastJson(answerJsonSchema(schema));
  return (data) => String(write(data));
}

/** What JSON would carry of a value: `undefined` fields dropped, dates as text. */
const asJson = (value: unknown): unknown => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

/** Where two JSON values first differ (`items.3.email`), or null when they are equal. */
function firstDifference(a: unknown, b: unknown, path: string): string | null {
  if (isDeepStrictEqual(a, b)) return null;
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys) {
      const found = firstDifference(
        (a as Record<string, unknown>)[key],
        (b as Record<string, unknown>)[key],
        path ? `${path}.${key}` : key,
      );
      if (found !== null) return found;
    }
  }
  return path || '(the whole answer)';
}

/** A difference between an answer and what the contract lets through, named for the log; null when none. */
export function answerDrift(data: unknown, checked: unknown, compiled: string): string | null {
  const contract = asJson(checked);
  const unnamed = firstDifference(asJson(data), contract, '');
  if (unnamed !== null) {
    return `the answer's ${unnamed} is not what its schema lets through (a field it does not name, or a value parsing changes): production would write otherwise`;
  }
  const written = firstDifference(JSON.parse(compiled), contract, '');
  if (written !== null) return `the compiled serializer writes ${written} otherwise than the contract`;
  return null;
}

class AnswerDriftError extends ResponseSerializationError {
  constructor(method: string, url: string, drift: string, data: unknown) {
    super(method, url, {
      cause: new z.ZodError([{ code: 'custom', path: [], message: drift, input: data }]),
    });
  }
}

/**
 * Fastify's serializer compiler for every route whose response schema is a zod schema. Fastify
 * asks for every route and status when the app starts. Production compiles them all there, so a
 * schema fast-json-stringify cannot take stops the node at boot. Development and tests compile
 * one on its first answer: a test app answers a few routes of some 260, and compiling all of them
 * was about half a second of every route test file's set-up.
 */
export function answerSerializerCompiler({ schema, method, url }: RouteAnswer): Serializer {
  if (!(schema instanceof z.ZodType)) throw new Error(`${method} ${url}: a response schema must be a zod schema`);
  if (!CHECK_ANSWERS) return compiledAnswerWriter(schema);
  let writer: Serializer | undefined;
  const compiled: Serializer = (data) => (writer ??= compiledAnswerWriter(schema))(data);
  return (data) => {
    const checked = schema.safeEncode(data);
    if (!checked.success) throw new ResponseSerializationError(method, url, { cause: checked.error });
    const written = compiled(data);
    const drift = answerDrift(data, checked.data, written);
    if (drift) throw new AnswerDriftError(method, url, drift, data);
    return written;
  };
}
