// The back-office's orders (sold listings): list, detail with transactions, cancel, delete, and
// refunds, payout holds. Each handler takes the parsed request, calls the orders service and answers.
import type { AdminDeps, AdminHandlers } from '../../platform/http/admin-handler.js';
import type { PaymentPorts } from '../payments/index.js';
import { cancelOrder } from './cancellations.js';
import { deleteOrder, listSoldListings, loadSoldListing } from './order-admin.js';
import { holdPayout, releasePayoutHold } from './payouts.js';
import { refundOrder, refundRemaining } from './refunds.js';

export function orderHandlers({ db, reads, payments, events }: AdminDeps & Pick<PaymentPorts, 'payments'>) {
  return {
    'listings.sold': async ({ query }) => listSoldListings(reads, query),
    'listings.soldGet': async ({ params }) => loadSoldListing(db, params.id),
    'orders.get': async ({ params }) => loadSoldListing(db, params.id),
    'transactions.orderTransactions': async ({ params }) => loadSoldListing(db, params.id),
    'orders.cancel': async ({ params, admin }) => cancelOrder({ db, events }, params.id, admin),
    'orders.delete': async ({ params, admin }) => {
      await deleteOrder(db, params.id, admin);
      return undefined;
    },
    'transactions.refundRemaining': async ({ params }) => refundRemaining(db, params.id),
    'transactions.refund': async ({ params, body, admin, idempotencyKey }) =>
      refundOrder(
        { db, payments },
        { orderId: params.id, amount: body.amount, refundReason: body.refundReason, idempotencyKey, admin },
      ),
    'orders.holdPayout': async ({ params, body, admin }) => holdPayout(db, params.id, body.reason, admin),
    'orders.releasePayoutHold': async ({ params, admin }) => releasePayoutHold({ db, payments }, params.id, admin),
  } satisfies Partial<AdminHandlers>;
}
