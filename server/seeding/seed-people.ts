// The seeder's people and catalogue: categories and subcategories, then the users, streamed with
// their addresses and seller requests. What later topics need of a user (an enabled seller? a
// buyer? their fee, the words of their names) stays behind in the context's typed arrays, never
// the rows themselves.
import { CATEGORIES, FIRST, LAST, THINGS } from './seed-words.js';
import { KIND, timesOf, type SeedContext } from './seed-context.js';
import type { SeedTable } from './seed-sink.js';

const CATEGORY_TABLE: SeedTable = { name: 'categories', columns: ['id', 'title', 'sort', 'created_at'] };
const SUBCATEGORY_TABLE: SeedTable = {
  name: 'subcategories',
  columns: ['id', 'category_id', 'title', 'sort', 'min_package_weight_in_oz', 'created_at'],
};
const USER_TABLE: SeedTable = {
  name: 'users',
  columns: [
    'id',
    'user_name',
    'email',
    'avatar',
    'country_code',
    'phone_number',
    'seller_enabled',
    'seller_fee',
    'featured',
    'payment_failed_strikes',
    'stripe_customer_id',
    'stripe_user_id',
    'created_at',
  ],
};
const ADDRESS_TABLE: SeedTable = {
  name: 'addresses',
  columns: [
    'id',
    'user_id',
    'first_name',
    'last_name',
    'address_line_one',
    'address_line_two',
    'city',
    'state',
    'zip_code',
    'country',
    'country_code',
    'phone_number',
    'type',
    'created_at',
  ],
};
const SELLER_REQUEST_TABLE: SeedTable = {
  name: 'seller_requests',
  columns: [
    'id',
    'user_id',
    'description',
    'instagram_link',
    'tik_tok_link',
    'other_profile_link',
    'status',
    'created_at',
  ],
};

export async function seedCatalogue(context: SeedContext): Promise<void> {
  const random = context.randomFor(KIND.category);
  let sort = 0;
  for (const [title, subtitles] of Object.entries(CATEGORIES)) {
    const categoryId = context.nextId(KIND.category);
    await context.sink.row(CATEGORY_TABLE, [categoryId, title, sort++, new Date(context.now)]);
    for (const [subSort, subtitle] of subtitles.entries()) {
      const id = context.nextId(KIND.subcategory);
      context.subcategoryIds.push(id);
      const weight = random.pick([4, 8, 12, 12, 16, 24]);
      await context.sink.row(SUBCATEGORY_TABLE, [id, categoryId, subtitle, subSort, weight, new Date(context.now)]);
    }
  }
}

/** The FIRST and LAST words, lowered as names have them: once, not in every row that names a user. */
const FIRST_LOWERED = FIRST.map((word) => word.toLowerCase());
const LAST_LOWERED = LAST.map((word) => word.toLowerCase());
/** The FIRST and LAST words drawn for a user (`seedUsers`), lowered. */
const firstWord = (context: SeedContext, user: number) => FIRST_LOWERED[context.userFirst[user]!]!;
const lastWord = (context: SeedContext, user: number) => LAST_LOWERED[context.userLast[user]!]!;

/**
 * A user's user name and email: their users row and every row that keeps their names for its
 * search are written by these.
 */
export const userName = (context: SeedContext, user: number): string =>
  `${firstWord(context, user)}_${lastWord(context, user)}${user}`;
export const userEmail = (context: SeedContext, user: number): string =>
  `${firstWord(context, user)}.${lastWord(context, user)}${user}@example.test`;

/** Every user, with their addresses and any pending seller request. */
export async function seedUsers(context: SeedContext): Promise<void> {
  const random = context.randomFor(KIND.user);
  const { recentOr } = timesOf(random, context.now);
  const sellers: number[] = [];
  const buyers: number[] = [];
  for (let i = 0; i < context.users; i++) {
    // The draws `pick` would make, kept as indexes: the names are rebuilt from them wherever a
    // row names this user.
    context.userFirst[i] = random.int(0, FIRST.length - 1);
    context.userLast[i] = random.int(0, LAST.length - 1);
    const seller = random.chance(0.3);
    const id = context.nextId(KIND.user);
    const name = userName(context, i);
    const phoneNumber = random.chance(0.6) ? `+1555${String(1000000 + i).slice(-7)}` : null;
    const sellerEnabled = seller && random.chance(0.85);
    const sellerFee = seller ? random.pick([7, 7, 7, 5, 10, 12]) : 7;
    const createdAt = recentOr(400);
    await context.sink.row(USER_TABLE, [
      id,
      name,
      userEmail(context, i),
      random.chance(0.7) ? `https://i.pravatar.cc/150?u=${i}` : null,
      'US',
      phoneNumber,
      sellerEnabled,
      sellerFee,
      seller && random.chance(0.15),
      random.chance(0.1) ? random.int(1, 3) : 0,
      random.chance(0.8) ? `cus_${random.uuid().slice(0, 14)}` : null,
      seller ? `acct_${random.uuid().slice(0, 16)}` : null,
      createdAt,
    ]);
    context.sellerEnabled[i] = sellerEnabled ? 1 : 0;
    context.sellerFee[i] = sellerFee;
    // Only an enabled seller sells (server/modules/accounts/selling.ts); a disabled one keeps a
    // payout account and a return address, and lists nothing.
    if (sellerEnabled) sellers.push(i);
    if (!seller || random.chance(0.3)) buyers.push(i);

    const address = async (type: 'DEFAULT' | 'RETURN_ADDRESS', secondsLater: number) =>
      context.sink.row(ADDRESS_TABLE, [
        context.nextId(KIND.address),
        id,
        firstWord(context, i),
        'Doe',
        `${random.int(1, 9999)} ${random.pick(['Oak', 'Pine', 'Main', 'Elm'])} St`,
        random.chance(0.3) ? `Apt ${random.int(1, 40)}` : null,
        random.pick(['Austin', 'Denver', 'Portland', 'Boston', 'Miami']),
        random.pick(['TX', 'CO', 'OR', 'MA', 'FL']),
        String(random.int(10000, 99999)),
        'US',
        'US',
        phoneNumber,
        type,
        new Date(createdAt.getTime() + secondsLater * 1000),
      ]);
    if (random.chance(0.6)) {
      await address('DEFAULT', 1);
      if (random.chance(0.2)) await address('DEFAULT', 2);
    }
    if (seller) await address('RETURN_ADDRESS', 3);
    if (!sellerEnabled && random.chance(0.12)) {
      await context.sink.row(SELLER_REQUEST_TABLE, [
        context.nextId(KIND.sellerRequest),
        id,
        `I sell ${random.pick(THINGS).toLowerCase()}s and would like to open a shop.`,
        random.chance(0.5) ? `https://instagram.com/${name}` : null,
        random.chance(0.3) ? `https://tiktok.com/@${name}` : null,
        null,
        'PENDING',
        recentOr(30),
      ]);
    }
  }
  context.sellers = Int32Array.from(sellers);
  context.buyers = Int32Array.from(buyers);
}
