// Demo rows for the contract tests: shaped by the shared entity types, so a contract change
// breaks these tests at compile time rather than silently.
import type {
  AdminListing,
  AdminUser,
  AuctionMessage,
  Chat,
  ChatMessage,
  Rating,
  SoldListing,
  Statistics,
  Subcategory,
} from '../../../shared/contract/entities.js';
import { reviewDemoCases } from './review-demo-data.js';

const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n, 10, 30)).toISOString();
const profile = (i: number) => ({ id: `u${i}`, userName: `user${i}`, avatar: null });

export function demoData() {
  const users: AdminUser[] = Array.from({ length: 23 }, (_, i) => ({
    id: `u${i}`,
    userName: `user${i}`,
    email: `user${i}@example.com`,
    avatar: null,
    createdAt: day(i),
    stripeCustomerId: i % 2 ? `cus_${i}` : null,
    stripeUserId: i % 3 === 0 ? `acct_${i}` : null,
    paymentFailedStrikes: i % 4,
    amountSpent: i * 10.5,
    amountSold: i * 3,
    sellerEnabled: i % 6 === 0,
    pendingRequest:
      i === 3
        ? {
            id: 'req3',
            description: 'I sell vintage cameras',
            createdAt: day(3),
            instagramLink: 'https://instagram.com/user3',
            tikTokLink: null,
            otherProfileLink: null,
          }
        : null,
    sellerFee: 7,
    sellerLevel: (['new', 'standard', 'belowStandard', 'top'] as const)[i % 4]!,
    shippingInfo:
      i === 0
        ? [
            {
              id: 'a0',
              firstName: 'Ada',
              lastName: 'Lovelace',
              addressLineOne: '1 Main St',
              addressLineTwo: null,
              city: 'Austin',
              state: 'TX',
              zipCode: '73301',
              country: 'United States',
              countryCode: 'US',
              phoneNumber: '+15125550100',
              type: 'DEFAULT',
              createdAt: day(0),
            },
          ]
        : [],
    featured: false,
    countryCode: null,
    phoneNumber: null,
    enforcement: null,
    blocked: i === 5 ? { blockId: 'b5', severity: 'trade', reason: 'Same card as a banned ring' } : null,
  }));

  const listings: AdminListing[] = Array.from({ length: 14 }, (_, i) => {
    const listingType = (['auction', 'default', 'giveaway'] as const)[i % 3]!;
    return {
      id: `l${i}`,
      title: `Listing ${i}`,
      description:
        i === 0
          ? 'A very long description that certainly goes past the fifty character limit of the table'
          : `Short ${i}`,
      listingType,
      inStock: listingType === 'auction' ? 1 : 5,
      startingBid: listingType === 'giveaway' ? null : 20 + i,
      bid: listingType === 'auction' ? 30 + i : null,
      featured: false,
      createdAt: day(i),
      endTime: listingType === 'auction' ? String(Date.UTC(2026, 5, 1, 21)) : null,
      video: i === 0 ? 'https://videos.example.com/l0.mp4' : null,
      massUnit: 'oz',
      weight: 12,
      width: 4,
      height: 4,
      length: 6,
      user: { id: 'u1', userName: 'user1', email: 'user1@example.com' },
      hold: null,
    };
  });

  const sold: SoldListing[] = Array.from({ length: 4 }, (_, i) => ({
    id: `o${i}`,
    listing: {
      id: `sl${i}`,
      title: `Sold item ${i}`,
      description: 'Sold',
      listingType: 'default',
      video: null,
      createdAt: day(i),
    },
    seller: { id: 'u1', userName: 'user1', email: 'user1@example.com' },
    user: { id: 'u2', userName: 'user2', email: 'user2@example.com' },
    createdAt: day(i + 1),
    price: 50,
    shippingPrice: 5.5,
    status: 'PAYMENT_CONFIRMED',
    trackingCode: i === 0 ? '9400100000000000000000' : null,
    payoutStatus: i === 0 ? 'succeeded' : i === 1 ? 'failed' : null,
    transactions: [
      { id: `t${i}`, type: 'order_payment', status: 'succeeded', amount: 55.5, refundReason: null, refundDate: null },
    ],
    // The orders with a payout status had their payout released; the others wait for delivery.
    payout:
      i <= 1
        ? { status: 'released', amount: 52, releasedAt: day(i + 2), releasesAt: null }
        : { status: 'pending', amount: 52, releasedAt: null, releasesAt: null },
    payoutHold: null,
    chargeId: `pi_demo_${i}`,
  }));

  const subcategories: Subcategory[] = [
    { id: 's1', title: 'Cameras', minPackageWeightInOz: 12, category: { id: 'c1', title: 'Electronics' } },
    { id: 's2', title: 'Sneakers', minPackageWeightInOz: 24.5, category: { id: 'c2', title: 'Fashion' } },
  ];

  const ratings: Rating[] = [
    { id: 'r1', buyer: profile(2), seller: profile(1), createdAt: day(2), rate: 5, experience: 'Great', orderId: 'o0' },
    { id: 'r2', buyer: null, seller: profile(1), createdAt: day(3), rate: null, experience: null, orderId: null },
  ];

  const auctionMessages: AuctionMessage[] = [
    {
      id: 'am1',
      type: 'bid',
      amount: 31,
      text: null,
      createdAt: day(5),
      user: profile(2),
      listing: { id: 'l0', title: 'Listing 0', user: profile(1) },
    },
    {
      id: 'am2',
      type: 'text',
      amount: null,
      text: 'Is it still available?',
      createdAt: day(4),
      user: profile(4),
      listing: { id: 'l0', title: 'Listing 0', user: profile(1) },
    },
    {
      id: 'am3',
      type: 'giveawayEntry',
      amount: null,
      text: null,
      createdAt: day(3),
      user: profile(5),
      listing: { id: 'l2', title: 'Listing 2', user: profile(1) },
    },
  ];

  const chats: Chat[] = [
    { id: 'c1', user: profile(1), otherUser: profile(2), updatedAt: day(6), lastMessage: 'See you', blockedUser: null },
    {
      id: 'c2',
      user: profile(3),
      otherUser: profile(4),
      updatedAt: day(5),
      lastMessage: null,
      blockedUser: profile(4),
    },
  ];

  const messages: ChatMessage[] = Array.from({ length: 12 }, (_, i) => ({
    id: `m${i}`,
    user: profile(1),
    otherUser: profile(2),
    createdAt: day(20 - i),
    message: `Message ${i}`,
    isSeen: i % 2 === 0,
  }));

  const statistics: Statistics = {
    numberOfUsers: users.length,
    numberOfUniqueBidders: 4,
    newSignUpsPast24Hours: users
      .slice(0, 7)
      .map((u) => ({ id: u.id, userName: u.userName, avatar: null, createdAt: u.createdAt })),
    newBiddersPast24Hours: [],
  };

  const reviewCases = reviewDemoCases();

  return { users, listings, sold, subcategories, ratings, auctionMessages, chats, messages, statistics, reviewCases };
}
export type DemoData = ReturnType<typeof demoData>;
