// Chats, updated live from the `/admin` events.
import { ADMIN_TABLES, AdminTableScreen, type ColumnsOf } from '../../admin-tables/index.js';
import { formatDateTime } from '../../components/format.js';
import { UserCell } from '../../components/UserCell.js';
import { blockedUserOf, lastMessageOf } from './moderation-cells.js';

const chats = ADMIN_TABLES.chats;

const columns: ColumnsOf<typeof chats> = [
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
];

export function ChatsScreen() {
  return <AdminTableScreen table={chats} columns={columns} searchPlaceholder="Search for chat users" />;
}
