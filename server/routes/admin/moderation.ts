// Admin moderation tables: ratings, auction messages, chats and chat messages.
import { sql, type SQL } from 'drizzle-orm';
import type { AuctionMessage, Chat, ChatMessage, ProfileRef, Rating } from '../../../shared/contract/entities.js';
import type { ListQuery } from '../../../shared/contract/list-query.js';
import { queryRows, type Db } from '../../db/database.js';
import {
  containsPattern,
  idMatchesAny,
  matchingUserIds,
  orderBy,
  pageOf,
  searchTerm,
  whereAll,
} from '../../db/list-sql.js';
import { isoOf, usdOrNull } from '../../db/values.js';
import type { AdminDeps, AdminHandlers } from './handler.js';
import { softDelete } from './soft-delete.js';

type Maybe<T> = T | null;
const profile = (id: Maybe<string>, userName: Maybe<string>, avatar: Maybe<string>): ProfileRef | null =>
  id === null ? null : { id, userName, avatar };
const profileOf = (id: string, userName: Maybe<string>, avatar: Maybe<string>): ProfileRef => ({
  id,
  userName,
  avatar,
});

async function page<Row>(
  db: Db,
  from: SQL,
  where: SQL,
  select: SQL,
  tail: SQL,
): Promise<{ count: number; rows: Row[] }> {
  const [countRow] = await queryRows<{ count: string | number }>(
    db,
    sql`SELECT count(*) AS count FROM ${from} ${where}`,
  );
  const rows = await queryRows<Row>(db, sql`${select} ${where} ${tail}`);
  return { count: Number(countRow?.count ?? 0), rows };
}

interface RatingRow {
  id: string;
  created_at: Date | string;
  rate: number | null;
  experience: string | null;
  order_id: string | null;
  buyer_id: string | null;
  buyer_user_name: string | null;
  buyer_avatar: string | null;
  seller_id: string | null;
  seller_user_name: string | null;
  seller_avatar: string | null;
}

interface AuctionMessageRow {
  id: string;
  type: AuctionMessage['type'];
  amount_cents: string | number | null;
  text: string | null;
  created_at: Date | string;
  user_id: string;
  user_name: string | null;
  user_avatar: string | null;
  listing_id: string;
  listing_title: string;
  seller_id: string;
  seller_user_name: string | null;
  seller_avatar: string | null;
}

interface ChatRow {
  id: string;
  updated_at: Date | string;
  last_message: string | null;
  user_id: string;
  user_name: string | null;
  user_avatar: string | null;
  other_id: string;
  other_user_name: string | null;
  other_avatar: string | null;
  blocked_id: string | null;
  blocked_user_name: string | null;
  blocked_avatar: string | null;
}

interface ChatMessageRow {
  id: string;
  created_at: Date | string;
  message: string;
  is_seen: boolean;
  user_id: string;
  user_name: string | null;
  user_avatar: string | null;
  other_id: string;
  other_user_name: string | null;
  other_avatar: string | null;
}

const RATING_SORT: Record<ListQuery<'ratings'>['sortBy'] & string, SQL> = {
  createdAt: sql`r.created_at`,
  rate: sql`r.rate`,
  experience: sql`r.experience`,
  orderId: sql`r.order_id`,
};
const CHAT_SORT: Record<ListQuery<'chats'>['sortBy'] & string, SQL> = {
  updatedAt: sql`c.updated_at`,
  createdAt: sql`c.created_at`,
};

