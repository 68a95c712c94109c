// Chat messages, updated live from the `/admin` events.
import { Tag } from '@blueprintjs/core';
import type { ChatMessage } from '../../../shared/contract/entities.js';
import { ADMIN_TABLES, AdminTableScreen, type SortKeyOf } from '../../admin-tables/index.js';
import type { DataColumn } from '../../components/data-table/DataTable.js';
import { formatDateTime } from '../../components/format.js';
import { UserCell } from '../../components/UserCell.js';
import { seenBadgeOf } from './moderation-cells.js';

const columns: DataColumn<ChatMessage, SortKeyOf<'chatMessages'>>[] = [
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
];

export function ChatMessagesScreen() {
  return (
    <AdminTableScreen
      table={ADMIN_TABLES.chatMessages}
      title="Messages"
      columns={columns}
      searchPlaceholder="Search for messages"
    />
  );
}
