// Ratings: 'Deleted user', 'No rate', 'No comment'; row menu Delete.
import type { Rating } from '../../../shared/contract/entities.js';
import { ADMIN_TABLES, AdminTableScreen, type SortKeyOf } from '../../admin-tables/index.js';
import type { DataColumn } from '../../components/data-table/DataTable.js';
import { formatDateTime } from '../../components/format.js';
import { UserCell } from '../../components/UserCell.js';
import { commentOf, rateOf } from './rating-cells.js';

const columns: DataColumn<Rating, SortKeyOf<'ratings'>>[] = [
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
];

export function RatingsScreen() {
  return <AdminTableScreen table={ADMIN_TABLES.ratings} columns={columns} searchPlaceholder="Search for ratings" />;
}
