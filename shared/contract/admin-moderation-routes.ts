// The content moderators read and remove, spread into the admin route table (admin-api.ts) where
// it always stood: ratings, live auctions' feed messages, chats and chat messages. Each delete is
// a soft delete (DECISIONS "Requests and responses") and answers 204.
import { z } from 'zod';
import { AuctionMessage, Chat, ChatMessage, id, listResponse, Rating } from './entities.js';
import { listQuery } from './list-query.js';
import type { RouteDef } from './route-def.js';

const byId = z.strictObject({ id });

export const contentModerationRoutes = {
  // Ratings
  'ratings.list': {
    description: 'One page of the ratings buyers gave sellers.',
    method: 'GET',
    path: '/admin/ratings/all',
    query: listQuery('ratings'),
    response: listResponse(Rating),
  },
  'ratings.delete': {
    description: 'Deletes a rating (soft delete); the seller’s average is recomputed.',
    method: 'DELETE',
    path: '/admin/ratings/soft-delete/:id',
    params: byId,
    response: null,
  },

  // Auction messages
  'auctionMessages.list': {
    description: 'One page of the messages of live auction feeds.',
    method: 'GET',
    path: '/admin/auction-messages/active',
    query: listQuery('auctionMessages'),
    response: listResponse(AuctionMessage),
  },
  'auctionMessages.delete': {
    description: 'Deletes an auction feed message (soft delete).',
    method: 'DELETE',
    path: '/admin/auction-messages/soft-delete/:id',
    params: byId,
    response: null,
  },

  // Chats and chat messages
  'chats.list': {
    description: 'One page of the chats between users.',
    method: 'GET',
    path: '/admin/chat/all-chats',
    query: listQuery('chats'),
    response: listResponse(Chat),
  },
  'chats.delete': {
    description: 'Deletes a chat (soft delete).',
    method: 'DELETE',
    path: '/admin/chat/soft-delete-chat/:id',
    params: byId,
    response: null,
  },
  'messages.list': {
    description: 'One page of chat messages.',
    method: 'GET',
    path: '/admin/chat/all-messages',
    query: listQuery('chatMessages'),
    response: listResponse(ChatMessage),
  },
  'messages.delete': {
    description: 'Deletes a chat message (soft delete).',
    method: 'DELETE',
    path: '/admin/chat/soft-delete-message/:id',
    params: byId,
    response: null,
  },
} as const satisfies Record<string, RouteDef>;
