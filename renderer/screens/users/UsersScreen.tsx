// Users: the paged table and the Details drawer.
import { Tag } from '@blueprintjs/core';
import { formatUsd } from '../../../shared/rules/money.js';
import { hasPayoutAccount, sellerStatusOf, type SellerStatus } from '../../../shared/rules/seller-status.js';
import { market } from '../../bridge.js';
import { ADMIN_TABLES, type ColumnsOf } from '../../admin-tables/index.js';
import { formatDateTime } from '../../components/format.js';
import { UserCell } from '../../components/UserCell.js';
import { FeatureStar } from '../../components/FeatureStar.js';
import { UserDrawer } from './UserDrawer.js';
import { RecordTableScreen } from '../accountability/RecordTableScreen.js';

const users = ADMIN_TABLES.users;

const STATUS_INTENT: Record<SellerStatus, 'warning' | 'success' | 'danger' | 'none'> = {
  'Pending request': 'warning',
  Accepted: 'success',
  'Disabled seller': 'danger',
  'Not a seller': 'none',
};

const columns: ColumnsOf<typeof users> = [
  {
    id: 'feature',
    label: 'Feature',
    render: (u) =>
      hasPayoutAccount(u) ? (
        <FeatureStar
          noun="user"
          name={u.userName ?? u.email}
          featured={u.featured}
          setFeatured={(featured) => market.admin.users.setFeatured({ params: { id: u.id }, body: { featured } })}
          onChange={(user) => users.store.getState().replaceItem(user)}
        />
      ) : (
        <span className="muted">-</span>
      ),
    width: 64,
  },
  {
    id: 'sellerStatus',
    label: 'Seller status',
    render: (u) => {
      const status = sellerStatusOf(u);
      return (
        <Tag minimal intent={STATUS_INTENT[status]}>
          {status}
        </Tag>
      );
    },
  },
  { id: 'userName', label: 'Username', sortKey: 'userName', render: (u) => <UserCell user={u} /> },
  { id: 'email', label: 'Email Address', sortKey: 'email', render: (u) => u.email },
  { id: 'amountSpent', label: 'Amount Spent', render: (u) => formatUsd(u.amountSpent), className: 'num' },
  { id: 'earnings', label: 'Earnings', render: (u) => formatUsd(u.amountSold), className: 'num' },
  { id: 'createdAt', label: 'Signed Up Date', sortKey: 'createdAt', render: (u) => formatDateTime(u.createdAt) },
  { id: 'stripeUserId', label: 'Stripe Account ID', render: (u) => u.stripeUserId ?? '-', className: 'mono' },
  { id: 'stripeCustomerId', label: 'Stripe Customer ID', render: (u) => u.stripeCustomerId ?? '-', className: 'mono' },
  { id: 'strikes', label: 'Payment Failed Strikes', render: (u) => u.paymentFailedStrikes, className: 'num' },
];

export function UsersScreen() {
  return (
    <RecordTableScreen
      table={users}
      columns={columns}
      searchPlaceholder="Search users"
      drawer={(user, on) => <UserDrawer user={user} {...on} />}
    />
  );
}
