// What a buyer paid and may pay: their order payments (`GET /payments`), the read-only check
// before paying for a buy-now listing (`GET /payments/stock`), and the payment summary of their
// account (`GET /payments/stripe/payment-info`).
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { PaymentInfo, Payments, StockCheck } from '../../../shared/contract/market/payments.js';
import { ORDER_STATUSES } from '../../../shared/contract/enums.js';
import { centsToUsd } from '../../../shared/rules/money.js';
import type { Executor } from '../../platform/db/database.js';
import { marketListPage, type AdminList, type ListQueryBase } from '../../platform/db/admin-list.js';
import { isoOf } from '../../platform/db/values.js';
import { conflict, notFound } from '../../platform/http/errors.js';
import { PUBLIC_LISTING, saleRefusal } from '../listings/index.js';
import type { ServiceDeps } from '../../platform/services/service-deps.js';
import type { PaymentPorts } from './ports.js';
import { identityStatusOfUser } from '../accounts/index.js';
import { savedCardsOf } from './payment-methods.js';
import { payoutAccountOrNone } from './payout-accounts.js';
import { listings, orders, transactions, users } from '../../platform/db/schema/index.js';
import { readRows, sqlColumn, sqlRow } from '../../platform/db/sql-row.js';

const PAYMENT_ROW = sqlRow(transactions, 'id', 'status', 'amount_cents', 'created_at')
  .extend(sqlRow(orders, 'price_cents', 'shipping_price_cents').shape)
  .extend(sqlRow(listings, 'title', 'listing_type').shape)
  .extend({
    order_id: sqlColumn(orders, 'id'),
    /** orders.status is text with no CHECK; the order flow writes only OrderStatus values. */
    order_status: z.enum(ORDER_STATUSES),
    listing_id: sqlColumn(listings, 'id'),
  });
type PaymentRow = z.output<typeof PAYMENT_ROW>;

const paymentOf = (row: PaymentRow) => ({
  id: row.id,
  type: 'order_payment' as const,
  status: row.status,
  amount: centsToUsd(Number(row.amount_cents)),
  createdAt: isoOf(row.created_at),
  order: {
    id: row.order_id,
    status: row.order_status,
    price: centsToUsd(Number(row.price_cents)),
    shippingPrice: centsToUsd(Number(row.shipping_price_cents)),
  },
  listing: { id: row.listing_id, title: row.title, listingType: row.listing_type },
});

/** What the pre-payment stock check reads of a listing: the sale rule's columns and the title. */
const STOCK_CHECK_ROW = sqlRow(
  listings,
  'id',
  'title',
  'user_id',
  'listing_type',
  'status',
  'in_stock',
  'price_cents',
  'shipping_type',
  'shipping_price_cents',
);

/** The buyer's order payments (each attempt, failed ones too), newest first, with their order and listing. */
const buyerPayments: AdminList<
  ListQueryBase & { buyerId: string },
  PaymentRow,
  z.output<typeof Payments>['items'][number]
> = {
  table: 'transactions',
  alias: 't',
  from: () => sql`transactions t JOIN orders o ON o.id = t.order_id`,
  condition: sql`t.type = 'order_payment' AND o.deleted_at IS NULL`,
  filters: ({ buyerId }) => [sql`o.buyer_id = ${buyerId}`],
  sortKeys: { createdAt: { column: sql`t.created_at` } },
  defaultSort: 'createdAt',
  total: 'exact',
  select: (rows, tail) =>
    sql`SELECT t.id, t.status, t.amount_cents, t.created_at, o.id AS order_id, o.status AS order_status, o.price_cents,
               o.shipping_price_cents, l.id AS listing_id, l.title, l.listing_type
        FROM transactions t JOIN orders o ON o.id = t.order_id JOIN listings l ON l.id = o.listing_id
        ${rows} ${tail}`,
  row: PAYMENT_ROW,
  items: (_db, rows) => rows.map(paymentOf),
};

export async function paymentsOf(
  db: Executor,
  buyerId: string,
  page: number,
  limit: number,
): Promise<z.output<typeof Payments>> {
  return marketListPage(db, buyerPayments, { buyerId, page, limit });
}

/**
 * Whether `quantity` of a buy-now listing can still be bought, and what it would cost, by the
 * purchase's own rules (409 with the purchase's reason when not). Read-only: the purchase itself
 * checks again under the listing's lock, so this answer can go stale but never oversells.
 */
export async function checkStock(
  db: Executor,
  listingId: string,
  buyerId: string,
  quantity: number,
): Promise<z.output<typeof StockCheck>> {
  const [row] = await readRows(
    db,
    STOCK_CHECK_ROW,
    sql`SELECT l.id, l.title, l.user_id, l.listing_type, l.status, l.in_stock, l.price_cents, l.shipping_type,
               l.shipping_price_cents
        FROM listings l WHERE l.id = ${listingId} AND ${PUBLIC_LISTING}`,
  );
  if (!row) throw notFound('Listing');
  const refusal = saleRefusal(row, buyerId, quantity);
  if (refusal) throw conflict(refusal);
  const priceCents = Number(row.price_cents ?? 0) * quantity;
  // As the purchase charges it: shipping once per order, and only when the buyer pays it.
  const shippingCents = row.shipping_type === 'buyer_pays' ? Number(row.shipping_price_cents) : 0;
  return {
    listingId: row.id,
    title: row.title,
    quantity,
    inStock: row.in_stock,
    unitPrice: centsToUsd(Number(row.price_cents ?? 0)),
    price: centsToUsd(priceCents),
    shippingPrice: centsToUsd(shippingCents),
    total: centsToUsd(priceCents + shippingCents),
  };
}

/** The caller's payment summary: customer, default card, identity status, payout account. */
export async function paymentInfoOf(
  deps: ServiceDeps<PaymentPorts>,
  userId: string,
): Promise<z.output<typeof PaymentInfo>> {
  const [user] = await readRows(
    deps.db,
    sqlRow(users, 'stripe_customer_id', 'stripe_user_id'),
    sql`SELECT stripe_customer_id, stripe_user_id FROM users WHERE id = ${userId}`,
  );
  if (!user) throw notFound('User');
  const cards = await savedCardsOf(deps, userId);
  return {
    stripeCustomerId: user.stripe_customer_id,
    defaultPaymentMethod: cards.items.find((card) => card.isDefault) ?? null,
    paymentMethodCount: cards.count,
    stripeIdentityStatus: await identityStatusOfUser(deps.db, userId),
    stripeUserId: user.stripe_user_id,
    payoutAccount: await payoutAccountOrNone(deps, userId),
  };
}
