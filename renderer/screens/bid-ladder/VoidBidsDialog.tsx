// Voiding the bids of the picked bidders on a running auction: the reason, then "Preview" asks the
// server for the auction before and after (dryRun: the proxy rule replayed over the bids left,
// nothing changed), and only then "Void bids" applies it. Changing the reason or the bidders asks
// for a new preview.
import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLTable,
  Icon,
  InputGroup,
  Tag,
} from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import type { VoidBidsResult } from '../../../shared/contract/admin-bid-void-routes.js';
import { market } from '../../bridge.js';
import { useAdminAction } from '../../components/admin-action/index.js';
import { standingLines, type LadderBidder } from './bid-ladder.js';

export function VoidBidsDialog({
  listingId,
  bidders,
  names,
  isOpen,
  defaultReason = 'Shill bidding',
  onClose,
  onVoided,
}: {
  listingId: string;
  bidders: readonly LadderBidder[];
  names: ReadonlyMap<string, string>;
  isOpen: boolean;
  defaultReason?: string;
  onClose: () => void;
  onVoided: (result: VoidBidsResult) => void;
}) {
  const [reason, setReason] = useState(defaultReason);
  const [preview, setPreview] = useState<VoidBidsResult | null>(null);
  const previewing = useAdminAction();
  const voiding = useAdminAction();
  const userIds = bidders.map((bidder) => bidder.id);
  useEffect(() => {
    if (isOpen) {
      setPreview(null);
      setReason(defaultReason);
    }
  }, [isOpen, userIds.join(), defaultReason]);

  const body = (dryRun: boolean) => ({ userIds, reason: reason.trim(), dryRun });
  const askPreview = async () => {
    const result = await previewing.run(
      () => market.admin.listings.voidBids({ params: { id: listingId }, body: body(true) }),
      {
        failure: 'Failed to preview the void',
      },
    );
    if (result) setPreview(result);
  };
  const apply = async () => {
    const result = await voiding.run(
      () => market.admin.listings.voidBids({ params: { id: listingId }, body: body(false) }),
      {
        success: (done) => (done.voided === 1 ? '1 bid voided' : `${done.voided} bids voided`),
        failure: 'Failed to void bids',
      },
    );
    if (!result) return;
    onVoided(result);
    onClose();
  };

  return (
    <Dialog isOpen={isOpen} onClose={onClose} title="Void bids" style={{ width: 560 }}>
      <DialogBody>
        <p>
          Every bid of{' '}
          {bidders.map((bidder) => (
            <Tag key={bidder.id} minimal className="void-bidder">
              {bidder.name} ({bidder.standingBids})
            </Tag>
          ))}{' '}
          on this auction is voided: kept on the admin ladder, gone from the public bids and counts. The auction is
          replayed over the bids left.
        </p>
        <FormGroup label="Reason" labelFor="void-reason">
          <InputGroup
            id="void-reason"
            value={reason}
            maxLength={500}
            onValueChange={(value) => {
              setReason(value);
              setPreview(null);
            }}
          />
        </FormGroup>
        {preview ? (
          <HTMLTable compact className="void-preview" aria-label="Void preview">
            <thead>
              <tr>
                <th scope="col" />
                <th scope="col">Before</th>
                <th scope="col" aria-label="becomes" />
                <th scope="col">After</th>
              </tr>
            </thead>
            <tbody>
              {standingLines(preview, names).map((line) => (
                <tr key={line.label} className={line.changed ? 'void-preview-changed' : undefined}>
                  <th scope="row">{line.label}</th>
                  <td className="num">{line.before}</td>
                  <td>
                    <Icon icon="arrow-right" size={12} />
                  </td>
                  <td className="num">
                    <strong>{line.after}</strong>
                  </td>
                </tr>
              ))}
              <tr>
                <th scope="row">Bids voided</th>
                <td />
                <td />
                <td className="num">
                  <strong>{preview.voided}</strong>
                </td>
              </tr>
            </tbody>
          </HTMLTable>
        ) : (
          <Callout compact icon="eye-open">
            Preview the auction before and after first.
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={onClose}>Cancel</Button>
            <Button
              icon="eye-open"
              loading={previewing.busy}
              disabled={!reason.trim()}
              onClick={() => void askPreview()}
            >
              Preview
            </Button>
            <Button
              intent="danger"
              icon="disable"
              loading={voiding.busy}
              disabled={!preview || !reason.trim()}
              onClick={() => void apply()}
            >
              Void bids
            </Button>
          </>
        }
      />
    </Dialog>
  );
}
