// Chat messages, updated live from the `/admin` events.
import { Tag } from '@blueprintjs/core';
import { ADMIN_TABLES, AdminTableScreen, type ColumnsOf } from '../../admin-tables/index.js';
import { formatDateTime } from '../../components/format.js';
import { UserCell } from '../../components/UserCell.js';
import { seenBadgeOf } from './moderation-cells.js';

const chatMessages = ADMIN_TABLES.chatMessages;

const columns: ColumnsOf<typeof chatMessages> = [
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
    <AdminTableScreen table={chatMessages} title="Messages" columns={columns} searchPlaceholder="Search for messages" />
  );
}
