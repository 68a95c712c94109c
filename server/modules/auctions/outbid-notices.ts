// The outbid leaders' notifications, written after their bids commit, in batches. Every outbid
// leader is told, but not with one INSERT per bid fired without waiting, each taking a pooled
// connection the bids need (issue 29): a node keeps the notices to write and one INSERT in
// flight at a time; whatever arrives meanwhile goes in the next one, so a burst costs a few
// statements however many bids it holds. A leader outbid twice on one auction before their
// notice was written gets one notice, with the latest price. When too many wait, the bid that
// adds one waits for the write in flight, so the notices never outgrow the database's pace.
import type { Db } from '../../platform/db/database.js';
import { type Notice, notifyAll } from '../notifications/index.js';
import { perNode } from './per-node.js';

export interface OutbidNotice {
  userId: string;
  listingId: string;
  currentBid: number;
}

export interface OutbidNoticeOptions {
  /** Notices in one INSERT at most. */
  batch: number;
  /** Notices waiting from which a bid that adds one waits for the write in flight. */
  highWater: number;
  /** A write that failed (it never fails a bid). */
  onError(error: unknown): void;
}

const DEFAULTS: OutbidNoticeOptions = { batch: 500, highWater: 5_000, onError: () => undefined };

export interface OutbidNotices {
  /** Queues the notice; resolves at once, or once the write in flight is done when too many wait. */
  add(notice: OutbidNotice): Promise<void>;
  /** Resolves when every notice queued so far is written (tests, shutdown). */
  flushed(): Promise<void>;
  readonly waiting: number;
}

const noticeOf = ({ userId, listingId, currentBid }: OutbidNotice): Notice => ({
  userId,
  type: 'youWereOutbid',
  title: 'You were outbid',
  data: { listingId, currentBid },
});

export function createOutbidNotices(db: Db, options: Partial<OutbidNoticeOptions> = {}): OutbidNotices {
  const { batch, highWater, onError } = { ...DEFAULTS, ...options };
  // Keyed by leader and auction: a newer notice replaces one not yet written.
  const waiting = new Map<string, OutbidNotice>();
  let writing: Promise<void> | null = null;

  async function write(): Promise<void> {
    while (waiting.size > 0) {
      const taken = [...waiting].slice(0, batch);
      for (const [key] of taken) waiting.delete(key);
      await notifyAll(
        db,
        taken.map(([, notice]) => noticeOf(notice)),
      ).catch(onError);
    }
    writing = null;
  }

  return {
    get waiting() {
      return waiting.size;
    },
    async add(notice) {
      const key = `${notice.userId}\u0000${notice.listingId}`;
      waiting.delete(key);
      waiting.set(key, notice);
      writing ??= write();
      if (waiting.size >= highWater) await writing;
    },
    async flushed() {
      while (writing) await writing;
    },
  };
}

/** One writer per database pool (one node). */
export const outbidNoticesOf = perNode<Db, OutbidNotices>(createOutbidNotices);

/** Writes the notices still waiting on this node (at shutdown, before the pool closes). */
export const flushOutbidNotices = (db: Db): Promise<void> => outbidNoticesOf(db).flushed();
