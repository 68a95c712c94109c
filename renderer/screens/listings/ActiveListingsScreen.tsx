// Active listings: feature star for auctions, price cells by listing type,
// Options > Delete with its confirm, and the listing drawer.
import { Tag } from '@blueprintjs/core';
import {
  LISTING_TYPE_BADGES,
  canFeatureListing,
  priceCells,
  truncateDescription,
} from '../../../shared/rules/listing-display.js';
import { market } from '../../bridge.js';
import { ADMIN_TABLES, type ColumnsOf } from '../../admin-tables/index.js';
import { formatDateTime, moneyOrNA } from '../../components/format.js';
import { FeatureStar } from '../../components/FeatureStar.js';
import { ListingDrawer } from './ListingDrawer.js';
import { RecordTableScreen } from '../accountability/RecordTableScreen.js';
import { listingWithStanding, useAuctionStanding } from '../bid-ladder/index.js';

const activeListings = ADMIN_TABLES.activeListings;

const na = (amount: number | null) => (
  <span className={amount === null ? 'muted' : undefined}>{moneyOrNA(amount)}</span>
);

const columns: ColumnsOf<typeof activeListings> = [
  {
    id: 'feature',
    label: 'Feature',
    render: (l) =>
      canFeatureListing(l.listingType) ? (
        <FeatureStar
          noun="listing"
          name={l.title}
          featured={l.featured}
          setFeatured={(featured) => market.admin.listings.setFeatured({ params: { id: l.id }, body: { featured } })}
          onChange={(listing) => activeListings.store.getState().replaceItem(listing)}
        />
      ) : (
        <span className="muted">-</span>
      ),
    width: 64,
  },
  { id: 'title', label: 'Item name', sortKey: 'title', render: (l) => l.title },
  {
    id: 'description',
    label: 'Description',
    sortKey: 'description',
    render: (l) => <span title={l.description}>{truncateDescription(l.description)}</span>,
    className: 'wrap',
  },
  { id: 'createdAt', label: 'Date posted', sortKey: 'createdAt', render: (l) => formatDateTime(l.createdAt) },
  { id: 'seller', label: 'Seller', render: (l) => l.user.userName ?? l.user.email },
  {
    id: 'listingType',
    label: 'Type',
    sortKey: 'listingType',
    render: (l) => <Tag minimal>{LISTING_TYPE_BADGES[l.listingType]}</Tag>,
  },
  { id: 'inStock', label: 'Quantity', sortKey: 'inStock', render: (l) => l.inStock, className: 'num' },
  // Price and Starting bid share the startingBid key.
  { id: 'price', label: 'Price', sortKey: 'startingBid', render: (l) => na(priceCells(l).price), className: 'num' },
  {
    id: 'startingBid',
    label: 'Starting bid',
    sortKey: 'startingBid',
    render: (l) => na(priceCells(l).startingBid),
    className: 'num',
  },
  { id: 'currentBid', label: 'Current bid', render: (l) => na(priceCells(l).currentBid), className: 'num' },
];

export function ActiveListingsScreen() {
  // Bids voided in any back office: the auction's row shows its new current bid.
  useAuctionStanding((standing) => {
    const state = activeListings.store.getState();
    const row = state.items.find((item) => item.id === standing.listingId);
    if (row) state.replaceItem(listingWithStanding(row, standing));
  });
  return (
    <RecordTableScreen
      table={activeListings}
      columns={columns}
      searchPlaceholder="Search for listing"
      drawer={(listing, on) => <ListingDrawer listing={listing} {...on} />}
    />
  );
}
