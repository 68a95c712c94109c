// The buyer/seller API's OpenAPI document: every operation says what it answers on success, and
// the response schemas of shared/contract/market/ name exactly the fields their services
// return (the serializer drops any field a schema leaves out, so a client would silently lose it).
import type { FastifyInstance } from 'fastify';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { AuctionMessage, Chat } from '../../shared/contract/entities.js';
import type { addressesOf } from '../../server/modules/accounts/addresses.js';
import type { appSettings, timeZones } from '../../server/modules/catalogue/app-settings.js';
import type { latestBid, listingBids, ownMaxBid, userBids } from '../../server/modules/auctions/bid-reads.js';
import type { placeBidInDb } from '../../server/modules/auctions/bidding.js';
import type { listCategories, listSubcategories } from '../../server/modules/catalogue/catalogue.js';
import type {
  chatMessages,
  markAsRead,
  postMessage,
  unreadCount,
  userChats,
} from '../../server/modules/conversations/chats.js';
import type { acceptOffer, declineOffer, listOffers, makeOffer } from '../../server/modules/orders/offers.js';
import type { buyNow } from '../../server/modules/orders/purchases.js';
import type { listOrders } from '../../server/modules/orders/order-history.js';
import type { enteredGiveaways, enterGiveaway } from '../../server/modules/auctions/giveaways.js';
import type { listListings } from '../../server/modules/listings/listing-reads.js';
import type { MarketListing } from '../../shared/contract/market/listings.js';
import type { retryPayment } from '../../server/modules/orders/orders.js';
import type { HomeSection, sectionListings, sectionUsers } from '../../server/modules/catalogue/public-sections.js';
import type { createListingsInBulk, publishDraftsInBulk } from '../../server/modules/listings/bulk-listings.js';
import type {
  incrementAuctionEndTime,
  listingEndTime,
  setListingEndTime,
} from '../../server/modules/listings/auction-schedule.js';
import type {
  createDraft,
  getDraft,
  listDrafts,
  MarketDraft,
  replaceDraft,
} from '../../server/modules/listings/drafts.js';
import type { attachListingVideo, listingVideoUploadUrl } from '../../server/modules/listings/listing-media.js';
import type { reportListing } from '../../server/modules/listings/listing-reports.js';
import type { shareListing } from '../../server/modules/listings/listing-share.js';
import type { priceGuidance } from '../../server/modules/listings/price-guidance.js';
import type { profilePictureUploadUrl, setProfilePicture } from '../../server/modules/accounts/profile-pictures.js';
import type {
  isSaved,
  saveListing,
  savedListings,
  unsaveListing,
} from '../../server/modules/listings/saved-listings.js';
import type { StoredMedia, UploadTarget } from '../../server/platform/media/media-storage.js';
import type { rateOrder, userRatings } from '../../server/modules/community/ratings.js';
import type { community, follow, isFollowing } from '../../server/modules/community/follows.js';
import type { createSupportRequest } from '../../server/modules/community/support.js';
import type { MarketUser } from '../../server/platform/auth/market-users.js';
import type {
  decideIdentityVerification,
  identityVerificationOf,
  startIdentityVerification,
} from '../../server/modules/payments/identity-verification.js';
import type { checkStock, paymentInfoOf, paymentsOf } from '../../server/modules/payments/payment-history.js';
import type {
  addCard,
  defaultCardOf,
  savedCardsOf,
  setDefaultCard,
} from '../../server/modules/payments/payment-methods.js';
import type {
  decideOnboarding,
  onboardingLinkFor,
  openPayoutAccount,
  payoutAccountOf,
  payoutReadinessOfUser,
} from '../../server/modules/payments/payout-accounts.js';
import type { applyStripeEvent } from '../../server/modules/payments/stripe-webhooks.js';
import type * as PaymentResponses from '../../shared/contract/market/payments.js';
import type * as Responses from '../../shared/contract/market/index.js';
import type * as AccountsContract from '../../shared/contract/market/accounts.js';
import type * as CommunityContract from '../../shared/contract/market/community.js';
import type * as OrderHistory from '../../shared/contract/market/index.js';
import type { uniqueBidAuctions } from '../../server/modules/auctions/bid-history.js';
import type {
  markNotificationsRead,
  markReadByTypes,
  notificationsOf,
  sendNewMessageNotification,
  unreadCountsByType,
} from '../../server/modules/notifications/notifications.js';
import type { orderHistory, publicOrderHistory, sellerOrder } from '../../server/modules/orders/order-history.js';
import type { pendingReviews, skipReviews } from '../../server/modules/orders/reviews.js';
import type { SellerOrder } from '../../server/modules/orders/index.js';
import type {
  bulkShippableBySeller,
  quoteShipping,
  requestShippingDocuments,
  shippingDocument,
  ShippingDocumentJob,
  shippingDocumentsOf,
  shippingManager,
  shippingOptions,
} from '../../server/modules/fulfilment/index.js';
import type { validateUsAddress } from '../../shared/rules/us-address.js';
import type * as Fulfilment from '../../shared/contract/market/fulfilment.js';
import type * as ListingTools from '../../shared/contract/market/listings.js';
import type * as Catalogue from '../../shared/contract/market/catalogue.js';
import { fakeIdentity } from './market-db.js';
import { useApp } from '../support/app-fixture.js';

