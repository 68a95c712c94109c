// The buyer/seller API's payments area: the buyer's payments, the stock check, saved cards (the
// provider's card object and what we know of it), the payment summary, identity
// verification sessions, the seller's payout account and its readiness, the onboarding link, and
// the webhook's receipt (what server/modules/payments answers and accepts). The serializer checks
// every answer against its schema and drops fields a schema leaves out, so each names exactly what
// its service returns. Provider ids appear only to their owner; no secret (API key, client secret,
// signing secret) is ever part of an answer.
import { z } from 'zod';
import { ANSWER_ITEMS_MAX, storedLine, storedText, storedUrl } from '../answer-limits.js';
import { id, isoDate, listResponse, usd } from '../entities.js';
import { IDENTITY_STATUSES, LISTING_TYPES, ORDER_STATUSES, TRANSACTION_STATUSES } from '../enums.js';
import { freeText, withoutControlCharacters } from '../text.js';

const count = z.number().int().nonnegative();

/** How a saved card is funded, as the provider says (anything else reads `unknown`). */
export const CARD_FUNDINGS = ['credit', 'debit', 'prepaid', 'unknown'] as const;
export type CardFunding = (typeof CARD_FUNDINGS)[number];

/** What applying a Stripe event did; `duplicate` when its id was applied before. */
export const STRIPE_EVENT_OUTCOMES = [
  'duplicate',
  'identityRecorded',
  'unknownVerificationSession',
  'payoutAccountNoted',
  'unknownPayoutAccount',
  // A charge.dispute.* event: kept on its order's dispute, or on a charge no order of ours knows.
  'disputeRecorded',
  'unknownCharge',
  'ignored',
] as const;
export type StripeEventOutcome = (typeof STRIPE_EVENT_OUTCOMES)[number];

// ── Requests ──

/** A provider's id or test token: letters, digits and underscores (tok_visa, pm_1Abc…, pm_card_visa). */
const providerId = z
  .string()
  .trim()
  .min(4)
  .max(255)
  .regex(/^[A-Za-z0-9_]+$/, 'must be a payment provider id such as tok_visa or pm_…');
export const CardParams = z.strictObject({ id: providerId });
export const AddCardBody = z.strictObject({
  /** A card token (`tok_…`) or payment-method id (`pm_…`) from the provider's client SDK. */
  token: providerId,
});
export const DefaultCardBody = z.strictObject({ paymentMethodId: providerId });
/** Where the provider sends the user back: only web addresses (Stripe refuses app schemes). */
const webUrl = withoutControlCharacters(z.url({ protocol: /^https?$/ }).max(2000));
export const VerificationBody = z.strictObject({ returnUrl: webUrl.optional() });
export const AccountLinkBody = z.strictObject({ returnUrl: webUrl, refreshUrl: webUrl });
export const StockQuery = z.strictObject({
  listingId: id,
  quantity: z.coerce.number().int().min(1).max(100).default(1),
});
export const SessionParams = z.strictObject({ id: providerId });
export const VerificationDecision = z.discriminatedUnion('status', [
  z.strictObject({ status: z.literal('Verified') }),
  z.strictObject({ status: z.literal('Failed'), reason: freeText().trim().min(1).max(500) }),
]);
export const OnboardingDecision = z.strictObject({ outcome: z.enum(['completed', 'incomplete']) });

// ── The buyer's payments and the check before paying ──

/** `GET /payments`: the buyer's order payments (failed attempts too), newest first. */
export const Payments = listResponse(
  z.object({
    id,
    type: z.literal('order_payment'),
    status: z.enum(TRANSACTION_STATUSES),
    amount: usd,
    createdAt: isoDate,
    order: z.object({ id, status: z.enum(ORDER_STATUSES), price: usd, shippingPrice: usd }),
    listing: z.object({ id, title: storedLine(), listingType: z.enum(LISTING_TYPES) }),
  }),
);

