// The buyer/seller API's accounts area: the caller, their account and public profile, devices,
// phone verification and selling (what server/modules/accounts answers and accepts).
import { z } from 'zod';
import { ANSWER_ITEMS_MAX, PATH_PARAMETER_MAX, storedLine, storedText, storedUrl } from '../answer-limits.js';
import { Address, id, isoDate, listResponse, PendingRequest, usd } from '../entities.js';
import { IDENTITY_STATUSES, USER_REQUEST_STATUSES } from '../enums.js';
import { usPhoneE164 } from '../../rules/us-phone.js';
import { freeText, singleLineText, withoutControlCharacters } from '../text.js';
import { UserName } from '../../rules/user-name.js';
import { AddressBody } from '../address.js';
import { US_TIME_ZONES } from '../time-zones.js';

// ── The caller and their account ──

/** `GET /user/my-details`: the marketplace user behind the token (the full account is `GET /user`). */
export const CallerDetails = z.object({
  id,
  firebaseId: storedLine(),
  email: storedLine(),
  userName: storedLine().nullable(),
  /** The token carries the admin claim. */
  admin: z.boolean(),
});

/** Section 3's "User (buyer/seller application default shape)", as far as this API knows it. */
export const AccountUser = z.object({
  id,
  firebaseId: storedLine().nullable(),
  email: storedLine(),
  userName: storedLine().nullable(),
  firstName: storedLine().nullable(),
  lastName: storedLine().nullable(),
  avatar: storedUrl().nullable(),
  timezone: storedLine().nullable(),
  countryCode: storedLine().nullable(),
  phoneNumber: storedLine().nullable(),
  isPhoneVerified: z.boolean(),
  stripeCustomerId: storedLine().nullable(),
  stripeUserId: storedLine().nullable(),
  /** Identity verification (payments area): null until the user starts one. */
  stripeIdentityStatus: z.enum(IDENTITY_STATUSES).nullable(),
  sellerEnabled: z.boolean(),
  sellerFee: z.number().int(),
  profileDescription: storedText().nullable(),
  acceptedTerms: z.boolean(),
  /** Marked by the app (POST /user/guest) until registration. */
  isGuest: z.boolean(),
  avgRate: z.number().nullable(),
  totalRatings: z.number().int().nonnegative(),
  /** What the user's leading bids on running auctions add up to. */
  bidAmount: usd,
  /** The address of each type in use: the newest DEFAULT and the newest RETURN_ADDRESS. */
  shippingInfo: z.array(Address).max(ANSWER_ITEMS_MAX),
  pendingRequest: PendingRequest.nullable(),
  /** Unread notifications since the badge was last reset. */
  badgeCount: z.number().int().nonnegative(),
  createdAt: isoDate,
});
export type AccountUser = z.infer<typeof AccountUser>;

/** A user as anybody may see them: no email, phone, payment or account details. */
export const PublicProfile = z.object({
  id,
  userName: storedLine().nullable(),
  avatar: storedUrl().nullable(),
  profileDescription: storedText().nullable(),
  sellerEnabled: z.boolean(),
  avgRate: z.number().nullable(),
  totalRatings: z.number().int().nonnegative(),
  createdAt: isoDate,
});
export type PublicProfile = z.infer<typeof PublicProfile>;

const TIME_ZONE_IDS = US_TIME_ZONES.map((zone) => zone.id) as [string, ...string[]];
const personName = singleLineText().trim().min(1).max(100);

export const RegisterBody = z.strictObject({
  userName: UserName,
  firstName: personName,
  lastName: personName,
  timezone: z.enum(TIME_ZONE_IDS).optional(),
  acceptedTerms: z.literal(true, 'must be true: an account needs the terms accepted'),
});
export type RegisterBody = z.infer<typeof RegisterBody>;

export const ProfileBody = z
  .strictObject({
    userName: UserName.optional(),
    firstName: personName.optional(),
    lastName: personName.optional(),
    timezone: z.enum(TIME_ZONE_IDS).optional(),
    /** null clears it. */
    profileDescription: freeText().trim().max(500).nullable().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'must change at least one field');
export type ProfileBody = z.infer<typeof ProfileBody>;

/** `POST /user/check-username`. */
export const UserNameBody = z.strictObject({ userName: UserName });
/** `GET /user/email/{email}`. */
/**
 * An email in a path: Fastify refuses any path parameter over 100 characters (414, its
 * `maxParamLength`) before the schema runs, so that is the limit the document states.
 */
export const EmailParams = z.object({ email: withoutControlCharacters(z.email().max(PATH_PARAMETER_MAX)) });
/** Whether a user name or email is taken. */
export const Exists = z.object({ exists: z.boolean() });

// ── Phone number ──

export const UpdatePhoneBody = z.strictObject({
  phoneNumber: singleLineText()
    .max(40)
    .transform((input, context) => {
      const e164 = usPhoneE164(input);
      if (e164 === null) {
        context.addIssue({ code: 'custom', message: 'must be a US phone number, e.g. (512) 555-0143' });
        return z.NEVER;
      }
      return e164;
    }),
});

/** The one-time code's length: the app's code input has this many boxes. */
export const PHONE_CODE_DIGITS = 6;

export const VerifyPhoneBody = z.strictObject({
  code: z
    .string()
    .trim()
    .max(PHONE_CODE_DIGITS)
    .regex(new RegExp(`^\\d{${PHONE_CODE_DIGITS}}$`), `must be the ${PHONE_CODE_DIGITS}-digit code`),
});

/** What the app shows after a code went out. */
export const CodeSent = z.object({
  /** Masked: the full number is the user's own input. */
  sentTo: storedLine(),
  expiresAt: isoDate,
  /** When "Resend code" may be used. */
  resendAfter: isoDate,
});
export type CodeSent = z.infer<typeof CodeSent>;

// ── Devices ──

export const DEVICE_PLATFORMS = ['ios', 'android', 'web'] as const;
export type DevicePlatform = (typeof DEVICE_PLATFORMS)[number];
export const DeviceTokenBody = z.strictObject({
  token: singleLineText().trim().min(1).max(4096),
  platform: z.enum(DEVICE_PLATFORMS),
});
/** `DELETE /user/device-token`: the token alone. */
export const DeviceTokenRemoval = z.strictObject({ token: DeviceTokenBody.shape.token });
export const DeviceToken = DeviceTokenBody.extend({ registeredAt: isoDate });
export const BadgeReset = z.object({ badgeCount: z.number().int().nonnegative(), resetAt: isoDate });

// ── Selling ──

export const SellerRequest = PendingRequest.extend({ status: z.enum(USER_REQUEST_STATUSES) });
export type SellerRequest = z.infer<typeof SellerRequest>;
export const SellerRequests = listResponse(SellerRequest);

export const SellerStanding = z.object({
  /** The admin's words: 'Pending request', 'Accepted', 'Disabled seller', 'Not a seller'. */
  sellerStatus: z.enum(['Pending request', 'Accepted', 'Disabled seller', 'Not a seller']),
  sellerEnabled: z.boolean(),
  sellerFee: z.number().int(),
  hasPayoutAccount: z.boolean(),
  pendingRequest: PendingRequest.nullable(),
  /** Where the seller's parcels ship from; a label needs it. */
  returnAddress: Address.nullable(),
});

/** A new return address: an address whose type the route sets. */
export const ReturnAddressBody = AddressBody.omit({ type: true });
/** Where the seller's parcels ship from: the newest RETURN_ADDRESS. */
export const SellerReturnAddress = z.object({ returnAddress: Address.nullable() });
