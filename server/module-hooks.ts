// Every area that subscribes to another area's hooks (ARCHITECTURE.md, "Areas and layers"). An
// area subscribes when its index.ts loads; the app loads them all through its routes, but a
// program that calls services without building the app (a test's services, a script) imports
// this, so a hook it fires never misses a subscriber.
import './modules/conversations/index.js';
import './modules/listings/index.js';
import './modules/auctions/index.js';
import './modules/orders/index.js';
import './modules/disputes/index.js';
import './modules/trust-safety/index.js';
