// Users: the paged table and the Details drawer.
import { HTMLSelect, Tag } from '@blueprintjs/core';
import { createStore, useStore } from 'zustand';
import type { AdminUser } from '../../../shared/contract/entities.js';
import type { SortKey } from '../../../shared/contract/list-query.js';
import { createListStore } from '../../stores/list-store.js';
import { SELLER_LEVELS, type SellerLevel } from '../../../shared/rules/seller-level.js';
import { LEVEL_LABELS } from '../seller-standing/standing-text.js';
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

// The seller level the list is filtered to ('' for every level): a change applies from page 1.
const levelFilter = createStore<{ level: SellerLevel | '' }>()(() => ({ level: '' }));
const usersStore = createListStore<AdminUser, SortKey<'users'>>((query, signal) => {
  const { level } = levelFilter.getState();
  return market.admin.users.list({ query: { ...query, ...(level ? { sellerLevel: [level] } : {}) } }, { signal });
});

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
          onChange={(user) => usersStore.getState().replaceItem(user)}
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

function SellerLevelFilter() {
  const level = useStore(levelFilter, (s) => s.level);
  return (
    <div className="audit-filters" role="group" aria-label="Filters">
      <HTMLSelect
        aria-label="Seller level"
        value={level}
        onChange={(event) => {
          levelFilter.setState({ level: event.currentTarget.value as SellerLevel | '' });
          void usersStore.getState().refresh();
        }}
        options={[
          { value: '', label: 'Any seller level' },
          ...SELLER_LEVELS.map((value) => ({ value, label: LEVEL_LABELS[value] })),
        ]}
      />
    </div>
  );
}

export function UsersScreen() {
  return (
    <RecordTableScreen
      table={users}
      store={usersStore}
      above={<SellerLevelFilter />}
      columns={columns}
      searchPlaceholder="Search users"
      drawer={(user, on) => <UserDrawer user={user} {...on} />}
    />
  );
}