/**
 * Operations of other route modules that still answer without a documented schema: each is to
 * get one in its own module, and then leaves this list (the test fails while it is still here).
 * Nothing may be added: a new route documents its answer.
 */
const NOT_YET_DOCUMENTED = new Set<string>([]);

interface Operation {
  tags?: string[];
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
type OpenApiDocument = { paths: Record<string, Record<string, Operation>> };

/** A 2xx answer with a schema, or a 204 (no body to describe). @fastify/swagger's placeholder has neither. */
const documentsSuccess = (operation: Operation) =>
  Object.entries(operation.responses ?? {}).some(
    ([status, response]) =>
      /^2\d\d$/.test(status) &&
      (status === '204' || Object.values(response.content ?? {}).some((media) => media.schema !== undefined)),
  );

/** Not the buyer/seller API: the admin API, the document itself, and the storage's raw bytes. */
const outOfScope = (path: string) =>
  path.startsWith('/v1/admin/') || path === '/v1/docs/json' || path.startsWith('/v1/uploads/');

describe('the market OpenAPI document', () => {
  let app: FastifyInstance;
  let document: OpenApiDocument;

  useApp({ identity: fakeIdentity }, async (opened) => {
    ({ app } = opened);
    const response = await app.inject({ method: 'GET', url: '/v1/docs/json' });
    expect(response.statusCode).toBe(200);
    document = response.json() as OpenApiDocument;
  });

  const operations = () =>
    Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/v1/') && !outOfScope(path))
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, operation })),
      );

  it('documents the success answer of every buyer/seller operation', () => {
    const all = operations();
    expect(all.length).toBeGreaterThan(150);
    const undocumented = all
      .filter(({ name, operation }) => !documentsSuccess(operation) && !NOT_YET_DOCUMENTED.has(name))
      .map(({ name }) => name);
    expect(undocumented).toEqual([]);
  });

  it('keeps no documented operation on the not-yet-documented list', () => {
    const nowDocumented = operations()
      .filter(({ name, operation }) => NOT_YET_DOCUMENTED.has(name) && documentsSuccess(operation))
      .map(({ name }) => name);
    expect(nowDocumented).toEqual([]);
  });

  it('shows what a client reads: nullable fields, ISO dates and the listing in its sections', () => {
    const schemaOf = (path: string, method: string, status: string) =>
      document.paths[path]?.[method]?.responses?.[status]?.content?.['application/json']?.schema as {
        properties: Record<string, { nullable?: boolean; format?: string; type?: string; properties?: unknown }>;
        required: string[];
      };
    const listing = schemaOf('/v1/listing/{id}', 'get', '200');
    expect(listing.required).toEqual(expect.arrayContaining(['id', 'price', 'endTime', 'user', 'shippingCost']));
    expect(listing.properties.price?.nullable).toBe(true);
    expect(listing.properties.endTime?.nullable).toBe(true);
    expect(listing.properties.createdAt?.format).toBe('date-time');
    expect(schemaOf('/v1/listing', 'post', '201').required).toEqual(listing.required);
    const items = schemaOf('/v1/public/listings/{section}', 'get', '200').properties.items as unknown as {
      items: { required: string[] };
    };
    expect(items.items.required).toEqual(listing.required);
  });
});

