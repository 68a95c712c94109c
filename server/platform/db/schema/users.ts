// Accounts: users, their addresses, seller requests, phone verification, push devices and
// contact-us messages (migrations 0001, 0005, 0009).
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, cents, columnCheck, createdAt, fkey, updatedAt, uniqueKey, uuidId } from './columns.js';

export const users = pgTable(
  'users',
  {
    id: uuidId(),
    firebaseId: text('firebase_id'),
    userName: text('user_name'),
    email: text('email').notNull(),
    avatar: text('avatar'),
    countryCode: text('country_code'),
    phoneNumber: text('phone_number'),
    sellerEnabled: boolean('seller_enabled').notNull().default(false),
    sellerFee: integer('seller_fee').notNull().default(7),
    featured: boolean('featured').notNull().default(false),
    paymentFailedStrikes: integer('payment_failed_strikes').notNull().default(0),
    stripeCustomerId: text('stripe_customer_id'),
    stripeUserId: text('stripe_user_id'),
    amountSpentCents: cents('amount_spent_cents').notNull().default(0),
    amountSoldCents: cents('amount_sold_cents').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: at('deleted_at'),
    // 0005: the profile fields, phone verification and the badge.
    firstName: text('first_name'),
    lastName: text('last_name'),
    timezone: text('timezone'),
    profileDescription: text('profile_description'),
    acceptedTermsAt: at('accepted_terms_at'),
    phoneVerifiedAt: at('phone_verified_at'),
    badgeResetAt: at('badge_reset_at'),
    // 0009: an anonymous sign-in the app marked a guest.
    isGuest: boolean('is_guest').notNull().default(false),
    // 0024: enforcement in effect until these instants (a ban is 'infinity').
    sellingSuspendedUntil: at('selling_suspended_until'),
    suspendedUntil: at('suspended_until'),
    // 0102: the seller's level as last settled (seller standing), for the Users list.
    sellerLevel: text('seller_level', { enum: ['new', 'belowStandard', 'standard', 'top'] })
      .notNull()
      .default('new'),
    sellerLevelChangedAt: at('seller_level_changed_at'),
  },
  (t) => [
    uniqueKey('users', t.firebaseId),
    columnCheck('users', 'seller_fee', sql`seller_fee BETWEEN 0 AND 100`),
    uniqueIndex('users_user_name_key')
      .on(sql`lower(user_name)`)
      .where(sql`deleted_at IS NULL`),
    uniqueIndex('users_email_key')
      .on(sql`lower(email)`)
      .where(sql`deleted_at IS NULL`),
    index('users_created_at_idx')
      .on(t.createdAt, t.id)
      .where(sql`deleted_at IS NULL`),
    index('users_user_name_sort_idx').on(t.userName, t.id),
    index('users_email_sort_idx').on(t.email, t.id),
    columnCheck('users', 'seller_level', sql`seller_level IN ('new', 'belowStandard', 'standard', 'top')`),
    index('users_seller_level_idx').on(t.sellerLevel, t.id),
    index('users_search_names').on(t.id, t.userName, t.email),
    // 0071: the users list walked for a common term, index only (user-admin.ts `SEARCHED_TEXT`).
    index('users_live_searched_text_idx')
      .on(t.createdAt, t.id, t.userName, t.email, sql`lower(coalesce(user_name, '') || E'\\n' || email)`)
      .where(sql`deleted_at IS NULL`),
    index('users_user_name_trgm').using('gin', t.userName.op('gin_trgm_ops')),
    index('users_email_trgm').using('gin', t.email.op('gin_trgm_ops')),
    index('users_user_name_short').using('gin', sql`(short_grams(user_name) COLLATE "C")`),
    index('users_email_short').using('gin', sql`(short_grams(email) COLLATE "C")`),
    uniqueIndex('users_verified_phone_key')
      .on(t.phoneNumber)
      .where(sql`phone_verified_at IS NOT NULL AND deleted_at IS NULL`),
    // 0050: a ring's hops (linked-accounts.ts).
    index('users_canonical_email_idx')
      .on(sql`canonical_email(email)`)
      .where(sql`deleted_at IS NULL`),
    index('users_phone_number_idx')
      .on(t.phoneNumber)
      .where(sql`phone_number IS NOT NULL`),
    index('users_stripe_user_id_idx')
      .on(t.stripeUserId)
      .where(sql`stripe_user_id IS NOT NULL`),
    // 0110: a domain block's preview (blocks/preview.ts), the domain and its subdomains as a prefix.
    index('users_email_domain_reversed_idx').on(sql`reverse(lower(split_part(email, '@', -1))) text_pattern_ops`),
  ],
);

