-- The whole marketplace. Ids are text UUIDs, money is integer cents,
-- times are timestamptz, and rows the admin deletes keep living with deleted_at set.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE users (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  firebase_id text UNIQUE,
  user_name text,
  email text NOT NULL,
  avatar text,
  country_code text,
  phone_number text,
  seller_enabled boolean NOT NULL DEFAULT false,
  seller_fee integer NOT NULL DEFAULT 7 CHECK (seller_fee BETWEEN 0 AND 100),
  featured boolean NOT NULL DEFAULT false,
  payment_failed_strikes integer NOT NULL DEFAULT 0,
  stripe_customer_id text,
  stripe_user_id text,
  amount_spent_cents bigint NOT NULL DEFAULT 0,
  amount_sold_cents bigint NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE UNIQUE INDEX users_user_name_key ON users (lower(user_name)) WHERE deleted_at IS NULL;
CREATE UNIQUE INDEX users_email_key ON users (lower(email)) WHERE deleted_at IS NULL;
CREATE INDEX users_created_at_idx ON users (created_at);
CREATE INDEX users_user_name_sort_idx ON users (user_name);
CREATE INDEX users_email_sort_idx ON users (email);
CREATE INDEX users_user_name_trgm ON users USING gin (user_name gin_trgm_ops);
CREATE INDEX users_email_trgm ON users USING gin (email gin_trgm_ops);

CREATE TABLE addresses (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  user_id text NOT NULL REFERENCES users (id),
  first_name text NOT NULL,
  last_name text NOT NULL,
  address_line_one text NOT NULL,
  address_line_two text,
  city text NOT NULL,
  state text NOT NULL,
  zip_code text NOT NULL,
  country text NOT NULL,
  country_code text,
  phone_number text,
  type text NOT NULL CHECK (type IN ('DEFAULT', 'RETURN_ADDRESS')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX addresses_user_type_idx ON addresses (user_id, type, created_at DESC);

CREATE TABLE seller_requests (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  user_id text NOT NULL REFERENCES users (id),
  description text NOT NULL,
  instagram_link text,
  tik_tok_link text,
  other_profile_link text,
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'APPROVED', 'REJECTED')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX seller_requests_user_idx ON seller_requests (user_id, created_at DESC) WHERE status = 'PENDING';

CREATE TABLE categories (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  title text NOT NULL,
  is_active boolean NOT NULL DEFAULT true,
  sort integer NOT NULL DEFAULT 0,
  image text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE subcategories (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  category_id text NOT NULL REFERENCES categories (id),
  title text NOT NULL,
  is_active boolean NOT NULL DEFAULT true,
  sort integer NOT NULL DEFAULT 0,
  image text,
  min_package_weight_in_oz double precision NOT NULL DEFAULT 12 CHECK (min_package_weight_in_oz > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX subcategories_weight_idx ON subcategories (min_package_weight_in_oz);
CREATE INDEX subcategories_title_trgm ON subcategories USING gin (title gin_trgm_ops);

CREATE TABLE listings (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  user_id text NOT NULL REFERENCES users (id),
  subcategory_id text REFERENCES subcategories (id),
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  listing_type text NOT NULL CHECK (listing_type IN ('default', 'auction', 'giveaway')),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'draft', 'auction_ended', 'sold')),
  in_stock integer NOT NULL DEFAULT 1 CHECK (in_stock >= 0),
  price_cents bigint,
  starting_bid_cents bigint,
  bid_cents bigint,
  featured boolean NOT NULL DEFAULT false,
  end_time timestamptz,
  video text,
  shipping_type text NOT NULL DEFAULT 'seller_pays',
  shipping_price_cents bigint NOT NULL DEFAULT 0,
  mass_unit text NOT NULL DEFAULT 'oz' CHECK (mass_unit IN ('lbs', 'oz')),
  weight integer NOT NULL DEFAULT 12,
  width integer NOT NULL DEFAULT 0,
  height integer NOT NULL DEFAULT 0,
  length integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX listings_active_created_idx ON listings (created_at) WHERE deleted_at IS NULL AND status = 'active';
CREATE INDEX listings_title_idx ON listings (title);
CREATE INDEX listings_type_idx ON listings (listing_type);
CREATE INDEX listings_in_stock_idx ON listings (in_stock);
CREATE INDEX listings_starting_bid_idx ON listings (starting_bid_cents);
CREATE INDEX listings_user_idx ON listings (user_id);
CREATE INDEX listings_title_trgm ON listings USING gin (title gin_trgm_ops);
CREATE INDEX listings_description_trgm ON listings USING gin (description gin_trgm_ops);

CREATE TABLE bids (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  listing_id text NOT NULL REFERENCES listings (id),
  user_id text NOT NULL REFERENCES users (id),
  amount_cents bigint NOT NULL,
  max_bid_cents bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX bids_listing_idx ON bids (listing_id, amount_cents DESC);
CREATE INDEX bids_user_created_idx ON bids (user_id, created_at);
CREATE INDEX bids_created_idx ON bids (created_at);

CREATE TABLE giveaway_entries (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  listing_id text NOT NULL REFERENCES listings (id),
  user_id text NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (listing_id, user_id)
);

CREATE TABLE auction_messages (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  listing_id text NOT NULL REFERENCES listings (id),
  user_id text NOT NULL REFERENCES users (id),
  type text NOT NULL CHECK (type IN ('bid', 'text', 'giveawayEntry', 'giveawayWinner')),
  amount_cents bigint,
  text text,
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX auction_messages_created_idx ON auction_messages (created_at) WHERE deleted_at IS NULL;
CREATE INDEX auction_messages_listing_idx ON auction_messages (listing_id, created_at);
CREATE INDEX auction_messages_user_idx ON auction_messages (user_id);
CREATE INDEX auction_messages_text_trgm ON auction_messages USING gin (text gin_trgm_ops);

CREATE TABLE offers (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  listing_id text NOT NULL REFERENCES listings (id),
  buyer_id text NOT NULL REFERENCES users (id),
  amount_cents bigint NOT NULL,
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'ACCEPTED', 'DECLINED', 'EXPIRED')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX offers_listing_idx ON offers (listing_id);

CREATE TABLE orders (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  listing_id text NOT NULL REFERENCES listings (id),
  seller_id text NOT NULL REFERENCES users (id),
  buyer_id text NOT NULL REFERENCES users (id),
  price_cents bigint NOT NULL CHECK (price_cents >= 0),
  shipping_price_cents bigint NOT NULL DEFAULT 0 CHECK (shipping_price_cents >= 0),
  status text NOT NULL DEFAULT 'Pending',
  tracking_code text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX orders_created_idx ON orders (created_at) WHERE deleted_at IS NULL;
CREATE INDEX orders_price_idx ON orders (price_cents);
CREATE INDEX orders_shipping_price_idx ON orders (shipping_price_cents);
CREATE INDEX orders_status_idx ON orders (status);
CREATE INDEX orders_listing_idx ON orders (listing_id);
CREATE INDEX orders_buyer_idx ON orders (buyer_id);
CREATE INDEX orders_seller_idx ON orders (seller_id);
CREATE INDEX orders_tracking_code_trgm ON orders USING gin (tracking_code gin_trgm_ops);

CREATE TABLE transactions (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  order_id text NOT NULL REFERENCES orders (id),
  type text NOT NULL CHECK (type IN ('order_payment', 'admin_refund', 'bundled_shipping_refund', 'order_payout')),
  status text NOT NULL CHECK (status IN ('succeeded', 'failed', 'refunded')),
  amount_cents bigint NOT NULL CHECK (amount_cents >= 0),
  refund_reason text,
  refund_date timestamptz,
  external_id text,
  idempotency_key text,
  admin_uid text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX transactions_order_idx ON transactions (order_id, created_at);
CREATE UNIQUE INDEX transactions_idempotency_key ON transactions (order_id, idempotency_key)
  WHERE idempotency_key IS NOT NULL;

CREATE TABLE ratings (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  order_id text REFERENCES orders (id),
  buyer_id text REFERENCES users (id),
  seller_id text REFERENCES users (id),
  rate integer CHECK (rate BETWEEN 1 AND 5),
  experience text,
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX ratings_created_idx ON ratings (created_at) WHERE deleted_at IS NULL;
CREATE INDEX ratings_rate_idx ON ratings (rate);
CREATE INDEX ratings_experience_idx ON ratings (experience);
CREATE INDEX ratings_order_idx ON ratings (order_id);
CREATE INDEX ratings_experience_trgm ON ratings USING gin (experience gin_trgm_ops);

CREATE TABLE chats (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  user_id text NOT NULL REFERENCES users (id),
  other_user_id text NOT NULL REFERENCES users (id),
  blocked_user_id text REFERENCES users (id),
  last_message text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX chats_updated_idx ON chats (updated_at) WHERE deleted_at IS NULL;
CREATE INDEX chats_created_idx ON chats (created_at);
CREATE INDEX chats_user_idx ON chats (user_id);
CREATE INDEX chats_other_user_idx ON chats (other_user_id);

CREATE TABLE chat_messages (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  chat_id text NOT NULL REFERENCES chats (id),
  user_id text NOT NULL REFERENCES users (id),
  message text NOT NULL,
  is_seen boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX chat_messages_created_idx ON chat_messages (created_at) WHERE deleted_at IS NULL;
CREATE INDEX chat_messages_chat_idx ON chat_messages (chat_id, created_at);
CREATE INDEX chat_messages_message_trgm ON chat_messages USING gin (message gin_trgm_ops);

CREATE TABLE follows (
  follower_id text NOT NULL REFERENCES users (id),
  following_id text NOT NULL REFERENCES users (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (follower_id, following_id)
);

CREATE TABLE notifications (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  user_id text NOT NULL REFERENCES users (id),
  type text NOT NULL,
  title text NOT NULL,
  body text,
  data jsonb,
  read_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notifications_user_idx ON notifications (user_id, created_at DESC);

-- Who did what to which record, and what it looked like before and after.
CREATE TABLE admin_actions (
  id text PRIMARY KEY DEFAULT gen_random_uuid()::text,
  admin_uid text NOT NULL,
  admin_email text,
  action text NOT NULL,
  record_type text NOT NULL,
  record_id text NOT NULL,
  before jsonb,
  after jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX admin_actions_record_idx ON admin_actions (record_type, record_id, created_at);
