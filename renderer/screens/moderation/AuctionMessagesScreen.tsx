// Auction messages, updated live from the `/admin` events.
import { Tag } from '@blueprintjs/core';
import type { AuctionMessageType } from '../../../shared/contract/enums.js';
import { ADMIN_TABLES, AdminTableScreen, type ColumnsOf } from '../../admin-tables/index.js';
import { formatDateTime } from '../../components/format.js';
import { UserCell } from '../../components/UserCell.js';
import { AUCTION_MESSAGE_TYPE_BADGES, auctionMessageTextOf, bidValueOf } from './moderation-cells.js';

const TYPE_INTENT: Record<AuctionMessageType, 'primary' | 'success' | 'warning' | 'none'> = {
  bid: 'primary',
  giveawayEntry: 'none',
  giveawayWinner: 'success',
  text: 'warning',
};

const auctionMessages = ADMIN_TABLES.auctionMessages;

const columns: ColumnsOf<typeof auctionMessages> = [
  {
    id: 'type',
    label: 'Type',
    render: (m) => (
      <Tag minimal intent={TYPE_INTENT[m.type]}>
        {AUCTION_MESSAGE_TYPE_BADGES[m.type]}
      </Tag>
    ),
  },
  { id: 'user', label: 'User', render: (m) => <UserCell user={m.user} /> },
  { id: 'createdAt', label: 'Date created', sortKey: 'createdAt', render: (m) => formatDateTime(m.createdAt) },
  { id: 'listing', label: 'Listing name', render: (m) => m.listing.title },
  { id: 'seller', label: 'Seller name', render: (m) => <UserCell user={m.listing.user} /> },
  { id: 'bid', label: 'Bid Value', render: bidValueOf, className: 'num' },
  { id: 'message', label: 'Message', render: auctionMessageTextOf, className: 'wrap' },
];

export function AuctionMessagesScreen() {
  return <AdminTableScreen table={auctionMessages} columns={columns} searchPlaceholder="Search for auction message" />;
}
