// An auction's admin bid ladder: every bid newest first with its hidden maximum, voided bids struck
// through with their reason. An admin picks bidders (a row's box picks its bidder, so every bid of
// theirs), or the ring's bidders when the ladder is opened from a ring, and voids their bids after
// a preview.
import { Button, Checkbox, HTMLTable, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import type { VoidBidsResult } from '../../../shared/contract/admin-bid-void-routes.js';
import { useMayDo } from '../../stores/admin-role.js';
import { togglePick } from '../rings/index.js';
import { bidderNames, ringBidderIds, voidableBidders } from './bid-ladder.js';
import { useBidLadder } from './useBidLadder.js';
import { VoidBidsDialog } from './VoidBidsDialog.js';
import { BidCells, voidedRowClass } from './BidCells.js';
import './bid-ladder.css';

export function BidLadder({
  listingId,
  ringIds,
  pickRingFirst = false,
  onVoided,
}: {
  listingId: string;
  /** The ring the ladder is opened from: "Pick the ring's bids" picks its members' bidders. */
  ringIds?: readonly string[];
  /** Start with the ring's bidders picked (the case flow). */
  pickRingFirst?: boolean;
  onVoided?: (result: VoidBidsResult) => void;
}) {
  const mayVoid = useMayDo('voidBids');
  const { ladder, failed, reload } = useBidLadder(listingId);
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [voiding, setVoiding] = useState(false);
  const bids = ladder?.items ?? [];
  const ringPick = ringIds ? ringBidderIds(bids, ringIds) : [];
  const ringKey = ringPick.join();
  useEffect(() => {
    if (pickRingFirst && ringKey) setPicked(new Set(ringKey.split(',')));
  }, [pickRingFirst, ringKey]);
  if (failed) return <NonIdealState icon="error" title="Could not load the bids" description={failed} />;
  if (!ladder) return <Spinner size={20} aria-label="Loading bids" />;

  const bidders = voidableBidders(bids).filter((bidder) => picked.has(bidder.id));
  return (
    <section className="bid-ladder" aria-label="Bid ladder">
      {mayVoid && (
        <div className="bid-ladder-actions">
          {ringIds && (
            <Button
              size="small"
              icon="graph"
              disabled={ringPick.length === 0}
              onClick={() => setPicked(new Set(ringPick))}
            >
              Pick the ring's bids
            </Button>
          )}
          <Button size="small" disabled={picked.size === 0} onClick={() => setPicked(new Set())}>
            Clear
          </Button>
          <span className="data-table-spacer" />
          <Button
            size="small"
            intent="danger"
            icon="disable"
            disabled={bidders.length === 0}
            onClick={() => setVoiding(true)}
          >
            {bidders.length === 0
              ? 'Void bids…'
              : `Void bids of ${bidders.length === 1 ? '1 bidder' : `${bidders.length} bidders`}…`}
          </Button>
        </div>
      )}
      <p className="muted bid-ladder-count">
        {ladder.count === 1 ? '1 bid' : `${ladder.count} bids`}, newest first; maximum bids are visible to admins only
        {ladder.count > bids.length ? ` (the latest ${bids.length} shown)` : ''}
      </p>
      {bids.length === 0 ? (
        <p className="muted section-empty">No bids yet</p>
      ) : (
        <HTMLTable compact striped className="bid-ladder-table" aria-label="Bids">
          <thead>
            <tr>
              {mayVoid && <th scope="col" aria-label="Pick" />}
              <th scope="col">Bidder</th>
              <th scope="col">Bid</th>
              <th scope="col">Maximum</th>
              <th scope="col">Time</th>
            </tr>
          </thead>
          <tbody>
            {bids.map((bid) => (
              <tr key={bid.id} className={voidedRowClass(bid.voidedAt)}>
                {mayVoid && (
                  <td>
                    {!bid.voidedAt && (
                      <Checkbox
                        aria-label={`Pick ${bid.user.userName ?? bid.user.id}'s bids`}
                        checked={picked.has(bid.user.id)}
                        onChange={() => setPicked(togglePick(picked, bid.user.id))}
                      />
                    )}
                  </td>
                )}
                <BidCells bidder={bid.user.userName ?? bid.user.id} {...bid}>
                  {ringIds?.includes(bid.user.id) && (
                    <Tag minimal intent="warning" className="bid-ring-tag">
                      ring
                    </Tag>
                  )}
                </BidCells>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      {mayVoid && (
        <VoidBidsDialog
          listingId={listingId}
          bidders={bidders}
          names={bidderNames(bids)}
          isOpen={voiding}
          onClose={() => setVoiding(false)}
          onVoided={(result) => {
            setPicked(new Set());
            void reload();
            onVoided?.(result);
          }}
        />
      )}
    </section>
  );
}
