// A chargeback's case shows the dispute (Stripe's status, reason, amount, evidence deadline), the
// evidence packet assembled from our records, and Submit evidence with a note for the bank. The
// packet is read when the case opens; a failed read or send says so (in the panel, in a toast).
import { Button, Callout, FormGroup, H5, HTMLTable, NonIdealState, Spinner, Tag, TextArea } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import type { OrderDispute } from '../../../shared/contract/admin-dispute-routes.js';
import { formatUsd } from '../../../shared/rules/money.js';
import { market } from '../../bridge.js';
import { useAdminAction } from '../../components/admin-action/index.js';
import { DetailList } from '../../components/DetailList.js';
import { formatDateTime } from '../../components/format.js';
import { useMayDo } from '../../stores/admin-role.js';
import { DISPUTE_STATUS_LABELS, disputeReasonText, NOTE_MAX, noteProblem, submitRefusal } from './dispute-display.js';
import './disputes.css';

export function DisputePanel({ orderId }: { orderId: string }) {
  const [dispute, setDispute] = useState<OrderDispute | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [touched, setTouched] = useState(false);
  const mayView = useMayDo('viewDispute');
  const maySubmit = useMayDo('submitDispute');
  const { busy, run } = useAdminAction();

  useEffect(() => {
    if (!mayView) return;
    let live = true;
    setDispute(null);
    setFailed(null);
    void market.admin.orders.dispute({ params: { id: orderId } }).then((result) => {
      if (!live) return;
      if (result.ok) setDispute(result.data);
      else setFailed(result.error.message || 'The dispute could not be loaded');
    });
    return () => {
      live = false;
    };
  }, [orderId, mayView]);

  if (!mayView) return null;
  if (failed) return <NonIdealState icon="error" title="Could not load the dispute" description={failed} />;
  if (!dispute) return <Spinner size={20} aria-label="Loading the dispute" />;

  const refusal = submitRefusal(dispute);
  const problem = noteProblem(note);
  const submit = async () => {
    setTouched(true);
    if (problem) return;
    const sent = await run(() => market.admin.orders.submitDispute({ params: { id: orderId }, body: { note } }), {
      success: 'Evidence submitted',
      failure: 'Failed to submit the evidence',
    });
    if (sent) setDispute(sent);
  };
  const { evidence } = dispute;
  const proof = evidence.deliveryProof;
  return (
    <section className="review-dispute" aria-label="Dispute">
      <H5>Chargeback</H5>
      <DetailList
        rows={[
          [
            'Status',
            <Tag
              minimal
              intent={dispute.status === 'lost' ? 'danger' : dispute.status === 'won' ? 'success' : 'warning'}
            >
              {DISPUTE_STATUS_LABELS[dispute.status]}
            </Tag>,
          ],
          ['Reason', disputeReasonText(dispute.reason)],
          ['Amount', formatUsd(dispute.amount)],
          ['Evidence due (Stripe)', formatDateTime(dispute.dueBy)],
          ['Dispute', dispute.id],
          ...(dispute.submittedAt
            ? ([
                ['Evidence sent', formatDateTime(dispute.submittedAt)],
                ['Note sent', dispute.submissionNote ?? '-'],
              ] as [string, string][])
            : []),
        ]}
      />
      <H5>Evidence packet</H5>
      <DetailList
        rows={[
          ['Tracking', proof.trackingCode ?? 'No tracking code'],
          ['Shipped', proof.shippedAt ? formatDateTime(proof.shippedAt) : 'Not shipped'],
          ['Delivered', proof.deliveredAt ? formatDateTime(proof.deliveredAt) : 'No delivery reported'],
          ['Ship to', proof.shippingAddress ?? '-'],
          ['Buyer IPs', evidence.ipAddresses.map((ip) => ip.ip).join(', ') || '-'],
          ['Buyer devices', evidence.deviceTokens.map((device) => device.token).join(', ') || '-'],
        ]}
      />
      <HTMLTable compact striped aria-label="Chat between buyer and seller">
        <thead>
          <tr>
            <th>When</th>
            <th>From</th>
            <th>Message</th>
          </tr>
        </thead>
        <tbody>
          {evidence.chatTranscript.length === 0 ? (
            <tr>
              <td colSpan={3}>No messages between buyer and seller.</td>
            </tr>
          ) : (
            evidence.chatTranscript.map((line, index) => (
              <tr key={`${line.at}-${index}`}>
                <td>{formatDateTime(line.at)}</td>
                <td>{line.from}</td>
                <td>{line.text}</td>
              </tr>
            ))
          )}
        </tbody>
      </HTMLTable>
      {evidence.bidHistory.length > 0 && (
        <HTMLTable compact striped aria-label="Bid history">
          <thead>
            <tr>
              <th>When</th>
              <th>Bid</th>
              <th>By</th>
            </tr>
          </thead>
          <tbody>
            {evidence.bidHistory.map((bid, index) => (
              <tr key={`${bid.at}-${index}`}>
                <td>{formatDateTime(bid.at)}</td>
                <td>{formatUsd(bid.amount)}</td>
                <td>
                  {bid.byBuyer ? 'buyer' : 'another bidder'}
                  {bid.voided ? ' (voided)' : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      {refusal ? (
        <Callout compact>{refusal}</Callout>
      ) : maySubmit ? (
        <div className="review-dispute-submit">
          <FormGroup
            label="Note for the bank"
            labelFor="dispute-note"
            intent={touched && problem ? 'danger' : 'none'}
            helperText={touched && problem ? problem : 'Sent first, with the packet.'}
          >
            <TextArea
              id="dispute-note"
              fill
              maxLength={NOTE_MAX}
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
          </FormGroup>
          <Button intent="primary" icon="send-message" loading={busy} onClick={() => void submit()}>
            Submit evidence
          </Button>
        </div>
      ) : null}
    </section>
  );
}
