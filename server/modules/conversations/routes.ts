// The buyer's conversation routes: a listing's auction feed, chats and their
// messages. market-routes.ts registers each group where the OpenAPI document lists it (the
// document's path order is registration order, and other areas' routes sit between them).
import type { FastifyRequest } from 'fastify';
import {
  AuctionFeed,
  AuctionFeedBody,
  BlockChatBody,
  ChatMessages,
  ChatPairParams,
  Chats,
  MarkAsReadParams,
  MessageBody,
  MessagesMarkedRead,
  OpenChatBody,
  SentMessage,
  UnreadCount,
} from '../../../shared/contract/market/conversations.js';
import { ApiErrorBody, AuctionMessage, Chat } from '../../../shared/contract/entities.js';
import { HttpError } from '../../platform/http/errors.js';
import { IdParams, type MarketRouteContext, Paging } from '../../platform/http/market-route-context.js';
import { auctionFeed, postAuctionText } from './auction-feed.js';
import { blockChat, chatMessages, chatOf, markAsRead, openChat, postMessage, unreadCount, userChats } from './chats.js';

const tags = ['chat'];

/** What a posted message stored, for the areas that judge it after the answer (policy's rules). */
export interface StoredMessage {
  id: string;
  senderId: string;
  /** The text as stored. */
  text: string;
  kind: 'chat' | 'auction';
  /** The auction's listing; null for a chat message. */
  listingId: string | null;
  /** Its `created_at` in epoch ms (as the pg driver reads it: whole milliseconds, truncated). */
  atMs: number;
}

const storedMessages = new WeakMap<FastifyRequest, StoredMessage>();

/** What the request's message stored once it committed (undefined before, or when it was refused). */
export const storedMessageOf = (request: FastifyRequest): StoredMessage | undefined => storedMessages.get(request);

/** Keeps what the caller's message stored (`posted`, as answered) for `storedMessageOf`. */
function keepStored(
  request: FastifyRequest,
  posted: { id: string; createdAt: string },
  message: Pick<StoredMessage, 'text' | 'kind' | 'listingId'>,
): void {
  storedMessages.set(request, {
    id: posted.id,
    senderId: request.caller.id,
    atMs: Date.parse(posted.createdAt),
    ...message,
  });
}

/** `/listing/:id/messages`: read a listing's auction feed, post a text on it. */
export async function auctionFeedRoutes({ r, deps, secured }: MarketRouteContext): Promise<void> {
  r.get(
    '/listing/:id/messages',
    {
      schema: {
        description: 'One page of an auction’s feed: bids and messages.',
        tags: ['listings'],
        params: IdParams,
        querystring: Paging,
        response: { 200: AuctionFeed },
      },
    },
    async (request) => auctionFeed(deps.db, request.params.id, request.query.page, request.query.limit),
  );
  r.post(
    '/listing/:id/messages',
    {
      schema: {
        description: 'Posts a message to an auction’s feed.',
        tags: ['listings'],
        ...secured,
        params: IdParams,
        body: AuctionFeedBody,
        response: { 201: AuctionMessage },
      },
    },
    async (request, reply) => {
      const posted = await postAuctionText(deps, request.caller.id, request.params.id, request.body.text);
      keepStored(request, posted, { text: request.body.text, kind: 'auction', listingId: request.params.id });
      return reply.code(201).send(posted);
    },
  );
}

/** `/chat…`: open a chat, the caller's chats, their unread count, the chat between two users. */
export async function chatRoutes({ r, deps, secured }: MarketRouteContext): Promise<void> {
  const { db } = deps;
  r.post(
    '/chat',
    {
      schema: {
        description: 'Opens (or finds) the caller’s chat with another user.',
        tags,
        ...secured,
        body: OpenChatBody,
        response: { 200: Chat, 404: ApiErrorBody },
      },
    },
    async (request) => openChat(deps, request.caller.id, request.body.otherUserId),
  );
  r.get(
    '/chat',
    {
      schema: {
        description: 'One page of the caller’s chats.',
        tags,
        ...secured,
        querystring: Paging,
        response: { 200: Chats },
      },
    },
    async (request) => userChats(db, request.caller.id, request.query.page, request.query.limit),
  );
  r.get(
    '/chat/count',
    {
      schema: {
        description: 'How many of the caller’s chats have unread messages.',
        tags,
        ...secured,
        response: { 200: UnreadCount },
      },
    },
    async (request) => unreadCount(db, request.caller.id),
  );
  r.get(
    '/chat/:a/:b',
    {
      schema: {
        description: 'The chat between two users (the caller must be one of them).',
        tags,
        ...secured,
        params: ChatPairParams,
        response: { 200: Chat },
      },
    },
    async (request) => chatOf(db, request.caller.id, request.params.a, request.params.b),
  );
}

/** Blocking a chat, and `/message…`: send, read a chat's messages, mark them read. */
export async function chatMessageRoutes({ r, deps, secured }: MarketRouteContext): Promise<void> {
  const { db } = deps;
  r.post(
    '/chat/block-chat',
    {
      schema: {
        description: 'Blocks or unblocks the other participant of one of the caller’s chats.',
        tags,
        ...secured,
        body: BlockChatBody,
        response: { 200: Chat, 404: ApiErrorBody },
      },
    },
    async (request) => blockChat(deps, request.caller.id, request.body.chatId, request.body.block),
  );
  r.post(
    '/message',
    {
      schema: {
        description: 'Sends a message in one of the caller’s chats.',
        tags,
        ...secured,
        body: MessageBody,
        response: { 201: SentMessage, 404: ApiErrorBody },
      },
    },
    async (request, reply) => {
      const sent = await postMessage(deps, request.caller.id, request.body.chatId, request.body.message);
      keepStored(request, sent, { text: request.body.message, kind: 'chat', listingId: null });
      return reply.code(201).send(sent);
    },
  );
  r.get(
    '/message/chat-messages/:id',
    {
      schema: {
        description: 'One page of the messages of one of the caller’s chats.',
        tags,
        ...secured,
        params: IdParams,
        querystring: Paging,
        response: { 200: ChatMessages },
      },
    },
    async (request) => chatMessages(db, request.caller.id, request.params.id, request.query.page, request.query.limit),
  );
  r.patch(
    '/message/mark-as-read/:readerId/:senderId',
    {
      schema: {
        description: 'Marks a sender’s messages to the caller as read.',
        tags,
        ...secured,
        params: MarkAsReadParams,
        response: { 200: MessagesMarkedRead },
      },
    },
    async (request) => markAsRead(deps, request.caller.id, request.params.readerId, request.params.senderId),
  );
}

/** One user's chats, for that user only; listed after the auctions a user bid on. */
export async function userChatRoutes({ r, deps, authenticate, secured }: MarketRouteContext): Promise<void> {
  r.get(
    '/chat/user-chats/:id',
    {
      onRequest: authenticate,
      schema: {
        description: 'One page of the caller’s chats (the id must be the caller’s).',
        tags: ['chat'],
        ...secured,
        params: IdParams,
        querystring: Paging,
        response: { 200: Chats },
      },
    },
    async (request) => {
      const user = request.caller;
      if (user.id !== request.params.id) throw new HttpError(403, 'Only the user themself may read their chats');
      return userChats(deps.db, user.id, request.query.page, request.query.limit);
    },
  );
}
