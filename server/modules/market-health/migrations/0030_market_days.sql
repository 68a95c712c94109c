-- Market health: the daily (UTC) counters the dashboard charts read (GET /admin/metrics/market),
-- kept by triggers in the same transaction as the write that changes them, so a year of days is
-- read from a few thousand small rows and never by scanning the base tables per request.
--
-- What each counter means (ARCHITECTURE.md, "Market health"; market_days_recount() below is the
-- definition the triggers keep and the property test recounts):
--   gmv_cents       succeeded order payments, on the payment's day, of orders neither cancelled
--                   nor deleted (a cancel or a delete takes the sale out of its day's GMV)
--   orders          orders placed that day, neither cancelled nor deleted
--   bids            bids placed that day
--   new_users       accounts created that day, not guests and not deleted
--   new_listings    listings created that day, not drafts and not deleted
--   refunds_cents   succeeded refunds (admin and bundled shipping), on the refund's day, whatever
--                   became of the order since (money that went back stays gone)
--   cases_opened    review cases opened that day
--   cases_resolved  review cases resolved that day (a reopened case leaves its day)
--
-- A day is up to 16 shard rows, one per backend pid modulo 16 (as list_totals, 0017): with one
-- row per day every bid of the day would wait on the same row lock until the other commits.
CREATE TABLE market_days (
  day date NOT NULL,
  shard smallint NOT NULL,
  gmv_cents bigint NOT NULL DEFAULT 0,
  orders bigint NOT NULL DEFAULT 0,
  bids bigint NOT NULL DEFAULT 0,
  new_users bigint NOT NULL DEFAULT 0,
  new_listings bigint NOT NULL DEFAULT 0,
  refunds_cents bigint NOT NULL DEFAULT 0,
  cases_opened bigint NOT NULL DEFAULT 0,
  cases_resolved bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (day, shard)
);

-- Adds `delta` to one counter of one day (nothing for a zero or a row without a day).
CREATE FUNCTION add_to_market_day(counter text, on_day date, delta bigint) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF on_day IS NULL OR coalesce(delta, 0) = 0 THEN RETURN; END IF;
  EXECUTE format(
    'INSERT INTO market_days AS t (day, shard, %1$I) VALUES ($1, (pg_backend_pid() %% 16)::smallint, $2)
     ON CONFLICT (day, shard) DO UPDATE SET %1$I = t.%1$I + excluded.%1$I', counter)
  USING on_day, delta;
END
$$;

-- Statement triggers on INSERT, DELETE (and UPDATE where rows change rarely): a COPY of a
-- million rows adds one statement per day, not a million. TG_ARGV: the counter, the row's
-- timestamp that names its day, the condition a counted row meets, what it adds.
CREATE FUNCTION count_market_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  per_day text := format(
    'INSERT INTO market_days AS t (day, shard, %1$I)
       SELECT (r.%2$I AT TIME ZONE ''UTC'')::date, (pg_backend_pid() %%%% 16)::smallint, %%s sum(%4$s)
         FROM %%I r WHERE %3$s AND r.%2$I IS NOT NULL GROUP BY 1 ORDER BY 1
     ON CONFLICT (day, shard) DO UPDATE SET %1$I = t.%1$I + excluded.%1$I',
    TG_ARGV[0], TG_ARGV[1], TG_ARGV[2], TG_ARGV[3]);
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN EXECUTE format(per_day, '-', 'old_rows'); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN EXECUTE format(per_day, '', 'new_rows'); END IF;
  RETURN NULL;
END
$$;

-- Row triggers on UPDATE, fired only (WHEN) when a row's contribution may change: the bid path
-- updates its listing on every bid and must not pay for a count each time.
CREATE FUNCTION move_market_row() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  contribution text := format(
    'SELECT (r.%1$I AT TIME ZONE ''UTC'')::date, CASE WHEN %2$s THEN (%3$s)::bigint ELSE 0 END FROM (SELECT ($1).*) r',
    TG_ARGV[1], TG_ARGV[2], TG_ARGV[3]);
  was_day date;
  was bigint;
  now_day date;
  now_is bigint;
BEGIN
  EXECUTE contribution INTO was_day, was USING OLD;
  EXECUTE contribution INTO now_day, now_is USING NEW;
  IF was_day IS DISTINCT FROM now_day OR was IS DISTINCT FROM now_is THEN
    -- Days in order, as every statement here takes them: two writers on one shard never wait on
    -- each other's days crosswise.
    IF was_day > now_day THEN
      PERFORM add_to_market_day(TG_ARGV[0], now_day, now_is);
      PERFORM add_to_market_day(TG_ARGV[0], was_day, -was);
    ELSE
      PERFORM add_to_market_day(TG_ARGV[0], was_day, -was);
      PERFORM add_to_market_day(TG_ARGV[0], now_day, now_is);
    END IF;
  END IF;
  RETURN NULL;
END
$$;

-- TRUNCATE empties the counters a table feeds.
CREATE FUNCTION forget_market_counters() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  counter text;
BEGIN
  FOREACH counter IN ARRAY TG_ARGV LOOP
    EXECUTE format('UPDATE market_days SET %1$I = 0 WHERE %1$I <> 0', counter);
  END LOOP;
  RETURN NULL;
END
$$;

-- Bids: the hot path, so its own function with a plan PostgreSQL keeps (no dynamic SQL).
CREATE FUNCTION count_market_bids() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO market_days AS t (day, shard, bids)
    SELECT (created_at AT TIME ZONE 'UTC')::date, (pg_backend_pid() % 16)::smallint, count(*) FROM new_rows GROUP BY 1 ORDER BY 1
    ON CONFLICT (day, shard) DO UPDATE SET bids = t.bids + excluded.bids;
  ELSE
    INSERT INTO market_days AS t (day, shard, bids)
    SELECT (created_at AT TIME ZONE 'UTC')::date, (pg_backend_pid() % 16)::smallint, -count(*) FROM old_rows GROUP BY 1 ORDER BY 1
    ON CONFLICT (day, shard) DO UPDATE SET bids = t.bids + excluded.bids;
  END IF;
  RETURN NULL;
END
$$;

-- Order payments count toward GMV while their order is neither cancelled nor deleted.
CREATE FUNCTION count_market_payments() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  per_day text := 'INSERT INTO market_days AS t (day, shard, gmv_cents)
       SELECT (p.created_at AT TIME ZONE ''UTC'')::date, (pg_backend_pid() %% 16)::smallint, %s sum(p.amount_cents)
         FROM %I p JOIN orders o ON o.id = p.order_id
        WHERE p.type = ''order_payment'' AND p.status = ''succeeded''
          AND o.deleted_at IS NULL AND o.status <> ''cancelled''
        GROUP BY 1 ORDER BY 1
     ON CONFLICT (day, shard) DO UPDATE SET gmv_cents = t.gmv_cents + excluded.gmv_cents';
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN EXECUTE format(per_day, '-', 'old_rows'); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN EXECUTE format(per_day, '', 'new_rows'); END IF;
  RETURN NULL;
END
$$;

-- An order cancelled or deleted (or back) takes its payments out of (or into) their days' GMV.
CREATE FUNCTION move_order_payments() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  was boolean := OLD.deleted_at IS NULL AND OLD.status <> 'cancelled';
  now_is boolean := NEW.deleted_at IS NULL AND NEW.status <> 'cancelled';
BEGIN
  IF was = now_is THEN RETURN NULL; END IF;
  INSERT INTO market_days AS t (day, shard, gmv_cents)
  SELECT (p.created_at AT TIME ZONE 'UTC')::date, (pg_backend_pid() % 16)::smallint,
         CASE WHEN now_is THEN 1 ELSE -1 END * sum(p.amount_cents)
    FROM transactions p
   WHERE p.order_id = NEW.id AND p.type = 'order_payment' AND p.status = 'succeeded'
   GROUP BY 1 ORDER BY 1
  ON CONFLICT (day, shard) DO UPDATE SET gmv_cents = t.gmv_cents + excluded.gmv_cents;
  RETURN NULL;
END
$$;

CREATE TRIGGER users_market_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_market_rows('new_users', 'created_at', 'r.deleted_at IS NULL AND NOT r.is_guest', '1');
CREATE TRIGGER users_market_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_market_rows('new_users', 'created_at', 'r.deleted_at IS NULL AND NOT r.is_guest', '1');
CREATE TRIGGER users_market_update AFTER UPDATE ON users FOR EACH ROW
  WHEN ((old.deleted_at IS NULL AND NOT old.is_guest) IS DISTINCT FROM (new.deleted_at IS NULL AND NOT new.is_guest)
        OR old.created_at IS DISTINCT FROM new.created_at)
  EXECUTE FUNCTION move_market_row('new_users', 'created_at', 'r.deleted_at IS NULL AND NOT r.is_guest', '1');
CREATE TRIGGER users_market_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION forget_market_counters('new_users');

CREATE TRIGGER listings_market_insert AFTER INSERT ON listings REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_market_rows('new_listings', 'created_at', 'r.deleted_at IS NULL AND r.status <> ''draft''', '1');
CREATE TRIGGER listings_market_delete AFTER DELETE ON listings REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_market_rows('new_listings', 'created_at', 'r.deleted_at IS NULL AND r.status <> ''draft''', '1');
CREATE TRIGGER listings_market_update AFTER UPDATE ON listings FOR EACH ROW
  WHEN ((old.deleted_at IS NULL AND old.status <> 'draft') IS DISTINCT FROM (new.deleted_at IS NULL AND new.status <> 'draft')
        OR old.created_at IS DISTINCT FROM new.created_at)
  EXECUTE FUNCTION move_market_row('new_listings', 'created_at', 'r.deleted_at IS NULL AND r.status <> ''draft''', '1');
CREATE TRIGGER listings_market_truncate AFTER TRUNCATE ON listings
  FOR EACH STATEMENT EXECUTE FUNCTION forget_market_counters('new_listings');

CREATE TRIGGER bids_market_insert AFTER INSERT ON bids REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_market_bids();
CREATE TRIGGER bids_market_delete AFTER DELETE ON bids REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_market_bids();
CREATE TRIGGER bids_market_update AFTER UPDATE ON bids FOR EACH ROW
  WHEN (old.created_at IS DISTINCT FROM new.created_at)
  EXECUTE FUNCTION move_market_row('bids', 'created_at', 'true', '1');
CREATE TRIGGER bids_market_truncate AFTER TRUNCATE ON bids
  FOR EACH STATEMENT EXECUTE FUNCTION forget_market_counters('bids');

CREATE TRIGGER orders_market_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_market_rows('orders', 'created_at', 'r.deleted_at IS NULL AND r.status <> ''cancelled''', '1');
CREATE TRIGGER orders_market_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_market_rows('orders', 'created_at', 'r.deleted_at IS NULL AND r.status <> ''cancelled''', '1');
CREATE TRIGGER orders_market_update AFTER UPDATE ON orders FOR EACH ROW
  WHEN ((old.deleted_at IS NULL AND old.status <> 'cancelled') IS DISTINCT FROM (new.deleted_at IS NULL AND new.status <> 'cancelled')
        OR old.created_at IS DISTINCT FROM new.created_at)
  EXECUTE FUNCTION move_market_row('orders', 'created_at', 'r.deleted_at IS NULL AND r.status <> ''cancelled''', '1');
CREATE TRIGGER orders_market_payments AFTER UPDATE ON orders FOR EACH ROW
  WHEN ((old.deleted_at IS NULL AND old.status <> 'cancelled') IS DISTINCT FROM (new.deleted_at IS NULL AND new.status <> 'cancelled'))
  EXECUTE FUNCTION move_order_payments();
CREATE TRIGGER orders_market_truncate AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION forget_market_counters('orders', 'gmv_cents');

CREATE TRIGGER transactions_market_insert AFTER INSERT ON transactions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_market_payments();
CREATE TRIGGER transactions_market_delete AFTER DELETE ON transactions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_market_payments();
CREATE TRIGGER transactions_market_update AFTER UPDATE ON transactions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_market_payments();
CREATE TRIGGER transactions_refunds_insert AFTER INSERT ON transactions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_market_rows('refunds_cents', 'created_at',
    'r.type IN (''admin_refund'', ''bundled_shipping_refund'') AND r.status = ''succeeded''', 'r.amount_cents');
CREATE TRIGGER transactions_refunds_delete AFTER DELETE ON transactions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_market_rows('refunds_cents', 'created_at',
    'r.type IN (''admin_refund'', ''bundled_shipping_refund'') AND r.status = ''succeeded''', 'r.amount_cents');
CREATE TRIGGER transactions_refunds_update AFTER UPDATE ON transactions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_market_rows('refunds_cents', 'created_at',
    'r.type IN (''admin_refund'', ''bundled_shipping_refund'') AND r.status = ''succeeded''', 'r.amount_cents');
CREATE TRIGGER transactions_market_truncate AFTER TRUNCATE ON transactions
  FOR EACH STATEMENT EXECUTE FUNCTION forget_market_counters('gmv_cents', 'refunds_cents');

CREATE TRIGGER review_cases_opened_insert AFTER INSERT ON review_cases REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_market_rows('cases_opened', 'created_at', 'true', '1');
CREATE TRIGGER review_cases_opened_delete AFTER DELETE ON review_cases REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_market_rows('cases_opened', 'created_at', 'true', '1');
CREATE TRIGGER review_cases_opened_update AFTER UPDATE ON review_cases FOR EACH ROW
  WHEN (old.created_at IS DISTINCT FROM new.created_at)
  EXECUTE FUNCTION move_market_row('cases_opened', 'created_at', 'true', '1');
CREATE TRIGGER review_cases_resolved_insert AFTER INSERT ON review_cases REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_market_rows('cases_resolved', 'resolved_at', 'r.status = ''resolved''', '1');
CREATE TRIGGER review_cases_resolved_delete AFTER DELETE ON review_cases REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_market_rows('cases_resolved', 'resolved_at', 'r.status = ''resolved''', '1');
CREATE TRIGGER review_cases_resolved_update AFTER UPDATE ON review_cases FOR EACH ROW
  WHEN ((old.status = 'resolved') IS DISTINCT FROM (new.status = 'resolved')
        OR old.resolved_at IS DISTINCT FROM new.resolved_at)
  EXECUTE FUNCTION move_market_row('cases_resolved', 'resolved_at', 'r.status = ''resolved''', '1');
CREATE TRIGGER review_cases_market_truncate AFTER TRUNCATE ON review_cases
  FOR EACH STATEMENT EXECUTE FUNCTION forget_market_counters('cases_opened', 'cases_resolved');

-- Every counter recounted from the base tables, one row per day that has anything: the
-- definition the triggers keep, the backfill of an existing database and the property test's
-- recount.
CREATE FUNCTION market_days_recount()
RETURNS TABLE (day date, gmv_cents bigint, orders bigint, bids bigint, new_users bigint, new_listings bigint,
               refunds_cents bigint, cases_opened bigint, cases_resolved bigint)
LANGUAGE sql STABLE AS $$
  SELECT d.day, sum(d.gmv)::bigint, sum(d.orders)::bigint, sum(d.bids)::bigint, sum(d.users)::bigint,
         sum(d.listings)::bigint, sum(d.refunds)::bigint, sum(d.opened)::bigint, sum(d.resolved)::bigint
    FROM (
      SELECT (p.created_at AT TIME ZONE 'UTC')::date AS day, p.amount_cents AS gmv, 0 AS orders, 0 AS bids,
             0 AS users, 0 AS listings, 0 AS refunds, 0 AS opened, 0 AS resolved
        FROM transactions p JOIN orders o ON o.id = p.order_id
       WHERE p.type = 'order_payment' AND p.status = 'succeeded' AND o.deleted_at IS NULL AND o.status <> 'cancelled'
      UNION ALL
      SELECT (created_at AT TIME ZONE 'UTC')::date, 0, 1, 0, 0, 0, 0, 0, 0
        FROM orders WHERE deleted_at IS NULL AND status <> 'cancelled'
      UNION ALL
      SELECT (created_at AT TIME ZONE 'UTC')::date, 0, 0, 1, 0, 0, 0, 0, 0 FROM bids
      UNION ALL
      SELECT (created_at AT TIME ZONE 'UTC')::date, 0, 0, 0, 1, 0, 0, 0, 0
        FROM users WHERE deleted_at IS NULL AND NOT is_guest
      UNION ALL
      SELECT (created_at AT TIME ZONE 'UTC')::date, 0, 0, 0, 0, 1, 0, 0, 0
        FROM listings WHERE deleted_at IS NULL AND status <> 'draft'
      UNION ALL
      SELECT (created_at AT TIME ZONE 'UTC')::date, 0, 0, 0, 0, 0, amount_cents, 0, 0
        FROM transactions
       WHERE type IN ('admin_refund', 'bundled_shipping_refund') AND status = 'succeeded'
      UNION ALL
      SELECT (created_at AT TIME ZONE 'UTC')::date, 0, 0, 0, 0, 0, 0, 1, 0 FROM review_cases
      UNION ALL
      SELECT (resolved_at AT TIME ZONE 'UTC')::date, 0, 0, 0, 0, 0, 0, 0, 1
        FROM review_cases WHERE status = 'resolved' AND resolved_at IS NOT NULL
    ) d
   GROUP BY d.day
$$;

-- The backfill: what an existing database already holds, and what a bulk load that ran with the
-- triggers disabled (the seeder's) calls when it is done.
CREATE FUNCTION recount_market_days() RETURNS void
LANGUAGE sql AS $$
  DELETE FROM market_days;
  INSERT INTO market_days (day, shard, gmv_cents, orders, bids, new_users, new_listings, refunds_cents,
                           cases_opened, cases_resolved)
  SELECT day, 0, gmv_cents, orders, bids, new_users, new_listings, refunds_cents, cases_opened, cases_resolved
    FROM market_days_recount();
$$;
SELECT recount_market_days();
