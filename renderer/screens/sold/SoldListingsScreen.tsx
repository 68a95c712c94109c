// Sold listings: orders with their payout badge (or their pending or held payout), Delete with
// confirm, and the order drawer.
import { Tag } from '@blueprintjs/core';
import type { SoldListing } from '../../../shared/contract/entities.js';
import { LISTING_TYPE_BADGES } from '../../../shared/rules/listing-display.js';
import { formatUsd } from '../../../shared/rules/money.js';
import { ADMIN_TABLES, type ColumnsOf } from '../../admin-tables/index.js';
import { formatDateTime } from '../../components/format.js';
import { OrderDrawer } from './OrderDrawer.js';
import { payoutBadgeOf } from './order-display.js';
import { RecordTableScreen } from '../accountability/RecordTableScreen.js';
import { payoutShown } from '../holds/index.js';

const soldListings = ADMIN_TABLES.soldListings;

function Person({ person }: { person: SoldListing['user'] }) {
  return (
    <span className="person-cell">
      <span>{person.userName ?? '-'}</span>
      <span className="muted">{person.email}</span>
    </span>
  );
}

const columns: ColumnsOf<typeof soldListings> = [
  { id: 'title', label: 'Item name', render: (o) => o.listing.title },
  {
    id: 'listingType',
    label: 'Listing type',
    render: (o) => <Tag minimal>{LISTING_TYPE_BADGES[o.listing.listingType]}</Tag>,
  },
  { id: 'price', label: 'Item price', sortKey: 'price', render: (o) => formatUsd(o.price), className: 'num' },
  {
    id: 'shippingPrice',
    label: 'Shipping price',
    sortKey: 'shippingPrice',
    render: (o) => formatUsd(o.shippingPrice),
    className: 'num',
  },
  { id: 'buyer', label: 'Buyer Detail', render: (o) => <Person person={o.user} /> },
  { id: 'seller', label: 'Seller Detail', render: (o) => <Person person={o.seller} /> },
  { id: 'createdAt', label: 'Date sold', sortKey: 'createdAt', render: (o) => formatDateTime(o.createdAt) },
  { id: 'status', label: 'Order Status', sortKey: 'status', render: (o) => <Tag minimal>{o.status}</Tag> },
  { id: 'tracking', label: 'Tracking number', render: (o) => o.trackingCode ?? '-', className: 'mono' },
  {
    id: 'payout',
    label: 'Payout Status',
    render: (o) => {
      const badge = payoutBadgeOf(o);
      // Payouts are released on delivery, not at purchase: before that the column says so.
      const shown = payoutShown(o);
      if (badge)
        return (
          <Tag intent={badge === 'Succeeded' ? 'success' : 'danger'} minimal>
            {badge}
          </Tag>
        );
      return shown && shown.label !== 'Released' ? (
        <Tag intent={shown.intent} minimal icon={shown.label === 'Held' ? 'pause' : 'time'}>
          {shown.label}
        </Tag>
      ) : (
        <span className="muted">-</span>
      );
    },
  },
];

export function SoldListingsScreen() {
  return (
    <RecordTableScreen
      table={soldListings}
      columns={columns}
      searchPlaceholder="Search for sold listing"
      drawer={(order, on) => <OrderDrawer order={order} {...on} />}
    />
  );
}
