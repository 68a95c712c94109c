// The default payments adapter: no provider, the transactions table is the ledger.
import { randomUUID } from 'node:crypto';
import type { Payments } from './payments.js';

export function ledgerPayments(): Payments {
  return {
    name: 'ledger',
    refund: async () => ({ externalId: `ledger_${randomUUID()}`, status: 'succeeded' }),
  };
}
