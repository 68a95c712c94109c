// What a module's services work with: the database, the realtime event relay (bound late, because
// Socket.IO attaches to the http server after the app is built), the clock, and the ports the
// module declares as its own interface (`ServiceDeps<FulfilmentPorts>`). Platform names no module:
// the ports come in as a type argument, and the app's whole set (`Ports`, server/composition.ts,
// the union of every module's) is picked there, once.
import type { Db } from '../db/database.js';
import type { RelayPublisher } from '../events/pending-events.js';

export type ServiceDeps<Ports extends object = object> = Ports & {
  db: Db;
  events: RelayPublisher;
  /** Epoch milliseconds; tests move time. */
  now?: () => number;
};

export const nowOf = (deps: Pick<ServiceDeps, 'now'>): number => (deps.now ? deps.now() : Date.now());
