// The seeder's conversations and social graph: chats streamed with their messages (a buyer and
// a seller each), follows, and a few notifications.
import { CHAT_LINES } from './seed-words.js';
import { DAY, KIND, searchNames, timesOf, type SeedContext } from './seed-context.js';
import { userEmail, userName } from './seed-people.js';
import type { SeedTable, SeedValue } from './seed-sink.js';

const CHAT_TABLE: SeedTable = {
  name: 'chats',
  columns: [
    'id',
    'user_id',
    'other_user_id',
    'blocked_user_id',
    'blocked_by_id',
    'last_message',
    'created_at',
    'updated_at',
    'search_names',
  ],
};
const CHAT_MESSAGE_TABLE: SeedTable = {
  name: 'chat_messages',
  columns: ['id', 'chat_id', 'user_id', 'message', 'is_seen', 'created_at'],
};
const FOLLOW_TABLE: SeedTable = { name: 'follows', columns: ['follower_id', 'following_id', 'created_at'] };
const NOTIFICATION_TABLE: SeedTable = {
  name: 'notifications',
  columns: ['id', 'user_id', 'type', 'title', 'created_at'],
};

/** About one chat per two users, of up to ten messages. Returns the messages written. */
export async function seedChats(context: SeedContext): Promise<number> {
  const random = context.randomFor(KIND.chat);
  const { recentOr } = timesOf(random, context.now);
  const { now, sink } = context;
  const anyUser = () => random.int(0, context.users - 1);
  const anySeller = () => (context.sellers.length ? random.pick(context.sellers) : anyUser());
  let messages = 0;
  for (let i = 0; i < Math.max(1, Math.round(context.users / 2)); i++) {
    const user = anyUser();
    const other = anySeller();
    if (user === other) continue;
    const userId = context.idOf(KIND.user, user);
    const otherId = context.idOf(KIND.user, other);
    const createdAt = recentOr(60);
    const chatId = context.nextId(KIND.chat);
    const rows: SeedValue[][] = [];
    let last: string | null = null;
    let updatedAt = createdAt;
    for (let m = random.int(0, 10); m > 0; m--) {
      updatedAt = new Date(Math.min(now - 1000, updatedAt.getTime() + random.int(60_000, DAY / 4)));
      last = random.pick(CHAT_LINES);
      rows.push([
        context.nextId(KIND.chatMessage),
        chatId,
        random.chance(0.5) ? userId : otherId,
        last,
        random.chance(0.7),
        updatedAt,
      ]);
    }
    // Who blocked is recorded with the block (only they may lift it).
    const blocked = random.chance(0.05);
    await sink.row(CHAT_TABLE, [
      chatId,
      userId,
      otherId,
      blocked ? otherId : null,
      blocked ? userId : null,
      last,
      createdAt,
      updatedAt,
      searchNames(
        userName(context, user),
        userEmail(context, user),
        userName(context, other),
        userEmail(context, other),
      ),
    ]);
    for (const row of rows) await sink.row(CHAT_MESSAGE_TABLE, row);
    messages += rows.length;
  }
  return messages;
}

/**
 * About one follow per user: each user follows a few sellers (none, one or two, one on average),
 * never themselves and never one twice.
 */
export async function seedFollows(context: SeedContext): Promise<void> {
  const random = context.randomFor(KIND.notification + 1);
  const { before } = timesOf(random, context.now);
  for (let follower = 0; follower < context.users; follower++) {
    const following = new Set<number>();
    for (let n = random.pick([0, 1, 2]); n > 0; n--) {
      const seller = context.sellers.length ? random.pick(context.sellers) : random.int(0, context.users - 1);
      if (seller !== follower) following.add(seller);
    }
    for (const seller of following) {
      await context.sink.row(FOLLOW_TABLE, [
        context.idOf(KIND.user, follower),
        context.idOf(KIND.user, seller),
        before(200),
      ]);
    }
  }
}

export async function seedNotifications(context: SeedContext): Promise<void> {
  const random = context.randomFor(KIND.notification);
  const { recentOr } = timesOf(random, context.now);
  for (let user = 0; user < Math.min(context.users, 50); user++) {
    await context.sink.row(NOTIFICATION_TABLE, [
      context.nextId(KIND.notification),
      context.idOf(KIND.user, user),
      'orderStatusUpdate',
      'Your order has shipped',
      recentOr(10),
    ]);
  }
}
