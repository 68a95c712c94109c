// One bid's cells wherever a ladder is shown (the admin bid ladder, a case's ladder evidence):
// bidder, bid, hidden maximum and time. A voided bid is struck through (`bid-voided` on its row,
// `voidedRowClass`) with a tag giving the reason, the time of the void on hover.
import { Tag } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { formatUsd } from '../../../shared/rules/money.js';
import { formatDateTime, moneyOrNA } from '../../components/format.js';
import './bid-ladder.css';

/** The row class of a bid: struck through when voided. */
export const voidedRowClass = (voidedAt: string | null) => (voidedAt ? 'bid-voided' : undefined);

export function BidCells({
  bidder,
  amount,
  maxBid,
  createdAt,
  voidedAt,
  voidReason,
  children,
}: {
  bidder: string;
  amount: number;
  maxBid: number | null;
  createdAt: string;
  voidedAt: string | null;
  voidReason: string | null;
  /** Tags beside the bidder's name (e.g. "ring"). */
  children?: ReactNode;
}) {
  return (
    <>
      <td>
        <span className="bid-struck">{bidder}</span>
        {children}
        {voidedAt && (
          <Tag minimal intent="danger" className="bid-void-tag" title={formatDateTime(voidedAt)}>
            voided: {voidReason ?? 'no reason'}
          </Tag>
        )}
      </td>
      <td className="num">
        <span className="bid-struck">{formatUsd(amount)}</span>
      </td>
      <td className="num">
        <span className="bid-struck">{moneyOrNA(maxBid)}</span>
      </td>
      <td className="bid-time">{formatDateTime(createdAt)}</td>
    </>
  );
}
