// What 'Export CSV' writes for each admin table: the table's visible column names as the header
// row and each row's values in the file's terms (money in dollars with two decimals, dates in
// ISO 8601, ids in full). The API writes the file from these; the app reads the names.
import type {
  AuctionMessage,
  AdminListing,
  AdminUser,
  Chat,
  ChatMessage,
  Rating,
  SoldListing,
  Subcategory,
} from './entities.js';
import type { AuditEntry } from './accountability.js';
import type { ListName } from './list-query.js';
import { csvDollars, type CsvValue } from '../rules/csv.js';
import { LISTING_TYPE_BADGES } from '../rules/listing-display.js';
import { sellerStatusOf } from '../rules/seller-status.js';

export interface ExportColumn<T> {
  label: string;
  value(row: T): CsvValue;
}

interface ExportedItems {
  users: AdminUser;
  activeListings: AdminListing;
  soldListings: SoldListing;
  subcategories: Subcategory;
  ratings: Rating;
  auctionMessages: AuctionMessage;
  chats: Chat;
  chatMessages: ChatMessage;
  auditLog: AuditEntry;
}

const nameOf = (user: { userName: string | null } | null) => user?.userName ?? '';

export const EXPORT_COLUMNS: { [L in ListName]: ExportColumn<ExportedItems[L]>[] } = {
  users: [
    { label: 'Id', value: (u) => u.id },
    { label: 'Feature', value: (u) => u.featured },
    { label: 'Seller status', value: (u) => sellerStatusOf(u) },
    { label: 'Username', value: (u) => u.userName },
    { label: 'Email Address', value: (u) => u.email },
    { label: 'Amount Spent', value: (u) => csvDollars(u.amountSpent) },
    { label: 'Earnings', value: (u) => csvDollars(u.amountSold) },
    { label: 'Signed Up Date', value: (u) => u.createdAt },
    { label: 'Stripe Account ID', value: (u) => u.stripeUserId },
    { label: 'Stripe Customer ID', value: (u) => u.stripeCustomerId },
    { label: 'Payment Failed Strikes', value: (u) => u.paymentFailedStrikes },
  ],
  activeListings: [
    { label: 'Id', value: (l) => l.id },
    { label: 'Feature', value: (l) => l.featured },
    { label: 'Item name', value: (l) => l.title },
    { label: 'Description', value: (l) => l.description },
    { label: 'Date posted', value: (l) => l.createdAt },
    { label: 'Seller', value: (l) => l.user.userName ?? l.user.email },
    { label: 'Type', value: (l) => LISTING_TYPE_BADGES[l.listingType] },
    { label: 'Quantity', value: (l) => l.inStock },
    { label: 'Price', value: (l) => (l.listingType === 'default' ? csvDollars(l.startingBid) : '') },
    { label: 'Starting bid', value: (l) => (l.listingType === 'auction' ? csvDollars(l.startingBid) : '') },
    { label: 'Current bid', value: (l) => (l.listingType === 'auction' ? csvDollars(l.bid) : '') },
  ],
  soldListings: [
    { label: 'Id', value: (o) => o.id },
    { label: 'Item name', value: (o) => o.listing.title },
    { label: 'Listing type', value: (o) => LISTING_TYPE_BADGES[o.listing.listingType] },
    { label: 'Item price', value: (o) => csvDollars(o.price) },
    { label: 'Shipping price', value: (o) => csvDollars(o.shippingPrice) },
    { label: 'Buyer Detail', value: (o) => o.user.email },
    { label: 'Seller Detail', value: (o) => o.seller.email },
    { label: 'Date sold', value: (o) => o.createdAt },
    { label: 'Order Status', value: (o) => o.status },
    { label: 'Tracking number', value: (o) => o.trackingCode },
    { label: 'Payout Status', value: (o) => o.payoutStatus },
  ],
  subcategories: [
    { label: 'Id', value: (s) => s.id },
    { label: 'Title', value: (s) => s.title },
    { label: 'Minimum Package Weight In Oz', value: (s) => s.minPackageWeightInOz },
    { label: 'Category', value: (s) => s.category.title },
  ],
  ratings: [
    { label: 'Id', value: (r) => r.id },
    { label: 'Buyer', value: (r) => nameOf(r.buyer) },
    { label: 'Seller', value: (r) => nameOf(r.seller) },
    { label: 'Date', value: (r) => r.createdAt },
    { label: 'Rating', value: (r) => r.rate },
    { label: 'Comment', value: (r) => r.experience },
    { label: 'Order ID', value: (r) => r.orderId },
  ],
  auctionMessages: [
    { label: 'Id', value: (m) => m.id },
    { label: 'Type', value: (m) => m.type },
    { label: 'User', value: (m) => nameOf(m.user) },
    { label: 'Date created', value: (m) => m.createdAt },
    { label: 'Listing name', value: (m) => m.listing.title },
    { label: 'Seller name', value: (m) => nameOf(m.listing.user) },
    { label: 'Bid Value', value: (m) => (m.type === 'bid' ? csvDollars(m.amount) : '') },
    { label: 'Message', value: (m) => (m.type === 'text' ? m.text : '') },
  ],
  chats: [
    { label: 'Id', value: (c) => c.id },
    { label: 'User', value: (c) => nameOf(c.user) },
    { label: 'Other User', value: (c) => nameOf(c.otherUser) },
    { label: 'Date updated', value: (c) => c.updatedAt },
    { label: 'Last message', value: (c) => c.lastMessage },
    { label: 'Blocked user', value: (c) => nameOf(c.blockedUser) },
  ],
  chatMessages: [
    { label: 'Id', value: (m) => m.id },
    { label: 'User', value: (m) => nameOf(m.user) },
    { label: 'Other User', value: (m) => nameOf(m.otherUser) },
    { label: 'Date created', value: (m) => m.createdAt },
    { label: 'Message', value: (m) => m.message },
    { label: 'Seen', value: (m) => (m.isSeen ? 'Seen' : 'Not seen') },
  ],
  auditLog: [
    { label: 'Id', value: (a) => a.id },
    { label: 'Time', value: (a) => a.createdAt },
    { label: 'Admin', value: (a) => a.admin.email ?? a.admin.uid },
    { label: 'Action', value: (a) => a.action },
    { label: 'Record type', value: (a) => a.recordType },
    { label: 'Record', value: (a) => a.recordId },
    // Before and after as JSON text: a spreadsheet shows them whole, a script can parse them.
    { label: 'Before', value: (a) => (a.before === null ? '' : JSON.stringify(a.before)) },
    { label: 'After', value: (a) => (a.after === null ? '' : JSON.stringify(a.after)) },
  ],
};
