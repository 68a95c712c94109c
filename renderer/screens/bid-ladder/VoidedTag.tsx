// How a voided bid is marked wherever a ladder is shown (the admin bid ladder, a case's ladder
// evidence): its row struck through (`bid-voided` on the row, `bid-struck` on its cells) and this
// tag with the reason, the time of the void on hover.
import { Tag } from '@blueprintjs/core';
import { formatDateTime } from '../../components/format.js';
import './bid-ladder.css';

/** The row class of a bid: struck through when voided. */
export const voidedRowClass = (voidedAt: string | null) => (voidedAt ? 'bid-voided' : undefined);

export function VoidedTag({ voidedAt, reason }: { voidedAt: string | null; reason: string | null }) {
  if (!voidedAt) return null;
  return (
    <Tag minimal intent="danger" className="bid-void-tag" title={formatDateTime(voidedAt)}>
      voided: {reason ?? 'no reason'}
    </Tag>
  );
}
