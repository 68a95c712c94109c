// Route tests' answers against the API document: every answer a test app gives (through
// `app.inject`) is kept, and when the app closes each is checked against the document the same
// app serves at `GET /v1/docs/json`: its status must be one the operation lists, and a JSON body
// must validate against that status's schema (ajv, the validator Fastify itself is built on, in
// its draft-04 flavour: OpenAPI 3.0 schemas write `exclusiveMinimum: true` as draft 4 does). So
// the document cannot drift from what the server sends: a 204 documented as 200 fails here.
import type { ValidateFunction } from 'ajv';
import Ajv from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

interface Answer {
  method: string;
  path: string;
  status: number;
  contentType: string;
  body: string;
}

interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
interface ApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

const DOCUMENT_ID = 'api-document.json';
/** A JSON pointer token (RFC 6901). */
const pointerToken = (token: string) => token.replace(/~/g, '~0').replace(/\//g, '~1');

/** Keeps every injected answer of `app`; `check()` answers what disagrees with the app's document. */
export function recordAnswers(app: FastifyInstance): { check(): Promise<string[]> } {
  const answers: Answer[] = [];
  const inject = app.inject.bind(app) as (options: InjectOptions | string) => Promise<LightMyRequestResponse>;
  // Only the call with options (what every route test makes); the chained form is left as it is.
  const recording = async (options: InjectOptions | string) => {
    const response = await inject(options);
    const method = typeof options === 'string' ? 'GET' : (options.method ?? 'GET');
    const url = typeof options === 'string' ? options : String(options.url ?? options.path ?? '');
    answers.push({
      method: String(method).toLowerCase(),
      path: url.split('?')[0]!,
      status: response.statusCode,
      contentType: String(response.headers['content-type'] ?? ''),
      body: response.body,
    });
    return response;
  };
  (app as { inject: unknown }).inject = (options?: InjectOptions | string) =>
    options === undefined ? inject(options as never) : recording(options);
  return {
    async check() {
      if (answers.length === 0) return [];
      const served = await inject({ method: 'GET', url: '/v1/docs/json' });
      if (served.statusCode !== 200) return [];
      return disagreements(served.json() as ApiDocument, answers);
    },
  };
}

/** Each answer that the document does not allow, as a line naming the request and why. */
export function disagreements(document: ApiDocument, answers: readonly Answer[]): string[] {
  const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: true });
  addFormats(ajv);
  ajv.addSchema(document, DOCUMENT_ID);
  const templates = Object.keys(document.paths).map((template) => ({
    template,
    pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
    // A literal segment beats a parameter: `/admin/review-cases/counts` before `/admin/review-cases/{id}`.
    literals: template.split('/').filter((segment) => !segment.startsWith('{')).length,
  }));
  templates.sort((a, b) => b.literals - a.literals);
  const validators = new Map<string, ValidateFunction>();
  const found: string[] = [];
  for (const answer of answers) {
    // Answers the app gives before any route (unknown routes, the rate limit, a refused body size)
    // and the document itself are not operations of the document.
    if (answer.status === 404 && answer.body.includes('"Route ')) continue;
    // Fastify refuses a path parameter over its length with 414 before routing.
    if (answer.status === 414) continue;
    const match = templates.find(({ pattern }) => pattern.test(answer.path));
    const operation = match ? document.paths[match.template]?.[answer.method] : undefined;
    if (!match || !operation) continue;
    const name = `${answer.method.toUpperCase()} ${match.template} → ${answer.status}`;
    const response = operation.responses?.[String(answer.status)] ?? operation.responses?.default;
    if (!response) {
      found.push(`${name}: the document lists ${Object.keys(operation.responses ?? {}).join(', ')}`);
      continue;
    }
    if (!answer.contentType.includes('application/json') || answer.body === '') continue;
    const schema = response.content?.['application/json']?.schema;
    if (!schema) {
      found.push(`${name}: the document gives this status no JSON body`);
      continue;
    }
    const status = operation.responses?.[String(answer.status)] ? String(answer.status) : 'default';
    const pointer = ['paths', match.template, answer.method, 'responses', status].map(pointerToken).join('/');
    const key = `${pointer}/content/application~1json/schema`;
    let validate = validators.get(key);
    if (!validate) {
      validate = ajv.compile({ $ref: `${DOCUMENT_ID}#/${key}` });
      validators.set(key, validate);
    }
    if (!validate(JSON.parse(answer.body))) {
      found.push(`${name}: ${ajv.errorsText(validate.errors)}`);
    }
  }
  return [...new Set(found)];
}
