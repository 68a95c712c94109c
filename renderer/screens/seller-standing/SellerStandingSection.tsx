// A seller's standing in the user drawer: the level and where it is heading, the window it is
// judged on, the metrics that decide it and what the level does. Read when the section opens.
import { NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import type { SellerStanding } from '../../../shared/contract/admin-seller-standing-routes.js';
import { DetailList } from '../../components/DetailList.js';
import { formatDateTime } from '../../components/format.js';
import { market } from '../../bridge.js';
import { effectsText, LEVEL_LABELS, percentText } from './standing-text.js';

export function SellerStandingSection({ userId }: { userId: string }) {
  const [standing, setStanding] = useState<SellerStanding | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setStanding(null);
    setFailed(null);
    void market.admin.users.sellerStanding({ params: { id: userId } }).then((result) => {
      if (!live) return;
      if (result.ok) setStanding(result.data);
      else setFailed(result.error.message || 'The standing could not be loaded');
    });
    return () => {
      live = false;
    };
  }, [userId]);
  if (failed) return <NonIdealState icon="error" title="Could not load the standing" description={failed} />;
  if (!standing) return <Spinner size={20} aria-label="Loading the standing" />;
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
    </section>
  );
}
