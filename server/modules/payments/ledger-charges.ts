// The local ledger's charges: the default when STRIPE_SECRET_KEY is absent. No money moves; the
// transactions table is the ledger. It charges the buyer's default card among the ledger's saved
// cards (ledger-accounts.ts) and declines as Stripe would (an expired card, a test card whose
// issuer declines every charge); a buyer who never saved a card is charged anyway
// (ledgerChargeOutcome says why).
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { ledgerChargeOutcome, type LedgerWallet } from './rules/card-charge.js';
import type { Charges } from './charges.js';
import { ledgerPaymentMethods } from '../../platform/db/schema/index.js';
import { countValue, leftJoined, readRows, sqlColumn, sqlRow } from '../../platform/db/sql-row.js';

/** The customer's saved cards (a count) and their default card's columns (a LEFT JOIN). */
const WALLET_ROW = z.object({ saved_cards: countValue }).extend(
  leftJoined({
    card_id: sqlColumn(ledgerPaymentMethods, 'id'),
    ...sqlRow(ledgerPaymentMethods, 'exp_month', 'exp_year', 'charge_decline').shape,
  }).shape,
);

/** The payment's id in the transactions table: which ledger charge, and on which card (`ledger_<uuid>:pm_local_…`). */
const ledgerPaymentId = (cardId: string | null) => `ledger_${randomUUID()}${cardId === null ? '' : `:${cardId}`}`;

export function ledgerCharges(options: { now?: () => number } = {}): Charges {
  const now = options.now ?? Date.now;
  return {
    async charge(request, tx) {
      const wallet: LedgerWallet = { savedCards: 0, defaultCard: null };
      if (request.customerId !== null) {
        const [row] = await readRows(
          tx,
          WALLET_ROW,
          sql`SELECT (SELECT count(*) FROM ledger_payment_methods a
                      WHERE a.customer_id = c.id AND a.detached_at IS NULL) AS saved_cards,
                     pm.id AS card_id, pm.exp_month, pm.exp_year, pm.charge_decline
              FROM ledger_customers c
              LEFT JOIN ledger_payment_methods pm ON pm.id = c.default_payment_method_id AND pm.detached_at IS NULL
              WHERE c.id = ${request.customerId}`,
        );
        // A stored id the ledger does not know (the seeder's, or Stripe's) is no wallet, as elsewhere.
        if (row) {
          wallet.savedCards = Number(row.saved_cards);
          if (row.card_id !== null) {
            wallet.defaultCard = {
              id: row.card_id,
              exp_month: row.exp_month!,
              exp_year: row.exp_year!,
              chargeDecline: row.charge_decline,
            };
          }
        }
      }
      const outcome = ledgerChargeOutcome(wallet, new Date(now()));
      switch (outcome.kind) {
        case 'no wallet':
          return { status: 'succeeded', externalId: ledgerPaymentId(null) };
        case 'card':
          return { status: 'succeeded', externalId: ledgerPaymentId(outcome.cardId) };
        case 'declined':
          return {
            status: 'failed',
            externalId: outcome.cardId === null ? null : ledgerPaymentId(outcome.cardId),
            message: outcome.message,
          };
      }
    },
  };
}