/**
 * Every field name at every depth (values aside): what the serializer keeps or drops. Leaves out
 * `countCapped`: the shared `{count, items}` schema has it for the admin lists (a searched admin
 * list stops counting at 10,000); a buyer/seller list always counts exactly and never sends it.
 */
type FieldsOf<T> = T extends readonly (infer Item)[]
  ? FieldsOf<Item>
  : T extends object
    ? { -readonly [K in keyof T as K extends 'countCapped' ? never : K]-?: FieldsOf<T[K]> }
    : never;
type Served<F extends (...args: never[]) => unknown> = FieldsOf<Awaited<ReturnType<F>>>;
const fieldsOf = <S extends z.ZodType>() => expectTypeOf<FieldsOf<z.output<S>>>();

// Checked by the type checker (scripts/typecheck.mjs): a field a service adds and its schema
// lacks, or the other way round, fails here rather than vanishing from the answer.
it('names exactly the fields each service returns', () => {
  fieldsOf<typeof AccountsContract.CallerDetails>().toEqualTypeOf<FieldsOf<MarketUser>>();
  fieldsOf<typeof Responses.BidReceipt>().toEqualTypeOf<Served<typeof placeBidInDb>>();
  fieldsOf<typeof Responses.ListingBids>().toEqualTypeOf<Served<typeof listingBids>>();
  fieldsOf<typeof Responses.AuctionStanding>().toEqualTypeOf<Served<typeof latestBid>>();
  fieldsOf<typeof Responses.OwnBids>().toEqualTypeOf<Served<typeof userBids>>();
  fieldsOf<typeof Responses.OwnMaxBid>().toEqualTypeOf<Served<typeof ownMaxBid>>();
  fieldsOf<typeof ListingTools.MarketListing>().toEqualTypeOf<FieldsOf<MarketListing>>();
  fieldsOf<typeof ListingTools.MarketListings>().toEqualTypeOf<Served<typeof listListings>>();
  fieldsOf<typeof ListingTools.MarketListings>().toEqualTypeOf<Served<typeof sectionListings>>();
  fieldsOf<typeof Responses.EnteredGiveaways>().toEqualTypeOf<Served<typeof enteredGiveaways>>();
  fieldsOf<typeof Responses.GiveawayEntry>().toEqualTypeOf<Served<typeof enterGiveaway>>();
  fieldsOf<typeof Responses.AuctionFeed>().toEqualTypeOf<FieldsOf<{ count: number; items: AuctionMessage[] }>>();
  fieldsOf<typeof Responses.PlacedOrder>().toEqualTypeOf<Served<typeof buyNow>>();
  fieldsOf<typeof Responses.PlacedOrder>().toEqualTypeOf<Served<typeof retryPayment>>();
  fieldsOf<typeof Responses.OrderSummaries>().toEqualTypeOf<Served<typeof listOrders>>();
  fieldsOf<typeof Fulfilment.Addresses>().toEqualTypeOf<Served<typeof addressesOf>>();
  fieldsOf<typeof Responses.SellerOrder>().toEqualTypeOf<FieldsOf<SellerOrder>>();
  fieldsOf<typeof Fulfilment.ShippingManager>().toEqualTypeOf<Served<typeof shippingManager>>();
  fieldsOf<typeof Responses.Offer>().toEqualTypeOf<Served<typeof makeOffer>>();
  fieldsOf<typeof Responses.Offer>().toEqualTypeOf<Served<typeof declineOffer>>();
  fieldsOf<typeof Responses.Offers>().toEqualTypeOf<Served<typeof listOffers>>();
  fieldsOf<typeof Responses.AcceptedOffer>().toEqualTypeOf<Served<typeof acceptOffer>>();
  fieldsOf<typeof Responses.Chats>().toEqualTypeOf<Served<typeof userChats>>();
  fieldsOf<typeof Responses.Chats>().toEqualTypeOf<FieldsOf<{ count: number; items: Chat[] }>>();
  fieldsOf<typeof Responses.UnreadCount>().toEqualTypeOf<Served<typeof unreadCount>>();
  fieldsOf<typeof Responses.SentMessage>().toEqualTypeOf<Served<typeof postMessage>>();
  fieldsOf<typeof Responses.ChatMessages>().toEqualTypeOf<Served<typeof chatMessages>>();
  fieldsOf<typeof Responses.MessagesMarkedRead>().toEqualTypeOf<Served<typeof markAsRead>>();
  fieldsOf<typeof CommunityContract.GivenRating>().toEqualTypeOf<Served<typeof rateOrder>>();
  fieldsOf<typeof CommunityContract.SellerRatings>().toEqualTypeOf<Served<typeof userRatings>>();
  fieldsOf<typeof CommunityContract.FollowState>().toEqualTypeOf<Served<typeof follow>>();
  fieldsOf<typeof CommunityContract.IsFollowing>().toEqualTypeOf<Served<typeof isFollowing>>();
  fieldsOf<typeof CommunityContract.Community>().toEqualTypeOf<Served<typeof community>>();
  fieldsOf<typeof CommunityContract.Notifications>().toEqualTypeOf<Served<typeof notificationsOf>>();
  fieldsOf<typeof CommunityContract.NotificationsMarkedRead>().toEqualTypeOf<Served<typeof markNotificationsRead>>();
  fieldsOf<typeof CommunityContract.SupportRequest>().toEqualTypeOf<Served<typeof createSupportRequest>>();
  fieldsOf<typeof Catalogue.CatalogueCategories>().toEqualTypeOf<Served<typeof listCategories>>();
  fieldsOf<typeof Catalogue.CatalogueSubcategories>().toEqualTypeOf<Served<typeof listSubcategories>>();
  fieldsOf<typeof Catalogue.PublicSellers>().toEqualTypeOf<Served<typeof sectionUsers>>();
  fieldsOf<typeof Catalogue.HomeSections>().toEqualTypeOf<
    FieldsOf<{ tab: string; count: number; items: HomeSection[] }>
  >();
  // The zones are a constant table: one object type per zone, so compare the fields they share.
  type TimeZone = Awaited<ReturnType<typeof timeZones>>['items'][number];
  fieldsOf<typeof Catalogue.TimeZones>().toEqualTypeOf<
    FieldsOf<{ count: number; items: Record<keyof TimeZone, string>[] }>
  >();
  fieldsOf<typeof Catalogue.AppSettings>().toEqualTypeOf<Served<typeof appSettings>>();
});

