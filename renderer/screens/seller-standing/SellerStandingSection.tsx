// A seller's standing in the user drawer: the level and where it is heading, the window it is
// judged on, the metrics that decide it, what the level does, and the orders behind the defects.
// Read when the section opens.
import { HTMLTable, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import type { SellerDefectOrders, SellerStanding } from '../../../shared/contract/admin-seller-standing-routes.js';
import { DetailList } from '../../components/DetailList.js';
import { formatDateTime } from '../../components/format.js';
import { market } from '../../bridge.js';
import { defectReasonsText, effectsText, LEVEL_LABELS, percentText } from './standing-text.js';

export function SellerStandingSection({ userId }: { userId: string }) {
  const [standing, setStanding] = useState<SellerStanding | null>(null);
  const [defects, setDefects] = useState<SellerDefectOrders | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setStanding(null);
    setDefects(null);
    setFailed(null);
    void Promise.all([
      market.admin.users.sellerStanding({ params: { id: userId } }),
      market.admin.users.sellerDefects({ params: { id: userId } }),
    ]).then(([read, listed]) => {
      if (!live) return;
      if (!read.ok) setFailed(read.error.message || 'The standing could not be loaded');
      else if (!listed.ok) setFailed(listed.error.message || "The defects' orders could not be loaded");
      else {
        setStanding(read.data);
        setDefects(listed.data);
      }
    });
    return () => {
      live = false;
    };
  }, [userId]);
  if (failed) return <NonIdealState icon="error" title="Could not load the standing" description={failed} />;
  if (!standing || !defects) return <Spinner size={20} aria-label="Loading the standing" />;
  const { metrics } = standing;
  return (
    <section aria-label="Seller standing">
      <DetailList
        rows={[
          [
            'Level',
            <Tag
              minimal
              intent={standing.level === 'belowStandard' ? 'danger' : standing.level === 'top' ? 'success' : 'none'}
            >
              {LEVEL_LABELS[standing.level]}
            </Tag>,
          ],
          ['Projected in 7 days', LEVEL_LABELS[standing.projectedLevel]],
          [
            'Window',
            `${standing.window.orders} orders, ${formatDateTime(standing.window.from)} – ${formatDateTime(standing.window.to)}`,
          ],
          ['Defect rate', percentText(metrics.defectRate)],
          ['Late shipment rate', percentText(metrics.lateShipmentRate)],
          ['Replies within 24 h', percentText(metrics.replyWithin24hRate)],
          ['Average rating', metrics.averageRating === null ? '-' : metrics.averageRating.toFixed(2)],
          ['Effects', effectsText(standing.effects)],
        ]}
      />
      {defects.count === 0 ? (
        <p className="muted">No defects in the window.</p>
      ) : (
        <HTMLTable compact striped aria-label="Orders behind the defects">
          <thead>
            <tr>
              <th>Defect order</th>
              <th>Ordered</th>
              <th>Why</th>
            </tr>
          </thead>
          <tbody>
            {defects.items.map((item) => (
              <tr key={item.orderId}>
                <td>
                  {item.listingTitle} <span className="muted">#{item.orderId.slice(0, 8)}</span>
                </td>
                <td>{formatDateTime(item.createdAt)}</td>
                <td>{defectReasonsText(item.reasons)}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      {defects.count > defects.items.length && (
        <p className="muted">
          The {defects.items.length} newest of {defects.count} defect orders.
        </p>
      )}
    </section>
  );
}
