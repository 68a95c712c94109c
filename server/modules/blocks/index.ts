// Blocks (ARCHITECTURE.md, "Blocks"): identifiers a banned actor must not come back with, their
// admin routes and their enforcement on the market routes.
export { blockHandlers } from './admin.js';
export { blockEnforcement, BLOCKED_MESSAGE } from './enforcement.js';
export { blockBookOf } from './block-book.js';
export { insertBlocks as addBlocks, type NewBlock } from './blocks.js';
export { withBlockedBadges } from './blocked-badges.js';
