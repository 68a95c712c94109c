// Sold listings: orders with their payout badge, Delete with confirm, and the
// order drawer.
import { H3, Tag } from '@blueprintjs/core';
import type { SoldListing } from '../../../shared/contract/entities.js';
import type { SortKey } from '../../../shared/contract/list-query.js';
import { LISTING_TYPE_BADGES } from '../../../shared/rules/listing-display.js';
import { formatUsd } from '../../../shared/rules/money.js';
import { market } from '../../bridge.js';
import { RECORD_SCREEN_ROUTES, useRoutedRecord } from '../../components/record-links/record-route.js';
import { DataTable, type DataColumn } from '../../components/data-table/DataTable.js';
import { formatDateTime } from '../../components/format.js';
import { RowMenu } from '../../components/RowMenu.js';
import { useRowDelete } from '../../components/useRowDelete.js';
import { OrderDrawer } from './OrderDrawer.js';
import { payoutBadgeOf } from './order-display.js';
import { soldListingsStore } from './sold-listings-store.js';
import { useRecordDrawers } from '../accountability/RecordDrawers.js';

type Key = SortKey<'soldListings'>;

function Person({ person }: { person: SoldListing['user'] }) {
  return (
    <span className="person-cell">
      <span>{person.userName ?? '-'}</span>
      <span className="muted">{person.email}</span>
    </span>
  );
}

export function SoldListingsScreen() {
  const records = useRecordDrawers();
  const {
    selected,
    select: setSelected,
    replace,
  } = useRoutedRecord(RECORD_SCREEN_ROUTES.order, (id) => market.admin.listings.soldGet({ params: { id } }));
  const { askToDelete, dialog } = useRowDelete(
    {
      title: 'Delete order?',
      body: 'This action cannot be undone',
      cancelText: 'Cancel',
      confirmText: 'Delete',
      success: 'Order deleted successfully',
      failure: 'Failed to delete order',
    },
    (id) => market.admin.orders.delete({ params: { id } }),
    (id) => {
      if (selected?.id === id) setSelected(undefined);
      void soldListingsStore.getState().refresh();
    },
  );
  const columns: DataColumn<SoldListing, Key>[] = [
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
        return badge ? (
          <Tag intent={badge === 'Succeeded' ? 'success' : 'danger'} minimal>
            {badge}
          </Tag>
        ) : (
          <span className="muted">-</span>
        );
      },
    },
    { id: 'menu', label: 'Options', render: (o) => <RowMenu onDelete={() => askToDelete(o.id)} />, width: 64 },
  ];
  return (
    <section className="screen">
      <H3 className="screen-title">Sold listings</H3>
      <DataTable
        label="Sold listings"
        exportList="soldListings"
        store={soldListingsStore}
        columns={columns}
        searchPlaceholder="Search for sold listing"
        onRowClick={setSelected}
        selectedId={selected?.id}
      />
      {selected && (
        <OrderDrawer
          onOpen={records.open}
          order={selected}
          onChange={(order) => {
            replace(order);
            soldListingsStore.getState().replaceItem(order);
          }}
          onClose={() => setSelected(undefined)}
        />
      )}
      {dialog}
      {records.drawers}
    </section>
  );
}
