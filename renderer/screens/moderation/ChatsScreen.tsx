// Chats, updated live from the `/admin` events.
import { H3 } from '@blueprintjs/core';
import type { Chat } from '../../../shared/contract/entities.js';
import type { SortKey } from '../../../shared/contract/list-query.js';
import { market } from '../../bridge.js';
import { ConnectionIndicator } from '../../components/ConnectionIndicator.js';
import { DataTable, type DataColumn } from '../../components/data-table/DataTable.js';
import { DeleteButton } from '../../components/DeleteButton.js';
import { formatDateTime } from '../../components/format.js';
import { UserCell } from '../../components/UserCell.js';
import { useRowDelete } from '../../components/useRowDelete.js';
import { useLiveTable } from '../../stores/live-table.js';
import { chatsStore } from './chats-store.js';
import { blockedUserOf, lastMessageOf } from './moderation-cells.js';

export function ChatsScreen() {
  useLiveTable('chats', chatsStore);
  const { askToDelete, dialog } = useRowDelete(
    {
      title: 'Delete chat?',
      body: 'This action cannot be undone',
      cancelText: 'Cancel',
      confirmText: 'Delete',
      success: 'Chat deleted',
      failure: 'Failed to delete chat',
    },
    (id) => market.admin.chats.delete({ params: { id } }),
    (id) => chatsStore.getState().removeLocal(id),
  );
  const columns: DataColumn<Chat, SortKey<'chats'>>[] = [
    { id: 'user', label: 'User', render: (c) => <UserCell user={c.user} /> },
    { id: 'otherUser', label: 'Other User', render: (c) => <UserCell user={c.otherUser} /> },
    { id: 'updatedAt', label: 'Date updated', sortKey: 'updatedAt', render: (c) => formatDateTime(c.updatedAt) },
    {
      id: 'lastMessage',
      label: 'Last message',
      render: (c) => <span className={c.lastMessage ? 'wrap' : 'muted'}>{lastMessageOf(c)}</span>,
    },
    {
      id: 'blocked',
      label: 'Blocked user',
      render: (c) => <span className={c.blockedUser ? undefined : 'muted'}>{blockedUserOf(c)}</span>,
    },
    {
      id: 'actions',
      label: 'Actions',
      render: (c) => <DeleteButton label="Delete chat" onClick={() => askToDelete(c.id)} />,
      width: 64,
    },
  ];
  return (
    <section className="screen">
      <H3 className="screen-title">Chats</H3>
      <DataTable
        label="Chats"
        exportList="chats"
        bulkDelete={{
          noun: 'chats',
          remove: (id) => market.admin.chats.delete({ params: { id } }),
        }}
        store={chatsStore}
        columns={columns}
        searchPlaceholder="Search for chat users"
        toolbarEnd={<ConnectionIndicator />}
      />
      {dialog}
    </section>
  );
}