// The listing tools (listings/*-routes.ts, schemas in shared/contract/market/listings.ts), held to the same rule.
it('names exactly the fields each listing tool returns', () => {
  fieldsOf<typeof ListingTools.UploadTarget>().toEqualTypeOf<FieldsOf<UploadTarget>>();
  fieldsOf<typeof ListingTools.UploadTarget>().toEqualTypeOf<Served<typeof listingVideoUploadUrl>>();
  fieldsOf<typeof ListingTools.UploadTarget>().toEqualTypeOf<Served<typeof profilePictureUploadUrl>>();
  fieldsOf<typeof ListingTools.StoredUpload>().toEqualTypeOf<FieldsOf<StoredMedia>>();
  fieldsOf<typeof ListingTools.AttachedVideo>().toEqualTypeOf<Served<typeof attachListingVideo>>();
  fieldsOf<typeof ListingTools.ProfilePicture>().toEqualTypeOf<Served<typeof setProfilePicture>>();
  fieldsOf<typeof ListingTools.Draft>().toEqualTypeOf<FieldsOf<MarketDraft>>();
  fieldsOf<typeof ListingTools.Draft>().toEqualTypeOf<Served<typeof createDraft>>();
  fieldsOf<typeof ListingTools.Draft>().toEqualTypeOf<Served<typeof getDraft>>();
  fieldsOf<typeof ListingTools.Draft>().toEqualTypeOf<Served<typeof replaceDraft>>();
  fieldsOf<typeof ListingTools.Drafts>().toEqualTypeOf<Served<typeof listDrafts>>();
  fieldsOf<typeof ListingTools.MarketListings>().toEqualTypeOf<Served<typeof createListingsInBulk>>();
  fieldsOf<typeof ListingTools.MarketListings>().toEqualTypeOf<Served<typeof publishDraftsInBulk>>();
  fieldsOf<typeof ListingTools.MarketListings>().toEqualTypeOf<Served<typeof savedListings>>();
  fieldsOf<typeof ListingTools.SavedListing>().toEqualTypeOf<Served<typeof saveListing>>();
  fieldsOf<typeof ListingTools.SavedState>().toEqualTypeOf<Served<typeof isSaved>>();
  fieldsOf<typeof ListingTools.SavedState>().toEqualTypeOf<Served<typeof unsaveListing>>();
  fieldsOf<typeof ListingTools.ListingReport>().toEqualTypeOf<Served<typeof reportListing>>();
  fieldsOf<typeof ListingTools.PriceGuidance>().toEqualTypeOf<Served<typeof priceGuidance>>();
  fieldsOf<typeof ListingTools.ListingShare>().toEqualTypeOf<Served<typeof shareListing>>();
  fieldsOf<typeof ListingTools.ListingEndTime>().toEqualTypeOf<Served<typeof listingEndTime>>();
  fieldsOf<typeof ListingTools.ListingEndTime>().toEqualTypeOf<Served<typeof setListingEndTime>>();
  fieldsOf<typeof ListingTools.ListingEndTime>().toEqualTypeOf<Served<typeof incrementAuctionEndTime>>();
});

