// Ratings: 'Deleted user', 'No rate', 'No comment'; row menu Delete.
import { H3 } from '@blueprintjs/core';
import type { Rating } from '../../../shared/contract/entities.js';
import type { SortKey } from '../../../shared/contract/list-query.js';
import { market } from '../../bridge.js';
import { DataTable, type DataColumn } from '../../components/data-table/DataTable.js';
import { formatDateTime } from '../../components/format.js';
import { RowMenu } from '../../components/RowMenu.js';
import { UserCell } from '../../components/UserCell.js';
import { useRowDelete } from '../../components/useRowDelete.js';
import { commentOf, rateOf } from './rating-cells.js';
import { ratingsStore } from './ratings-store.js';

export function RatingsScreen() {
  const { askToDelete, dialog } = useRowDelete(
    {
      title: 'Delete rating?',
      body: 'This action cannot be undone',
      cancelText: 'Cancel',
      confirmText: 'Delete',
      success: 'Rating deleted successfully',
      // Section 8: the listing message is also the rating's.
      failure: 'Failed to delete listing',
    },
    (id) => market.admin.ratings.delete({ params: { id } }),
    () => void ratingsStore.getState().refresh(),
  );
  const columns: DataColumn<Rating, SortKey<'ratings'>>[] = [
    { id: 'buyer', label: 'Buyer', render: (r) => <UserCell user={r.buyer} fallback="Deleted user" /> },
    { id: 'seller', label: 'Seller', render: (r) => <UserCell user={r.seller} /> },
    { id: 'createdAt', label: 'Date', sortKey: 'createdAt', render: (r) => formatDateTime(r.createdAt) },
    {
      id: 'rate',
      label: 'Rating',
      sortKey: 'rate',
      render: (r) => <span className={r.rate === null ? 'muted' : undefined}>{rateOf(r)}</span>,
    },
    {
      id: 'comment',
      label: 'Comment',
      sortKey: 'experience',
      render: (r) => <span className={r.experience ? 'wrap' : 'muted'}>{commentOf(r)}</span>,
    },
    { id: 'orderId', label: 'Order ID', sortKey: 'orderId', render: (r) => r.orderId ?? '-', className: 'mono' },
    { id: 'menu', label: 'Options', render: (r) => <RowMenu onDelete={() => askToDelete(r.id)} />, width: 64 },
  ];
  return (
    <section className="screen">
      <H3 className="screen-title">Ratings</H3>
      <DataTable
        label="Ratings"
        exportList="ratings"
        bulkDelete={{
          noun: 'ratings',
          remove: (id) => market.admin.ratings.delete({ params: { id } }),
        }}
        store={ratingsStore}
        columns={columns}
        searchPlaceholder="Search for ratings"
      />
      {dialog}
    </section>
  );
}
