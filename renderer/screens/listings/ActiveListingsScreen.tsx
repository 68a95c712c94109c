// Active listings: feature star for auctions, price cells by listing type,
// Options > Delete with its confirm, and the listing drawer.
import { H3, Tag } from '@blueprintjs/core';
import type { AdminListing } from '../../../shared/contract/entities.js';
import type { SortKey } from '../../../shared/contract/list-query.js';
import {
  LISTING_TYPE_BADGES,
  canFeatureListing,
  priceCells,
  truncateDescription,
} from '../../../shared/rules/listing-display.js';
import { market } from '../../bridge.js';
import { RECORD_SCREEN_ROUTES, useRoutedRecord } from '../../components/record-links/record-route.js';
import { DataTable, type DataColumn } from '../../components/data-table/DataTable.js';
import { formatDateTime, moneyOrNA } from '../../components/format.js';
import { RowMenu } from '../../components/RowMenu.js';
import { FeatureStar } from '../../components/FeatureStar.js';
import { useRowDelete } from '../../components/useRowDelete.js';
import { ListingDrawer } from './ListingDrawer.js';
import { activeListingsStore } from './active-listings-store.js';
import { useRecordDrawers } from '../accountability/RecordDrawers.js';

type Key = SortKey<'activeListings'>;

const na = (amount: number | null) => (
  <span className={amount === null ? 'muted' : undefined}>{moneyOrNA(amount)}</span>
);

export function ActiveListingsScreen() {
  const records = useRecordDrawers();
  const {
    selected,
    select: setSelected,
    replace,
  } = useRoutedRecord(RECORD_SCREEN_ROUTES.listing, (id) => market.admin.listings.get({ params: { id } }));
  const { askToDelete, dialog } = useRowDelete(
    {
      title: 'Delete listing?',
      body: 'Are you sure you want to delete this listing? This action cannot be undone.',
      cancelText: 'No, keep it',
      confirmText: 'Delete listing',
      success: 'Listing deleted successfully',
      failure: 'Failed to delete listing',
    },
    (id) => market.admin.listings.delete({ params: { id } }),
    (id) => {
      if (selected?.id === id) setSelected(undefined);
      void activeListingsStore.getState().refresh();
    },
  );
  const columns: DataColumn<AdminListing, Key>[] = [
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
            onChange={(listing) => activeListingsStore.getState().replaceItem(listing)}
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
    { id: 'menu', label: 'Options', render: (l) => <RowMenu onDelete={() => askToDelete(l.id)} />, width: 64 },
  ];
  return (
    <section className="screen">
      <H3 className="screen-title">Active listings</H3>
      <DataTable
        label="Active listings"
        exportList="activeListings"
        store={activeListingsStore}
        columns={columns}
        searchPlaceholder="Search for listing"
        onRowClick={setSelected}
        selectedId={selected?.id}
      />
      {selected && (
        <ListingDrawer
          onOpen={records.open}
          listing={selected}
          onChange={(listing) => {
            replace(listing);
            activeListingsStore.getState().replaceItem(listing);
          }}
          onClose={() => setSelected(undefined)}
        />
      )}
      {dialog}
      {records.drawers}
    </section>
  );
}