export function moderationHandlers({ db, events }: AdminDeps) {
  return {
    'ratings.list': async ({ query }) => {
      const term = searchTerm(query.search);
      const pattern = term ? containsPattern(term) : null;
      const where = whereAll([
        sql`r.deleted_at IS NULL`,
        pattern
          ? idMatchesAny(sql`r.id`, [
              sql`SELECT id FROM ratings WHERE experience ILIKE ${pattern}`,
              sql`SELECT id FROM ratings WHERE buyer_id IN (${matchingUserIds(pattern)})`,
              sql`SELECT id FROM ratings WHERE seller_id IN (${matchingUserIds(pattern)})`,
            ])
          : null,
      ]);
      const { count, rows } = await page<RatingRow>(
        db,
        sql`ratings r`,
        where,
        // A deleted account shows as a missing buyer or seller ('Deleted user').
        sql`SELECT r.id, r.created_at, r.rate, r.experience, r.order_id,
                   b.id AS buyer_id, b.user_name AS buyer_user_name, b.avatar AS buyer_avatar,
                   s.id AS seller_id, s.user_name AS seller_user_name, s.avatar AS seller_avatar
            FROM ratings r
            LEFT JOIN users b ON b.id = r.buyer_id AND b.deleted_at IS NULL
            LEFT JOIN users s ON s.id = r.seller_id AND s.deleted_at IS NULL`,
        sql`${orderBy(RATING_SORT[query.sortBy ?? 'createdAt'], query.order, sql`r.id`)} ${pageOf(query.page, query.limit)}`,
      );
      const items: Rating[] = rows.map((row) => ({
        id: row.id,
        buyer: profile(row.buyer_id, row.buyer_user_name, row.buyer_avatar),
        seller: profile(row.seller_id, row.seller_user_name, row.seller_avatar),
        createdAt: isoOf(row.created_at),
        rate: row.rate,
        experience: row.experience,
        orderId: row.order_id,
      }));
      return { count, items };
    },
    'ratings.delete': async ({ params, admin }) => {
      await softDelete(db, 'rating', params.id, admin);
      return undefined;
    },

    'auctionMessages.list': async ({ query }) => {
      const term = searchTerm(query.search);
      const pattern = term ? containsPattern(term) : null;
      const where = whereAll([
        sql`m.deleted_at IS NULL`,
        pattern
          ? idMatchesAny(sql`m.id`, [
              sql`SELECT id FROM auction_messages WHERE text ILIKE ${pattern}`,
              sql`SELECT id FROM auction_messages WHERE user_id IN (${matchingUserIds(pattern)})`,
              sql`SELECT id FROM auction_messages WHERE listing_id IN (SELECT id FROM listings WHERE title ILIKE ${pattern})`,
            ])
          : null,
      ]);
      const { count, rows } = await page<AuctionMessageRow>(
        db,
        sql`auction_messages m`,
        where,
        sql`SELECT m.id, m.type, m.amount_cents, m.text, m.created_at,
                   u.id AS user_id, u.user_name, u.avatar AS user_avatar,
                   l.id AS listing_id, l.title AS listing_title,
                   s.id AS seller_id, s.user_name AS seller_user_name, s.avatar AS seller_avatar
            FROM auction_messages m
            JOIN users u ON u.id = m.user_id
            JOIN listings l ON l.id = m.listing_id
            JOIN users s ON s.id = l.user_id`,
        sql`${orderBy(sql`m.created_at`, query.order, sql`m.id`)} ${pageOf(query.page, query.limit)}`,
      );
      const items: AuctionMessage[] = rows.map((row) => ({
        id: row.id,
        type: row.type,
        amount: usdOrNull(row.amount_cents),
        text: row.text,
        createdAt: isoOf(row.created_at),
        user: profileOf(row.user_id, row.user_name, row.user_avatar),
        listing: {
          id: row.listing_id,
          title: row.listing_title,
          user: profileOf(row.seller_id, row.seller_user_name, row.seller_avatar),
        },
      }));
      return { count, items };
    },
    'auctionMessages.delete': async ({ params, admin }) => {
      await softDelete(db, 'auction_message', params.id, admin);
      events.emit('auctionMessageDeleted', { id: params.id });
      return undefined;
    },

    'chats.list': async ({ query }) => {
      const term = searchTerm(query.search);
      const pattern = term ? containsPattern(term) : null;
      const where = whereAll([
        sql`c.deleted_at IS NULL`,
        pattern
          ? idMatchesAny(sql`c.id`, [
              sql`SELECT id FROM chats WHERE user_id IN (${matchingUserIds(pattern)})`,
              sql`SELECT id FROM chats WHERE other_user_id IN (${matchingUserIds(pattern)})`,
            ])
          : null,
      ]);
      const { count, rows } = await page<ChatRow>(
        db,
        sql`chats c`,
        where,
        sql`SELECT c.id, c.updated_at, c.last_message,
                   u.id AS user_id, u.user_name, u.avatar AS user_avatar,
                   o.id AS other_id, o.user_name AS other_user_name, o.avatar AS other_avatar,
                   k.id AS blocked_id, k.user_name AS blocked_user_name, k.avatar AS blocked_avatar
            FROM chats c
            JOIN users u ON u.id = c.user_id
            JOIN users o ON o.id = c.other_user_id
            LEFT JOIN users k ON k.id = c.blocked_user_id`,
        sql`${orderBy(CHAT_SORT[query.sortBy ?? 'createdAt'], query.order, sql`c.id`)} ${pageOf(query.page, query.limit)}`,
      );
      const items: Chat[] = rows.map((row) => ({
        id: row.id,
        user: profileOf(row.user_id, row.user_name, row.user_avatar),
        otherUser: profileOf(row.other_id, row.other_user_name, row.other_avatar),
        updatedAt: isoOf(row.updated_at),
        lastMessage: row.last_message,
        blockedUser: profile(row.blocked_id, row.blocked_user_name, row.blocked_avatar),
      }));
      return { count, items };
    },
    'chats.delete': async ({ params, admin }) => {
      await softDelete(db, 'chat', params.id, admin);
      events.emit('chatDeleted', { id: params.id });
      return undefined;
    },

    'messages.list': async ({ query }) => {
      const term = searchTerm(query.search);
      const where = whereAll([
        sql`m.deleted_at IS NULL`,
        sql`c.deleted_at IS NULL`,
        term ? sql`m.message ILIKE ${containsPattern(term)}` : null,
      ]);
      const { count, rows } = await page<ChatMessageRow>(
        db,
        sql`chat_messages m JOIN chats c ON c.id = m.chat_id`,
        where,
        sql`SELECT m.id, m.created_at, m.message, m.is_seen,
                   u.id AS user_id, u.user_name, u.avatar AS user_avatar,
                   o.id AS other_id, o.user_name AS other_user_name, o.avatar AS other_avatar
            FROM chat_messages m
            JOIN chats c ON c.id = m.chat_id
            JOIN users u ON u.id = m.user_id
            JOIN users o ON o.id = CASE WHEN c.user_id = m.user_id THEN c.other_user_id ELSE c.user_id END`,
        sql`${orderBy(sql`m.created_at`, query.order, sql`m.id`)} ${pageOf(query.page, query.limit)}`,
      );
      const items: ChatMessage[] = rows.map((row) => ({
        id: row.id,
        user: profileOf(row.user_id, row.user_name, row.user_avatar),
        otherUser: profileOf(row.other_id, row.other_user_name, row.other_avatar),
        createdAt: isoOf(row.created_at),
        message: row.message,
        isSeen: row.is_seen,
      }));
      return { count, items };
    },
    'messages.delete': async ({ params, admin }) => {
      await softDelete(db, 'chat_message', params.id, admin);
      events.emit('messageDeleted', { id: params.id });
      return undefined;
    },
  } satisfies Partial<AdminHandlers>;
}
