// Rings of linked accounts on embedded PGlite (rings.suite.ts).
import { openDatabase } from '../../server/platform/db/database.js';
import { migrate } from '../../server/platform/db/migrate.js';
import { ringsSuite } from './rings.suite.js';

ringsSuite(async () => {
  const database = await openDatabase({ pgliteDir: 'memory://' });
  await migrate(database);
  return { database, close: () => database.close() };
});
