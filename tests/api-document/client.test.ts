// A client generated from the served API document compiles a buyer app's script (fixtures/buyer-app.ts:
// sign up, list the auctions, bid, buy), calling each operation by its operationId. The types come
// from openapi-typescript, as a client team would make them; the script is typechecked with the
// TypeScript compiler in a scratch folder, so nothing generated lands in the tree.
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import type { OpenAPIV3 } from 'openapi-types';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../../scripts/openapi-document.js';

const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;

/** `operations.ts`: each operationId's method and path, the one thing the generated types leave out. */
function operationsModule(document: OpenAPIV3.Document): string {
  const entries = Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const operation = item?.[method];
      return operation?.operationId ? [[operation.operationId, { method, path }] as const] : [];
    }),
  );
  return `export const OPERATIONS = ${JSON.stringify(Object.fromEntries(entries), null, 2)} as const;\n`;
}

function typecheck(entry: string): string[] {
  const program = ts.createProgram([entry], {
    strict: true,
    noUncheckedIndexedAccess: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2023,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    types: [],
  });
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
    if (!diagnostic.file || diagnostic.start === undefined) return message;
    const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    return `${diagnostic.file.fileName.split('/').pop()}:${line + 1}: ${message}`;
  });
}

describe('a client generated from the API document', () => {
  let dir: string;
  let document: OpenAPIV3.Document;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'generated-client-'));
    document = await openApiDocument();
  }, 120_000);
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('compiles the buyer app against the generated types, each call named by its operationId', async () => {
    // As JSON text: openapi-typescript reads the document as a client team's copy of it.
    await writeFile(join(dir, 'marketplace-api.ts'), astToString(await openapiTS(JSON.stringify(document))));
    await writeFile(join(dir, 'operations.ts'), operationsModule(document));
    await copyFile(new URL('fixtures/buyer-app.ts', import.meta.url), join(dir, 'buyer-app.ts'));
    expect(typecheck(join(dir, 'buyer-app.ts'))).toEqual([]);
  }, 120_000);
});
