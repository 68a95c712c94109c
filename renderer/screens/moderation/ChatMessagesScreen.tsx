// Chat messages, updated live from the `/admin` events.
import { H3, Tag } from '@blueprintjs/core';
import type { ChatMessage } from '../../../shared/contract/entities.js';
import type { SortKey } from '../../../shared/contract/list-query.js';
import { market } from '../../bridge.js';
import { ConnectionIndicator } from '../../components/ConnectionIndicator.js';
import { DataTable, type DataColumn } from '../../components/data-table/DataTable.js';
import { DeleteButton } from '../../components/DeleteButton.js';
import { formatDateTime } from '../../components/format.js';
import { UserCell } from '../../components/UserCell.js';
import { useRowDelete } from '../../components/useRowDelete.js';
import { useLiveTable } from '../../stores/live-table.js';
import { chatMessagesStore } from './chat-messages-store.js';
import { seenBadgeOf } from './moderation-cells.js';

export function ChatMessagesScreen() {
  useLiveTable('chatMessages', chatMessagesStore);
  const { askToDelete, dialog } = useRowDelete(
    {
      title: 'Delete message?',
      body: 'This action cannot be undone',
      cancelText: 'Cancel',
      confirmText: 'Delete',
      success: 'Message deleted',
      failure: 'Failed to delete message',
    },
    (id) => market.admin.messages.delete({ params: { id } }),
    (id) => chatMessagesStore.getState().removeLocal(id),
  );
  const columns: DataColumn<ChatMessage, SortKey<'chatMessages'>>[] = [
    { id: 'user', label: 'User', render: (m) => <UserCell user={m.user} /> },
    { id: 'otherUser', label: 'Other User', render: (m) => <UserCell user={m.otherUser} /> },
    { id: 'createdAt', label: 'Date created', sortKey: 'createdAt', render: (m) => formatDateTime(m.createdAt) },
    { id: 'message', label: 'Message', render: (m) => m.message, className: 'wrap' },
    {
      id: 'seen',
      label: 'Seen',
      render: (m) => (
        <Tag minimal intent={m.isSeen ? 'success' : 'none'}>
          {seenBadgeOf(m)}
        </Tag>
      ),
    },
    {
      id: 'actions',
      label: 'Actions',
      render: (m) => <DeleteButton label="Delete message" onClick={() => askToDelete(m.id)} />,
      width: 64,
    },
  ];
  return (
    <section className="screen">
      <H3 className="screen-title">Messages</H3>
      <DataTable
        label="Chat messages"
        exportList="chatMessages"
        bulkDelete={{
          noun: 'chat messages',
          remove: (id) => market.admin.messages.delete({ params: { id } }),
        }}
        store={chatMessagesStore}
        columns={columns}
        searchPlaceholder="Search for messages"
        toolbarEnd={<ConnectionIndicator />}
      />
      {dialog}
    </section>
  );
}
