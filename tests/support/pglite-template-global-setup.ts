// Vitest globalSetup of every project (vitest.config.ts): makes the migrated PGlite template
// (pglite-template.ts) before the first test file asks for it, once per change to the
// migrations; a run that finds it made does nothing here.
import { migratedTemplate } from './pglite-template.js';

export default async function setup(): Promise<void> {
  await migratedTemplate();
}
