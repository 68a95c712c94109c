// The 'Refund Order' modal: amount up to the remaining refundable amount with at
// most 2 decimals, a reason, and a confirm button disabled until both are valid.
import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Spinner,
} from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import type { SoldListing } from '../../../shared/contract/entities.js';
import { REFUND_REASONS, type RefundReason } from '../../../shared/contract/enums.js';
import { formatUsd } from '../../../shared/rules/money.js';
import { checkRefundForm, truncateRefundInput } from '../../../shared/rules/refund.js';
import { market } from '../../bridge.js';
import { useAdminAction } from '../../components/admin-action/index.js';
import { refundReasonLabel } from './order-display.js';

export function RefundDialog({
  order,
  isOpen,
  onClose,
  onRefunded,
}: {
  order: SoldListing;
  isOpen: boolean;
  onClose: () => void;
  onRefunded: (order: SoldListing) => void;
}) {
  const [remaining, setRemaining] = useState<number | undefined>();
  /** Why the refundable amount could not be loaded (then nothing can be refunded). */
  const [unknownRemaining, setUnknownRemaining] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState<RefundReason | ''>('');
  const [touched, setTouched] = useState({ amount: false, reason: false });
  const refunding = useAdminAction();
  const busy = refunding.busy;

  useEffect(() => {
    if (!isOpen) return;
    setAmount('');
    setReason('');
    setTouched({ amount: false, reason: false });
    setRemaining(undefined);
    setUnknownRemaining(null);
    let live = true;
    void market.admin.transactions.refundRemaining({ params: { id: order.id } }).then((result) => {
      if (!live) return;
      if (result.ok) setRemaining(result.data);
      else {
        console.error('Error fetching refundable amount', result.error);
        setUnknownRemaining(result.error.message || 'The server did not answer');
      }
    });
    return () => {
      live = false;
    };
  }, [isOpen, order.id]);

  const max = remaining ?? 0;
  const check = checkRefundForm(amount, reason || null, max);

  const confirm = async () => {
    if (!check.canConfirm || !reason) return;
    const refunded = await refunding.run(
      () =>
        market.admin.transactions.refund({
          params: { id: order.id },
          body: { amount: Number(amount), refundReason: reason },
        }),
      { success: 'Refund created successfully', failure: 'Failed to create refund' },
    );
    if (!refunded) return;
    onRefunded(refunded);
    onClose();
  };

  return (
    <Dialog isOpen={isOpen} title="Refund Order" onClose={onClose} canOutsideClickClose={!busy}>
      <DialogBody>
        {unknownRemaining !== null ? (
          <Callout intent="danger" compact>
            The refundable amount could not be loaded: {unknownRemaining}
          </Callout>
        ) : remaining === undefined ? (
          <Spinner size={20} aria-label="Loading refundable amount" />
        ) : (
          <p className="muted">Refundable amount remaining: {formatUsd(remaining)}</p>
        )}
        <FormGroup
          label="Amount"
          labelFor="refund-amount"
          labelInfo="(USD)"
          intent={touched.amount && check.amountError ? 'danger' : 'none'}
          helperText={touched.amount ? (check.amountError ?? undefined) : undefined}
        >
          <InputGroup
            id="refund-amount"
            inputMode="decimal"
            leftIcon="dollar"
            value={amount}
            onValueChange={(value) => {
              setAmount(truncateRefundInput(value));
              setTouched((t) => ({ ...t, amount: true }));
            }}
            onBlur={() => setTouched((t) => ({ ...t, amount: true }))}
            intent={touched.amount && check.amountError ? 'danger' : 'none'}
            autoFocus
          />
        </FormGroup>
        <FormGroup
          label="Reason"
          labelFor="refund-reason"
          intent={touched.reason && check.reasonError ? 'danger' : 'none'}
          helperText={touched.reason ? (check.reasonError ?? undefined) : undefined}
        >
          <HTMLSelect
            id="refund-reason"
            fill
            value={reason}
            onChange={(event) => {
              setReason(event.currentTarget.value as RefundReason | '');
              setTouched((t) => ({ ...t, reason: true }));
            }}
            onBlur={() => setTouched((t) => ({ ...t, reason: true }))}
            options={[
              { value: '', label: 'Select a reason' },
              ...REFUND_REASONS.map((r) => ({ value: r, label: refundReasonLabel(r) })),
            ]}
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button
              intent="primary"
              disabled={!check.canConfirm || remaining === undefined}
              loading={busy}
              onClick={() => void confirm()}
            >
              Confirm
            </Button>
          </>
        }
      />
    </Dialog>
  );
}
