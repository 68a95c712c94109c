// Buy-now purchases. The listing row is locked, so stock never goes below zero and one unit is
// never sold twice; the order, its charge and its payout commit with the decrement.
import type { z } from 'zod';
import type { PlacedOrder } from '../../../shared/contract/market/orders.js';
import { HttpError } from '../../platform/http/errors.js';
import { inUnitOfWork } from '../../platform/events/unit-of-work.js';
import type { ServiceDeps } from '../../platform/services/service-deps.js';
import type { PaymentPorts } from '../payments/index.js';
import { decrementStock, lockForSale } from '../listings/index.js';
import { createOrder } from './orders.js';

export async function buyNow(
  deps: ServiceDeps<Pick<PaymentPorts, 'charges'>>,
  listingId: string,
  buyerId: string,
  quantity = 1,
): Promise<z.output<typeof PlacedOrder>> {
  const result = await inUnitOfWork(deps, async (tx, outbox) => {
    const row = await lockForSale(tx, listingId, buyerId, quantity);
    const unitCents = Number(row.price_cents ?? 0);
    const order = await createOrder(
      tx,
      deps.charges,
      {
        listingId,
        sellerId: row.user_id,
        buyerId,
        priceCents: unitCents * quantity,
        shippingPriceCents: row.shipping_type === 'buyer_pays' ? Number(row.shipping_price_cents) : 0,
        quantity,
      },
      'buyNow',
    );
    // A declined card buys nothing: the failed order stays on record, the stock does not move.
    if (order.status === 'PAYMENT_CONFIRMED') outbox.add(...(await decrementStock(tx, row, quantity)));
    outbox.add(...order.events);
    return { orderId: order.orderId, status: order.status };
  });
  if (result.status === 'PAYMENT_FAILED') throw new HttpError(402, 'Payment failed');
  return result;
}
