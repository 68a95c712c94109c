// Domain hooks: how a lower area lets a higher one react to its changes without importing it
// (ARCHITECTURE.md, "Areas and layers"). The area that makes the change declares the hook and
// fires it; the area above subscribes once, when its module loads (its index.ts).
//
// Most hooks fire inside the change's transaction (`TransactionHook`): each subscriber runs in
// that transaction and puts its realtime events in the same outbox, so a review case never
// exists without its message, nor the other way round, and a subscriber that throws rolls the
// whole change back. A hook fired after a commit takes whatever its declaring area passes.
import type { Executor } from '../db/database.js';
import type { Outbox } from './unit-of-work.js';

export interface DomainHook<Args extends unknown[]> {
  /** What the change is called (for the reader of a stack trace). */
  readonly name: string;
  /** Adds a subscriber; each runs once per `fire`, in subscription order. */
  subscribe(subscriber: (...args: Args) => Promise<void>): void;
  /** Runs every subscriber, one after the other; the first that throws stops the rest. */
  fire(...args: Args): Promise<void>;
}

/** A hook fired inside the change's transaction, with its outbox. */
export type TransactionHook<Payload> = DomainHook<[tx: Executor, outbox: Outbox, payload: Payload]>;

export function domainHook<Args extends unknown[]>(name: string): DomainHook<Args> {
  const subscribers: ((...args: Args) => Promise<void>)[] = [];
  return {
    name,
    subscribe(subscriber) {
      subscribers.push(subscriber);
    },
    async fire(...args) {
      for (const subscriber of subscribers) await subscriber(...args);
    },
  };
}

export const transactionHook = <Payload>(name: string): TransactionHook<Payload> =>
  domainHook<[tx: Executor, outbox: Outbox, payload: Payload]>(name);
