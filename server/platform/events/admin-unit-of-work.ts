// An admin action as one unit of work: its checks, effects, state change, audit entries and
// notifications in one transaction, and what lives outside the database (the admin events every
// back office hears, a node's remembered callers, sockets to close) touched only once it has
// committed. Effect functions of every area take the transaction and the outbox, so one flow can
// compose several of them and still be all or nothing.
import type { AdminEventMap, AdminEvents } from './admin-events.js';
import type { Db } from '../db/database.js';
import type { Transaction } from './unit-of-work.js';

/** What an admin action leaves for after its commit. */
export interface AdminOutbox {
  /** An admin event, emitted once the transaction has committed. */
  emit<E extends keyof AdminEventMap>(name: E, ...args: AdminEventMap[E]): void;
  /** Something outside the database to do once the transaction has committed. */
  afterCommit(effect: () => void): void;
}

export interface AdminUnitOfWorkDeps {
  db: Db;
  events: AdminEvents;
}

/**
 * Runs `work` in one transaction; once it has committed, emits its events and runs its
 * after-commit effects in the order they were added. A thrown error rolls everything back and
 * nothing leaves.
 */
export async function inAdminUnitOfWork<T>(
  deps: AdminUnitOfWorkDeps,
  work: (tx: Transaction, outbox: AdminOutbox) => Promise<T>,
): Promise<T> {
  const pending: (() => void)[] = [];
  const outbox: AdminOutbox = {
    emit: (name, ...args) => {
      // The map's generic emit cannot be called with a generic name: the signature is the map's own.
      const emit = deps.events.emit as (event: keyof AdminEventMap, ...payload: unknown[]) => boolean;
      pending.push(() => {
        emit.call(deps.events, name, ...args);
      });
    },
    afterCommit: (effect) => {
      pending.push(effect);
    },
  };
  const result = await deps.db.transaction((tx) => work(tx, outbox));
  for (const effect of pending) effect();
  return result;
}
