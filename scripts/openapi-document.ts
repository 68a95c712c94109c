// The API's OpenAPI document as `GET /v1/docs/json` serves it, without a server listening: the
// app is built over an empty in-memory database with the local ports (no route runs, so no
// identity provider is reached). `npm run openapi -- <out.json>` writes it for Spectral or a
// client generator; tests/api-document/ lints it and generates a client from it.
import { writeFileSync } from 'node:fs';
import type { OpenAPIV3 } from 'openapi-types';
import { buildApp } from '../server/app.js';
import { localPorts } from '../server/composition.js';
import { openDatabase } from '../server/platform/db/database.js';
import { migrate } from '../server/platform/db/migrate.js';

/** The document, parsed. */
export async function openApiDocument(): Promise<OpenAPIV3.Document> {
  const database = await openDatabase({ pgliteDir: 'memory://' });
  try {
    await migrate(database);
    const identity = {
      verifyIdToken: () => Promise.reject(new Error('the document is built without an identity provider')),
      updateEmail: () => Promise.resolve(),
      disableAccount: () => Promise.resolve(),
    };
    const app = await buildApp({ database, ports: localPorts(database, { identity }) });
    try {
      const response = await app.inject({ method: 'GET', url: '/v1/docs/json' });
      if (response.statusCode !== 200) throw new Error(`GET /v1/docs/json answered ${response.statusCode}`);
      return response.json();
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const out = process.argv[2];
  if (!out) throw new Error('usage: npm run openapi -- <out.json>');
  writeFileSync(out, `${JSON.stringify(await openApiDocument(), null, 2)}\n`);
  console.log(`wrote ${out}`);
}
