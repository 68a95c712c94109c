// Admin moderation tables: ratings, auction messages, chats and chat messages.
import { sql, type SQL } from 'drizzle-orm';
import type { Rating } from '../../../shared/contract/entities.js';
import type { ListQuery } from '../../../shared/contract/list-query.js';
import { queryRows, type Db } from '../../platform/db/database.js';
import {
  containsPattern,
  idMatchesAny,
  matchingUserIds,
  orderBy,
  pageOf,
  searchTerm,
  whereAll,
} from '../../platform/db/list-sql.js';
import {
  AUCTION_MESSAGE_SELECT,
  auctionMessageOf,
  CHAT_MESSAGE_SELECT,
  CHAT_SELECT,
  chatMessageOf,
  chatOf,
  optionalProfileOf,
  type AuctionMessageRow,
  type ChatMessageRow,
  type ChatRow,
} from './moderation-items.js';
import { isoOf } from '../../platform/db/values.js';
import type { AdminDeps, AdminHandlers } from '../../platform/http/admin-handler.js';
import { softDelete } from '../../platform/db/soft-delete.js';

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
        buyer: optionalProfileOf(row.buyer_id, row.buyer_user_name, row.buyer_avatar),
        seller: optionalProfileOf(row.seller_id, row.seller_user_name, row.seller_avatar),
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
        AUCTION_MESSAGE_SELECT,
        sql`${orderBy(sql`m.created_at`, query.order, sql`m.id`)} ${pageOf(query.page, query.limit)}`,
      );
      const items = rows.map(auctionMessageOf);
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
        CHAT_SELECT,
        sql`${orderBy(CHAT_SORT[query.sortBy ?? 'createdAt'], query.order, sql`c.id`)} ${pageOf(query.page, query.limit)}`,
      );
      const items = rows.map(chatOf);
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
        CHAT_MESSAGE_SELECT,
        sql`${orderBy(sql`m.created_at`, query.order, sql`m.id`)} ${pageOf(query.page, query.limit)}`,
      );
      const items = rows.map(chatMessageOf);
      return { count, items };
    },
    'messages.delete': async ({ params, admin }) => {
      await softDelete(db, 'chat_message', params.id, admin);
      events.emit('messageDeleted', { id: params.id });
      return undefined;
    },
  } satisfies Partial<AdminHandlers>;
}
