// A unit of work: one database transaction, and the realtime events it caused published only
// after it commits. A rolled-back transaction publishes nothing, so no window ever shows a bid,
// a message or a status change that the database does not hold.
import type { Db } from '../db/database.js';
import type { PendingEvent, RelayPublisher } from './pending-events.js';

/** The open transaction (what `db.transaction` hands its callback). */
export type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Where the work puts the events it causes; they leave only after the commit. */
export interface Outbox {
  add(...events: readonly PendingEvent[]): void;
}

export interface UnitOfWorkDeps {
  db: Db;
  events: Pick<RelayPublisher, 'publish'>;
}

/**
 * Runs `work` in one transaction and publishes what it put in the outbox once the transaction
 * has committed. The work's answer is returned as is; a thrown error rolls back and publishes
 * nothing.
 */
export async function inUnitOfWork<T>(
  deps: UnitOfWorkDeps,
  work: (tx: Transaction, outbox: Outbox) => Promise<T>,
): Promise<T> {
  const pending: PendingEvent[] = [];
  const result = await deps.db.transaction((tx) =>
    work(tx, {
      add: (...events) => {
        pending.push(...events);
      },
    }),
  );
  deps.events.publish(pending);
  return result;
}
