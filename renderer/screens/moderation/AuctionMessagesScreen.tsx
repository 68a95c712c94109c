// Auction messages, updated live from the `/admin` events.
import { H3, Tag } from '@blueprintjs/core';
import type { AuctionMessage } from '../../../shared/contract/entities.js';
import type { AuctionMessageType } from '../../../shared/contract/enums.js';
import type { SortKey } from '../../../shared/contract/list-query.js';
import { market } from '../../bridge.js';
import { ConnectionIndicator } from '../../components/ConnectionIndicator.js';
import { DataTable, type DataColumn } from '../../components/data-table/DataTable.js';
import { DeleteButton } from '../../components/DeleteButton.js';
import { formatDateTime } from '../../components/format.js';
import { UserCell } from '../../components/UserCell.js';
import { useRowDelete } from '../../components/useRowDelete.js';
import { useLiveTable } from '../../stores/live-table.js';
import { auctionMessagesStore } from './auction-messages-store.js';
import { AUCTION_MESSAGE_TYPE_BADGES, auctionMessageTextOf, bidValueOf } from './moderation-cells.js';

const TYPE_INTENT: Record<AuctionMessageType, 'primary' | 'success' | 'warning' | 'none'> = {
  bid: 'primary',
  giveawayEntry: 'none',
  giveawayWinner: 'success',
  text: 'warning',
};

export function AuctionMessagesScreen() {
  useLiveTable('auctionMessages', auctionMessagesStore);
  const { askToDelete, dialog } = useRowDelete(
    {
      title: 'Delete auction message?',
      body: 'This action cannot be undone',
      cancelText: 'Cancel',
      confirmText: 'Delete',
      success: 'Auction message deleted',
      failure: 'Failed to delete auction message',
    },
    (id) => market.admin.auctionMessages.delete({ params: { id } }),
    (id) => auctionMessagesStore.getState().removeLocal(id),
  );
  const columns: DataColumn<AuctionMessage, SortKey<'auctionMessages'>>[] = [
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
    {
      id: 'actions',
      label: 'Actions',
      render: (m) => <DeleteButton label="Delete auction message" onClick={() => askToDelete(m.id)} />,
      width: 64,
    },
  ];
  return (
    <section className="screen">
      <H3 className="screen-title">Auction messages</H3>
      <DataTable
        label="Auction messages"
        exportList="auctionMessages"
        bulkDelete={{
          noun: 'auction messages',
          remove: (id) => market.admin.auctionMessages.delete({ params: { id } }),
        }}
        store={auctionMessagesStore}
        columns={columns}
        searchPlaceholder="Search for auction message"
        toolbarEnd={<ConnectionIndicator />}
      />
      {dialog}
    </section>
  );
}