// The order history, reviews, shipping tools and notifications by type (order-history.ts, schemas
// in shared/contract/market/), held to the same rule.
it('names exactly the fields each order-history route returns', () => {
  fieldsOf<typeof OrderHistory.OrderHistory>().toEqualTypeOf<Served<typeof orderHistory>>();
  fieldsOf<typeof OrderHistory.PendingReviews>().toEqualTypeOf<Served<typeof pendingReviews>>();
  fieldsOf<typeof OrderHistory.SkippedReviews>().toEqualTypeOf<Served<typeof skipReviews>>();
  fieldsOf<typeof OrderHistory.PublicOrders>().toEqualTypeOf<Served<typeof publicOrderHistory>>();
  fieldsOf<typeof Responses.SellerOrder>().toEqualTypeOf<Served<typeof sellerOrder>>();
  fieldsOf<typeof Fulfilment.ShippingOptions>().toEqualTypeOf<Served<typeof shippingOptions>>();
  fieldsOf<typeof Fulfilment.AddressValidation>().toEqualTypeOf<Served<typeof validateUsAddress>>();
  fieldsOf<typeof Fulfilment.ShippingQuote>().toEqualTypeOf<Served<typeof quoteShipping>>();
  fieldsOf<typeof Fulfilment.ShippingDocumentJob>().toEqualTypeOf<FieldsOf<ShippingDocumentJob>>();
  fieldsOf<typeof Fulfilment.ShippingDocumentJob>().toEqualTypeOf<Served<typeof requestShippingDocuments>['job']>();
  fieldsOf<typeof Fulfilment.ShippingDocumentJob>().toEqualTypeOf<Served<typeof shippingDocument>>();
  fieldsOf<typeof Fulfilment.ShippingDocumentJobs>().toEqualTypeOf<Served<typeof shippingDocumentsOf>>();
  fieldsOf<typeof Fulfilment.BulkShippable>().toEqualTypeOf<Served<typeof bulkShippableBySeller>>();
  fieldsOf<typeof OrderHistory.UnreadCountsByType>().toEqualTypeOf<Served<typeof unreadCountsByType>>();
  fieldsOf<typeof OrderHistory.NotificationsMarkedByTypes>().toEqualTypeOf<Served<typeof markReadByTypes>>();
  fieldsOf<typeof OrderHistory.NewMessageNotification>().toEqualTypeOf<
    Served<typeof sendNewMessageNotification>['notification']
  >();
  fieldsOf<typeof OrderHistory.UniqueBidAuctions>().toEqualTypeOf<Served<typeof uniqueBidAuctions>>();
});

