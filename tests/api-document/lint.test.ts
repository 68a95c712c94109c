// The served OpenAPI document (`GET /v1/docs/json`) linted as a client team would: Spectral with
// the committed ruleset (.spectral.yaml: the OpenAPI and OWASP 2023 rules as published, with the
// few changes it explains). Any error fails, listed one per line as `rule  METHOD /path  where:
// message`, so a route added without a description, a tag the document defines, or a limit on a
// string, list or integer names itself here.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OpenAPIV3 } from 'openapi-types';
import { openApiDocument } from '../../scripts/openapi-document.js';

interface SpectralResult {
  code: string;
  message: string;
  path: (string | number)[];
  /** 0 error, 1 warning, 2 information, 3 hint. */
  severity: number;
}

const OPERATION_METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;
const METHODS = new Set<string>(OPERATION_METHODS);

/** `rule  METHOD /path  where: message` (the operation first, so one route's findings sort together). */
function offender(result: SpectralResult): string {
  const [root, path, method, ...rest] = result.path.map(String);
  const where =
    root === 'paths' && method !== undefined && METHODS.has(method)
      ? `${method.toUpperCase()} ${path}  ${rest.join('.')}`
      : result.path.join('.');
  return `${result.code}  ${where}: ${result.message}`;
}

async function lint(document: unknown): Promise<SpectralResult[]> {
  const dir = await mkdtemp(join(tmpdir(), 'api-document-'));
  try {
    const file = join(dir, 'openapi.json');
    await writeFile(file, JSON.stringify(document));
    // Spectral exits 1 when it finds errors; its JSON report is on stdout either way.
    const run = promisify(execFile)('npx', ['spectral', 'lint', file, '--ruleset', '.spectral.yaml', '-f', 'json'], {
      maxBuffer: 64 * 1024 * 1024,
    });
    const { stdout } = await run.catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    return JSON.parse(stdout.slice(stdout.indexOf('['))) as SpectralResult[];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('the API document', () => {
  let document: OpenAPIV3.Document;
  let results: SpectralResult[];

  beforeAll(async () => {
    document = await openApiDocument();
    results = await lint(document);
  }, 180_000);

  it('passes Spectral (OpenAPI and OWASP 2023 rules) with no error', () => {
    const errors = results
      .filter((result) => result.severity === 0)
      .map(offender)
      .sort();
    expect(errors).toEqual([]);
  });

  it('names every operation once, so a generated client has one method per operation', () => {
    const ids = Object.values(document.paths).flatMap((item) =>
      OPERATION_METHODS.flatMap((method) => {
        const operation = item?.[method];
        return operation ? [operation.operationId] : [];
      }),
    );
    expect(ids.length).toBeGreaterThan(200);
    expect(ids.filter((id) => id === undefined)).toEqual([]);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });
});
