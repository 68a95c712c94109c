// Rings of linked accounts on embedded PGlite (rings.suite.ts).
import { openMigratedPglite } from '../support/pglite-template.js';
import { ringsSuite } from './rings.suite.js';

ringsSuite(async () => {
  const database = await openMigratedPglite();
  return { database, close: () => database.close() };
});