export const addresses = pgTable(
  'addresses',
  {
    id: uuidId(),
    userId: text('user_id').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    addressLineOne: text('address_line_one').notNull(),
    addressLineTwo: text('address_line_two'),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zipCode: text('zip_code').notNull(),
    country: text('country').notNull(),
    countryCode: text('country_code'),
    phoneNumber: text('phone_number'),
    type: text('type', { enum: ['DEFAULT', 'RETURN_ADDRESS'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    fkey('addresses', t.userId, users.id),
    columnCheck('addresses', 'type', sql`type IN ('DEFAULT', 'RETURN_ADDRESS')`),
    index('addresses_user_type_idx').on(t.userId, t.type, t.createdAt.desc().nullsFirst()),
    index('addresses_line_zip_idx').on(t.zipCode, sql`lower(btrim(address_line_one))`),
    index('addresses_phone_number_idx')
      .on(t.phoneNumber)
      .where(sql`phone_number IS NOT NULL`),
  ],
);

export const sellerRequests = pgTable(
  'seller_requests',
  {
    id: uuidId(),
    userId: text('user_id').notNull(),
    description: text('description').notNull(),
    instagramLink: text('instagram_link'),
    tikTokLink: text('tik_tok_link'),
    otherProfileLink: text('other_profile_link'),
    status: text('status', { enum: ['PENDING', 'APPROVED', 'REJECTED'] })
      .notNull()
      .default('PENDING'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    fkey('seller_requests', t.userId, users.id),
    columnCheck('seller_requests', 'status', sql`status IN ('PENDING', 'APPROVED', 'REJECTED')`),
    index('seller_requests_user_idx')
      .on(t.userId, t.createdAt.desc().nullsFirst())
      .where(sql`status = 'PENDING'`),
    // At most one request waits for an admin per user.
    uniqueIndex('seller_requests_one_pending_key')
      .on(t.userId)
      .where(sql`status = 'PENDING'`),
  ],
);

/** The code last sent to a number the user is changing to; only its hash is kept. */
export const phoneVerifications = pgTable(
  'phone_verifications',
  {
    userId: text('user_id').primaryKey(),
    phoneNumber: text('phone_number').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    sends: integer('sends').notNull().default(1),
    sentAt: at('sent_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [fkey('phone_verifications', t.userId, users.id)],
);

/**
 * A push token is one device: signing in with another account moves it there (push goes to the
 * current holder alone; `deviceTokenHolders` remembers every holder).
 */
export const deviceTokens = pgTable(
  'device_tokens',
  {
    token: text('token').primaryKey(),
    userId: text('user_id').notNull(),
    platform: text('platform', { enum: ['ios', 'android', 'web'] }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    fkey('device_tokens', t.userId, users.id),
    columnCheck('device_tokens', 'platform', sql`platform IN ('ios', 'android', 'web')`),
    index('device_tokens_user_idx').on(t.userId),
  ],
);

/**
 * Every account a device token was registered by (migration 0082): the device-token link reads it,
 * so a token two accounts used links them whoever holds it now.
 */
export const deviceTokenHolders = pgTable(
  'device_token_holders',
  {
    token: text('token').notNull(),
    userId: text('user_id').notNull(),
    firstSeenAt: at('first_seen_at').notNull().defaultNow(),
    lastSeenAt: at('last_seen_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'device_token_holders_pkey', columns: [t.token, t.userId] }),
    fkey('device_token_holders', t.userId, users.id),
    index('device_token_holders_user_idx').on(t.userId, t.token),
  ],
);

/** The app's "Contact us" messages, signed in or not. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuidId(),
    userId: text('user_id'),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject'),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [fkey('contact_messages', t.userId, users.id), index('contact_messages_created_idx').on(t.createdAt)],
);

export type UserRecord = typeof users.$inferSelect;
export type AddressRecord = typeof addresses.$inferSelect;
export type SellerRequestRecord = typeof sellerRequests.$inferSelect;
export type PhoneVerificationRecord = typeof phoneVerifications.$inferSelect;
export type DeviceTokenRecord = typeof deviceTokens.$inferSelect;
export type DeviceTokenHolderRecord = typeof deviceTokenHolders.$inferSelect;
export type ContactMessageRecord = typeof contactMessages.$inferSelect;
