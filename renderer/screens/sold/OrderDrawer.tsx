// The sold listing's order drawer: video, five accordions (the transactions reloadable), Refund Order and
// Cancel Order; the seller's payout, and Hold payout / Release payout.
import { Button, Classes, H4, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import type { SoldListing } from '../../../shared/contract/entities.js';
import { LISTING_TYPE_BADGES } from '../../../shared/rules/listing-display.js';
import { formatUsd } from '../../../shared/rules/money.js';
import { Accordion, PersonAccordion } from '../../components/Accordion.js';
import { SideDrawer } from '../../components/SideDrawer.js';
import { market } from '../../bridge.js';
import { useConfirmedAction } from '../../components/admin-action/index.js';
import { DetailList } from '../../components/DetailList.js';
import { formatDateTime } from '../../components/format.js';
import { VideoEmbed } from '../listings/VideoEmbed.js';
import { cancelFailureMessage } from './order-display.js';
import { TransactionHistory } from './TransactionHistory.js';
import { RefundDialog } from './RefundDialog.js';
import type { RecordRef } from '../../../shared/contract/accountability.js';
import { useMayDo } from '../../stores/admin-role.js';
import { RecordTimeline } from '../accountability/RecordTimeline.js';
import { RECORD_SCREEN_ROUTES, recordRouteOf } from '../../components/record-links/record-route.js';
import { HoldButton, HoldTag, payoutShown } from '../holds/index.js';

/** The seller's payout: pending (and when it is due), held or released, with its amount. */
function PayoutTag({ order }: { order: SoldListing }) {
  const payout = payoutShown(order);
  if (!payout) return null;
  const due = payout.label === 'Pending' && order.payout?.releasesAt;
  return (
    <Tag minimal intent={payout.intent}>
      {payout.text}
      {due ? ` · due ${formatDateTime(due)}` : ''}
    </Tag>
  );
}

export function OrderDrawer({
  order,
  onChange,
  onClose,
  onOpen,
}: {
  order: SoldListing;
  onChange: (order: SoldListing) => void;
  onClose: () => void;
  /** Opens a record the timeline links to. */
  onOpen?: (ref: RecordRef) => void;
}) {
  const mayRefund = useMayDo('refundOrder');
  const mayCancel = useMayDo('cancelOrder');
  const mayReadTimeline = useMayDo('viewOrderTimeline');
  const mayHoldPayout = useMayDo('holdPayout');
  const payout = payoutShown(order);
  const [refunding, setRefunding] = useState(false);
  const cancellation = useConfirmedAction<true>(
    { title: 'Cancel order?', body: 'This action cannot be undone', cancelText: 'Dismiss', confirmText: 'Confirm' },
    async (cancelling) => {
      const cancelled = await cancelling.run(() => market.admin.orders.cancel({ params: { id: order.id }, body: {} }), {
        success: 'Order cancelled successfully',
        failure: cancelFailureMessage,
      });
      if (!cancelled) return;
      // The sold listing is refetched after a cancel.
      void market.admin.listings
        .soldGet({ params: { id: order.id } })
        .then((fresh) => onChange(fresh.ok ? fresh.data : cancelled));
    },
  );

  return (
    <SideDrawer
      title="Order"
      onClose={onClose}
      size={600}
      icon="dollar"
      recordRoute={recordRouteOf(RECORD_SCREEN_ROUTES.order, order.id)}
    >
      <div className={`${Classes.DRAWER_BODY} drawer-body`}>
        <VideoEmbed url={order.listing.video} title={order.listing.title} />
        <H4 className="drawer-title">{order.listing.title}</H4>
        <HoldTag hold={order.payoutHold} what="Payout" />
        <Accordion title="Shipping Information">
          <DetailList
            rows={[
              ['Tracking number', order.trackingCode ?? '-'],
              ['Status', <Tag minimal>{order.status}</Tag>],
              ['Shipping price', formatUsd(order.shippingPrice)],
              ['Order price', formatUsd(order.price)],
              ['Date sold', formatDateTime(order.createdAt)],
              ['Seller payout', payout ? <PayoutTag order={order} /> : '-'],
            ]}
          />
        </Accordion>
        <Accordion title="Listing Detail">
          <DetailList
            rows={[
              ['ID', <span className="mono">{order.listing.id}</span>],
              ['Title', order.listing.title],
              ['Description', order.listing.description || '-'],
              ['Type', <Tag minimal>{LISTING_TYPE_BADGES[order.listing.listingType]}</Tag>],
            ]}
          />
        </Accordion>
        <PersonAccordion title="Buyer Information" person={order.user} />
        <PersonAccordion title="Seller Information" person={order.seller} />
        <Accordion title="Transaction History">
          <TransactionHistory order={order} onChange={onChange} />
        </Accordion>
        {mayReadTimeline && <RecordTimeline recordType="order" recordId={order.id} {...(onOpen ? { onOpen } : {})} />}
      </div>
      <div className={Classes.DRAWER_FOOTER}>
        <div className="button-row">
          {mayRefund && (
            <Button icon="undo" onClick={() => setRefunding(true)}>
              Refund Order
            </Button>
          )}
          {mayHoldPayout && payout && payout.label !== 'Released' && (
            <HoldButton
              hold={order.payoutHold}
              words={{
                hold: 'Hold payout',
                release: 'Release payout',
                held: 'Payout held',
                released: 'Payout hold lifted',
              }}
              place={(reason) => market.admin.orders.holdPayout({ params: { id: order.id }, body: { reason } })}
              lift={() => market.admin.orders.releasePayoutHold({ params: { id: order.id } })}
              onChange={onChange}
            />
          )}
          {mayCancel && (
            <Button icon="ban-circle" intent="danger" onClick={() => cancellation.ask(true)}>
              Cancel Order
            </Button>
          )}
        </div>
      </div>
      <RefundDialog order={order} isOpen={refunding} onClose={() => setRefunding(false)} onRefunded={onChange} />
      {cancellation.dialog}
    </SideDrawer>
  );
}