/** `GET /payments/stock`: the quantity can be bought now, at this cost (409 when it cannot). */
export const StockCheck = z.object({
  listingId: id,
  title: storedLine(),
  quantity: z.number().int().positive(),
  inStock: count,
  unitPrice: usd,
  /** unitPrice × quantity. */
  price: usd,
  /** Once per order, and 0 unless the buyer pays shipping. */
  shippingPrice: usd,
  total: usd,
});

// ── Saved cards ──

const nullableText = storedText().nullable();

/** The provider's billing details of a card; every field may be null. */
export const BillingDetails = z.object({
  name: nullableText,
  email: nullableText,
  phone: nullableText,
  address: z
    .object({
      line1: nullableText,
      line2: nullableText,
      city: nullableText,
      state: nullableText,
      postal_code: nullableText,
      country: nullableText,
    })
    .nullable(),
});

/** A saved card: the provider's card object (never more than the last four digits) and what we know of it. */
export const SavedCard = z.object({
  /** The provider's payment-method id (pm_…): what `PATCH /payments/stripe/payment-method` and `DELETE /payments/card/{id}` take. */
  id: storedLine(),
  brand: storedLine(),
  last4: storedLine().regex(/^\d{4}$/),
  exp_month: z.number().int().min(1).max(12),
  exp_year: z.number().int(),
  funding: z.enum(CARD_FUNDINGS),
  billing_details: BillingDetails,
  /** The card charges use. */
  isDefault: z.boolean(),
  /** Past the last day of its expiry month: it cannot pay. */
  expired: z.boolean(),
  /** 'Visa •••• 4242' */
  label: storedLine(),
  /** '04/27' */
  expiry: storedText(),
});
export const SavedCards = listResponse(SavedCard);
/** `GET /payments/stripe/payment-method`: the card charges use, or null. */
export const DefaultPaymentMethod = z.object({ paymentMethod: SavedCard.nullable() });

// ── Identity verification ──

/** A verification session; `url` (where to submit documents) only in the answer that started it. */
export const IdentityVerification = z.object({
  id: storedLine(),
  status: z.enum(IDENTITY_STATUSES),
  failureReason: nullableText,
  url: nullableText,
  createdAt: isoDate,
  updatedAt: isoDate,
});

// ── The seller's payout (connected) account ──

const PayoutReadiness = z.object({
  hasPayoutAccount: z.boolean(),
  /** The provider accepts charges for them and pays their balance out. */
  canBePaid: z.boolean(),
  /** An enabled seller who can be paid. */
  canSell: z.boolean(),
});

/** The caller's payout account as the provider reports it now, with what that lets them do. */
export const PayoutAccount = z
  .object({
    /** The connected account's id at the provider. */
    stripeUserId: storedLine(),
    detailsSubmitted: z.boolean(),
    chargesEnabled: z.boolean(),
    payoutsEnabled: z.boolean(),
    /** What the provider still needs before it pays them. */
    requirementsDue: z.array(storedText()).max(ANSWER_ITEMS_MAX).readonly(),
  })
  .extend(PayoutReadiness.shape);

/** `GET /payments/stripe/connected/{id}`: anyone's readiness to be paid and to sell, without ids. */
export const PayoutReadinessOfUser = z.object({ userId: id, sellerEnabled: z.boolean() }).extend(PayoutReadiness.shape);

/** `POST /payments/stripe/account-link`: the provider's short-lived onboarding page. */
export const OnboardingLink = z.object({ stripeUserId: storedLine(), url: storedUrl(), expiresAt: isoDate });

/** `GET /payments/stripe/payment-info`: the caller's own payment summary. */
export const PaymentInfo = z.object({
  stripeCustomerId: nullableText,
  defaultPaymentMethod: SavedCard.nullable(),
  paymentMethodCount: count,
  /** Verified once any session is, else the newest session's status; null when none was started. */
  stripeIdentityStatus: z.enum(IDENTITY_STATUSES).nullable(),
  stripeUserId: nullableText,
  payoutAccount: PayoutAccount.nullable(),
});

// ── Stripe's webhook ──

/** The receipt Stripe gets for a verified event, and what applying it did. */
export const StripeWebhookReceipt = z.object({
  received: z.literal(true),
  outcome: z.enum(STRIPE_EVENT_OUTCOMES),
});