// Payments and payout accounts (payments.ts, stripe-webhook.ts; schemas in shared/contract/market/payments.ts).
it('names exactly the fields each payments service returns', () => {
  fieldsOf<typeof PaymentResponses.Payments>().toEqualTypeOf<Served<typeof paymentsOf>>();
  fieldsOf<typeof PaymentResponses.StockCheck>().toEqualTypeOf<Served<typeof checkStock>>();
  fieldsOf<typeof PaymentResponses.SavedCards>().toEqualTypeOf<Served<typeof savedCardsOf>>();
  fieldsOf<typeof PaymentResponses.SavedCard>().toEqualTypeOf<Served<typeof addCard>>();
  fieldsOf<typeof PaymentResponses.SavedCard>().toEqualTypeOf<Served<typeof setDefaultCard>>();
  fieldsOf<typeof PaymentResponses.DefaultPaymentMethod>().toEqualTypeOf<
    FieldsOf<{ paymentMethod: Awaited<ReturnType<typeof defaultCardOf>> }>
  >();
  fieldsOf<typeof PaymentResponses.PaymentInfo>().toEqualTypeOf<Served<typeof paymentInfoOf>>();
  fieldsOf<typeof PaymentResponses.IdentityVerification>().toEqualTypeOf<Served<typeof startIdentityVerification>>();
  fieldsOf<typeof PaymentResponses.IdentityVerification>().toEqualTypeOf<Served<typeof identityVerificationOf>>();
  fieldsOf<typeof PaymentResponses.IdentityVerification>().toEqualTypeOf<Served<typeof decideIdentityVerification>>();
  fieldsOf<typeof PaymentResponses.PayoutAccount>().toEqualTypeOf<Served<typeof openPayoutAccount>['account']>();
  fieldsOf<typeof PaymentResponses.PayoutAccount>().toEqualTypeOf<Served<typeof payoutAccountOf>>();
  fieldsOf<typeof PaymentResponses.PayoutAccount>().toEqualTypeOf<Served<typeof decideOnboarding>>();
  fieldsOf<typeof PaymentResponses.PayoutReadinessOfUser>().toEqualTypeOf<Served<typeof payoutReadinessOfUser>>();
  fieldsOf<typeof PaymentResponses.OnboardingLink>().toEqualTypeOf<Served<typeof onboardingLinkFor>>();
  fieldsOf<typeof PaymentResponses.StripeWebhookReceipt>().toEqualTypeOf<
    FieldsOf<{ received: true; outcome: Awaited<ReturnType<typeof applyStripeEvent>> }>
  >();
});
