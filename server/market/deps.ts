// What the market services work with: the database, a realtime publisher (bound late, because
// Socket.IO attaches to the http server after the app is built) and the charges port.
import type { RealtimeEventName } from '../../shared/contract/enums.js';
import type { AdminEventName, AdminEventPayload, MarketEventPayload } from '../../shared/contract/realtime-events.js';
import type { Db } from '../db/database.js';
import type { Charges } from '../payments/charges.js';
import type { PaymentAccounts } from '../payments/payment-accounts.js';
import type { RealtimePublisher } from '../realtime/publisher.js';
import type { ShippingLabels } from '../shipping/labels.js';
import type { ShippingRates } from '../shipping/rates.js';
import type { ListingToolsDeps } from './listing-tools-deps.js';

// The charges port lives with the other payments ports (server/payments/charges.ts); the market
// services and their tests know it by these names.
export type { ChargeRequest, ChargeResult, Charges } from '../payments/charges.js';
export { ledgerCharges } from '../payments/ledger-charges.js';

/** One realtime event, as data: published only after the transaction that caused it commits. */
export type PendingEvent =
  | {
      [E in RealtimeEventName]: { kind: 'market'; name: E; rooms: readonly string[]; payload: MarketEventPayload<E> };
    }[RealtimeEventName]
  | { [E in AdminEventName]: { kind: 'admin'; name: E; payload: AdminEventPayload<E> } }[AdminEventName];

export const marketEvent = <E extends RealtimeEventName>(
  name: E,
  rooms: readonly string[],
  payload: MarketEventPayload<E>,
): PendingEvent => ({ kind: 'market', name, rooms, payload }) as PendingEvent;

export const adminEvent = <E extends AdminEventName>(name: E, payload: AdminEventPayload<E>): PendingEvent =>
  ({ kind: 'admin', name, payload }) as PendingEvent;

/** A publisher that forwards to whatever realtime node is attached, and drops events before that. */
export interface RelayPublisher extends RealtimePublisher {
  attach(target: RealtimePublisher | null): void;
  publish(events: readonly PendingEvent[]): void;
}

export function createRelayPublisher(onError: (error: unknown) => void = () => undefined): RelayPublisher {
  let target: RealtimePublisher | null = null;
  const relay: RelayPublisher = {
    attach(next) {
      target = next;
    },
    publishAdmin(event, payload) {
      target?.publishAdmin(event, payload);
    },
    publishMarket(event, rooms, payload) {
      target?.publishMarket(event, rooms, payload);
    },
    publish(events) {
      for (const event of events) {
        // A payload the contract refuses is a bug to log, never a reason to fail a committed bid.
        try {
          if (event.kind === 'admin') relay.publishAdmin(event.name, event.payload as never);
          else relay.publishMarket(event.name, event.rooms, event.payload as never);
        } catch (error) {
          onError(error);
        }
      }
    },
  };
  return relay;
}

export interface MarketDeps {
  db: Db;
  events: RelayPublisher;
  charges: Charges;
  /** Customers, cards, identity and payout accounts; the local ledger (`ledgerPaymentAccounts`) when absent. */
  paymentAccounts?: PaymentAccounts;
  /** The shipping-label provider; the local one (`localLabels`) when absent. */
  labels?: ShippingLabels;
  /** The shipping-rates provider (`POST /shipping/quote`); the local rate table (`localShippingRates`) when absent. */
  shippingRates?: ShippingRates;
  /** Media storage, video processing, autofill, share links; the local ones (`localListingTools`) when absent. */
  listingTools?: ListingToolsDeps;
  /** Epoch milliseconds; tests move time. */
  now?: () => number;
}

export const nowOf = (deps: Pick<MarketDeps, 'now'>): number => (deps.now ? deps.now() : Date.now());
