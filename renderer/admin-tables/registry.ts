// The registry of admin tables: every list the back-office shows, with its route, its export,
// its live events, how its rows are deleted and, for records, their route. Screens name their table here once.
import type { AuditLogQuery } from '../../shared/contract/admin-accountability-routes.js';
import type { ReviewCaseQueryInput } from '../../shared/contract/review-cases.js';
import { market } from '../bridge.js';
import { RECORD_SCREEN_ROUTES } from '../components/record-links/record-route.js';
import { liveFeed } from '../stores/live-table.js';
import { adminTable, type ListCall } from './admin-table.js';

/** The audit log's own filters, beside its search and sort. */
export type AuditLogFilters = Partial<Pick<AuditLogQuery, 'adminUid' | 'action' | 'recordType' | 'recordId'>>;
/** A queue's filters: its sources, statuses and priority. */
export type ReviewCaseFilters = Partial<Pick<ReviewCaseQueryInput, 'source' | 'status' | 'priority'>>;

export const ADMIN_TABLES = {
  users: adminTable('users', {
    label: 'Users',
    list: (query, { signal }) => market.admin.users.list({ query }, { signal }),
    exported: true,
    record: { route: RECORD_SCREEN_ROUTES.user, get: (id) => market.admin.users.get({ params: { id } }) },
  }),
  activeListings: adminTable('activeListings', {
    label: 'Active listings',
    list: (query, { signal }) => market.admin.listings.active({ query }, { signal }),
    exported: true,
    record: { route: RECORD_SCREEN_ROUTES.listing, get: (id) => market.admin.listings.get({ params: { id } }) },
    remove: {
      one: 'listing',
      call: (id) => market.admin.listings.delete({ params: { id } }),
      from: 'menu',
      success: 'Listing deleted successfully',
      failure: 'Failed to delete listing',
      confirm: {
        body: 'Are you sure you want to delete this listing? This action cannot be undone.',
        cancelText: 'No, keep it',
        confirmText: 'Delete listing',
      },
    },
  }),
  soldListings: adminTable('soldListings', {
    label: 'Sold listings',
    list: (query, { signal }) => market.admin.listings.sold({ query }, { signal }),
    exported: true,
    record: {
      route: RECORD_SCREEN_ROUTES.order,
      get: (id) => market.admin.listings.soldGet({ params: { id } }),
    },
    remove: {
      one: 'order',
      call: (id) => market.admin.orders.delete({ params: { id } }),
      from: 'menu',
      success: 'Order deleted successfully',
      failure: 'Failed to delete order',
    },
  }),
  subcategories: adminTable('subcategories', {
    label: 'Subcategories',
    list: (query, { signal }) => market.admin.subcategories.list({ query }, { signal }),
    exported: true,
  }),
  ratings: adminTable('ratings', {
    label: 'Ratings',
    list: (query, { signal }) => market.admin.ratings.list({ query }, { signal }),
    exported: true,
    remove: {
      one: 'rating',
      many: 'ratings',
      call: (id) => market.admin.ratings.delete({ params: { id } }),
      from: 'menu',
      success: 'Rating deleted successfully',
      // Section 8: the listing message is also the rating's.
      failure: 'Failed to delete listing',
    },
  }),
  auctionMessages: adminTable('auctionMessages', {
    label: 'Auction messages',
    list: (query, { signal }) => market.admin.auctionMessages.list({ query }, { signal }),
    exported: true,
    feed: liveFeed('auctionMessages'),
    remove: {
      one: 'auction message',
      many: 'auction messages',
      call: (id) => market.admin.auctionMessages.delete({ params: { id } }),
      from: 'button',
      success: 'Auction message deleted',
      failure: 'Failed to delete auction message',
    },
  }),
  chats: adminTable('chats', {
    label: 'Chats',
    list: (query, { signal }) => market.admin.chats.list({ query }, { signal }),
    exported: true,
    feed: liveFeed('chats'),
    remove: {
      one: 'chat',
      many: 'chats',
      call: (id) => market.admin.chats.delete({ params: { id } }),
      from: 'button',
      success: 'Chat deleted',
      failure: 'Failed to delete chat',
    },
  }),
  chatMessages: adminTable('chatMessages', {
    label: 'Chat messages',
    list: (query, { signal }) => market.admin.messages.list({ query }, { signal }),
    exported: true,
    feed: liveFeed('chatMessages'),
    remove: {
      one: 'message',
      many: 'chat messages',
      call: (id) => market.admin.messages.delete({ params: { id } }),
      from: 'button',
      success: 'Message deleted',
      failure: 'Failed to delete message',
    },
  }),
  // The audit log writes its CSV itself (audit-display.ts), from the rows its filters select.
  auditLog: adminTable('auditLog', {
    label: 'Audit log',
    list: (query, { filters = {}, signal }: ListCall<AuditLogFilters>) =>
      market.admin.auditLog.list({ query: { ...query, ...filters } }, { signal }),
    feed: liveFeed('auditLog'),
  }),
  reviewCases: adminTable('reviewCases', {
    label: 'Review cases',
    list: (query, { filters = {}, signal }: ListCall<ReviewCaseFilters>) =>
      market.admin.reviewCases.list({ query: { ...query, ...filters } }, { signal }),
    feed: liveFeed('reviewCases'),
  }),
};
