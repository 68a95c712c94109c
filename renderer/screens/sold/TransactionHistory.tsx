// The order drawer's 'Transaction History': the order's payments, refunds and payouts, and
// 'Reload transactions', which reads them again from the order's transactions route (a payout
// released, a refund another admin made, a payment webhook) without closing the drawer.
import { Button, HTMLTable } from '@blueprintjs/core';
import type { SoldListing } from '../../../shared/contract/entities.js';
import { formatUsd } from '../../../shared/rules/money.js';
import { market } from '../../bridge.js';
import { useAdminAction } from '../../components/admin-action/index.js';
import { formatDateTime } from '../../components/format.js';
import { useMayDo } from '../../stores/admin-role.js';
import { refundReasonLabel, transactionTypeLabel } from './order-display.js';

export function TransactionHistory({
  order,
  onChange,
}: {
  order: SoldListing;
  onChange: (order: SoldListing) => void;
}) {
  const mayReload = useMayDo('reloadOrderTransactions');
  const reloading = useAdminAction();
  const reload = async () => {
    const fresh = await reloading.run(() => market.admin.transactions.orderTransactions({ params: { id: order.id } }), {
      failure: 'Failed to load transactions',
      log: 'Error fetching transactions',
    });
    if (fresh) onChange(fresh);
  };
  return (
    <>
      {order.transactions.length === 0 ? (
        <p className="muted section-empty">No transactions</p>
      ) : (
        <HTMLTable compact striped className="data-table-table" aria-label="Transaction History">
          <thead>
            <tr>
              <th scope="col">Type</th>
              <th scope="col">Status</th>
              <th scope="col">Amount</th>
              <th scope="col">Refund reason</th>
              <th scope="col">Refunded at</th>
            </tr>
          </thead>
          <tbody>
            {order.transactions.map((t) => (
              <tr key={t.id}>
                <td>{transactionTypeLabel(t.type)}</td>
                <td>{t.status}</td>
                <td className="num">{formatUsd(t.amount)}</td>
                <td>{t.refundReason ? refundReasonLabel(t.refundReason) : '-'}</td>
                <td>{formatDateTime(t.refundDate)}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      {mayReload && (
        <div className="button-row transaction-reload">
          <Button size="small" variant="minimal" icon="refresh" loading={reloading.busy} onClick={() => void reload()}>
            Reload transactions
          </Button>
        </div>
      )}
    </>
  );
}
