// Ratings: 'Deleted user', 'No rate', 'No comment'; row menu Delete.
import { ADMIN_TABLES, AdminTableScreen, type ColumnsOf } from '../../admin-tables/index.js';
import { formatDateTime } from '../../components/format.js';
import { UserCell } from '../../components/UserCell.js';
import { commentOf, rateOf } from './rating-cells.js';

const ratings = ADMIN_TABLES.ratings;

const columns: ColumnsOf<typeof ratings> = [
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
  return <AdminTableScreen table={ratings} columns={columns} searchPlaceholder="Search for ratings" />;
}
