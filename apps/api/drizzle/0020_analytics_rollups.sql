CREATE TABLE "analytics_cohort_days" (
	"shop_id" integer NOT NULL,
	"day" date NOT NULL,
	"tier_id" integer NOT NULL,
	"size" integer NOT NULL,
	"m1" integer NOT NULL,
	"m2" integer NOT NULL,
	"m3" integer NOT NULL,
	"m4" integer NOT NULL,
	"m5" integer NOT NULL,
	"m6" integer NOT NULL,
	"m7" integer NOT NULL,
	"m8" integer NOT NULL,
	"m9" integer NOT NULL,
	"m10" integer NOT NULL,
	"m11" integer NOT NULL,
	"m12" integer NOT NULL,
	CONSTRAINT "analytics_cohort_days_shop_id_day_tier_id_pk" PRIMARY KEY("shop_id","day","tier_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_cohort_members" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"first_start" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"tier_id" integer NOT NULL,
	"active" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics_cohort_days" ADD CONSTRAINT "analytics_cohort_days_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_cohort_members" ADD CONSTRAINT "analytics_cohort_members_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_cohort_members_shop_idx" ON "analytics_cohort_members" USING btree ("shop_id","first_start");--> statement-breakpoint
CREATE INDEX "customer_memberships_customer_start_idx" ON "customer_memberships" USING btree ("customer_id","start_date");--> statement-breakpoint
-- hand-written: retention cohorts (issue 19) read per-day sums instead of every member.
-- analytics_cohort_members holds each customer's cohort facts (first start, its local day, the
-- first membership's first tier, and a bit per month k = 1 … 12: a member of any tier at
-- monthsAfter(first start, k), the engine's month step: UTC calendar months, the day clamped
-- to the month's end, the time of day kept, from the start truncated to milliseconds). They
-- are a function of the customer's memberships and price changes alone, so a change to either
-- recomputes the customers it touches, and analytics_cohort_days takes the old facts out and
-- the new ones in with increments.
-- Concurrency: the recomputation first holds each involved shop's advisory lock in shared mode
-- (a time zone change takes it exclusively, see below), then locks the customers' rows of
-- analytics_cohort_members in id order; a customer without one gets a placeholder (active
-- -1) that the same call replaces or removes, so placeholders are never committed. A second
-- writer of the same customer waits for the first to commit and then, as each statement of
-- the function reads the latest committed data, sees both changes. These locks are only ever
-- taken here, after the writer's own, so they add no lock-order cycle with the application's.
-- (IN (SELECT unnest(ids)) rather than = ANY(ids): a backfill passes every customer, and a long
-- array would be searched once per row.)
CREATE FUNCTION analytics_cohort_refresh(ids integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock_shared(727100019, s.shop_id)
  FROM (
    SELECT shop_id FROM customers WHERE id IN (SELECT unnest(ids))
    UNION SELECT shop_id FROM analytics_cohort_members WHERE customer_id IN (SELECT unnest(ids))
  ) s ORDER BY s.shop_id;
  INSERT INTO analytics_cohort_members (customer_id, shop_id, first_start, day, tier_id, active)
  SELECT c.id, c.shop_id, 'epoch', '1970-01-01', 0, -1
  FROM customers c WHERE c.id IN (SELECT unnest(ids)) ORDER BY c.id
  ON CONFLICT (customer_id) DO NOTHING;
  PERFORM 1 FROM analytics_cohort_members WHERE customer_id IN (SELECT unnest(ids))
  ORDER BY customer_id FOR UPDATE;
  WITH old AS (
    DELETE FROM analytics_cohort_members WHERE customer_id IN (SELECT unnest(ids)) RETURNING *
  )
  INSERT INTO analytics_cohort_days AS d
    (shop_id, day, tier_id, size, m1, m2, m3, m4, m5, m6, m7, m8, m9, m10, m11, m12)
  SELECT shop_id, day, tier_id, -count(*),
    -count(*) FILTER (WHERE active & 1 <> 0), -count(*) FILTER (WHERE active & 2 <> 0),
    -count(*) FILTER (WHERE active & 4 <> 0), -count(*) FILTER (WHERE active & 8 <> 0),
    -count(*) FILTER (WHERE active & 16 <> 0), -count(*) FILTER (WHERE active & 32 <> 0),
    -count(*) FILTER (WHERE active & 64 <> 0), -count(*) FILTER (WHERE active & 128 <> 0),
    -count(*) FILTER (WHERE active & 256 <> 0), -count(*) FILTER (WHERE active & 512 <> 0),
    -count(*) FILTER (WHERE active & 1024 <> 0), -count(*) FILTER (WHERE active & 2048 <> 0)
  FROM old WHERE active >= 0
  GROUP BY shop_id, day, tier_id ORDER BY shop_id, day, tier_id
  ON CONFLICT (shop_id, day, tier_id) DO UPDATE SET size = d.size + excluded.size,
    m1 = d.m1 + excluded.m1, m2 = d.m2 + excluded.m2, m3 = d.m3 + excluded.m3,
    m4 = d.m4 + excluded.m4, m5 = d.m5 + excluded.m5, m6 = d.m6 + excluded.m6,
    m7 = d.m7 + excluded.m7, m8 = d.m8 + excluded.m8, m9 = d.m9 + excluded.m9,
    m10 = d.m10 + excluded.m10, m11 = d.m11 + excluded.m11, m12 = d.m12 + excluded.m12;
  WITH fresh AS (
    INSERT INTO analytics_cohort_members (customer_id, shop_id, first_start, day, tier_id, active)
    SELECT f.customer_id, f.shop_id, f.start_date,
      (f.start_date AT TIME ZONE s.time_zone)::date,
      coalesce((SELECT coalesce(pc.tier_id, f.tier_id) FROM membership_price_changes pc
        WHERE pc.membership_id = f.id ORDER BY pc.changed_at, pc.transaction_id LIMIT 1),
        f.tier_id),
      (SELECT coalesce(sum(1 << (k - 1)), 0)::integer
        FROM generate_series(1, 12) k
        CROSS JOIN LATERAL (SELECT ((date_trunc('milliseconds', f.start_date) AT TIME ZONE 'UTC')
          + make_interval(months => k)) AT TIME ZONE 'UTC' AS at) t
        WHERE EXISTS (
          SELECT 1 FROM customer_memberships o
          WHERE o.customer_id = f.customer_id AND o.shop_id = f.shop_id AND o.start_date <= t.at
            AND coalesce(o.ended_at, CASE WHEN o.status IN ('cancelled', 'expired')
              THEN o.expire_date END, 'infinity') > t.at))
    FROM (
      -- The first membership: the earliest start, the lowest id among equal starts.
      SELECT DISTINCT ON (m.customer_id) m.id, m.customer_id, m.shop_id, m.tier_id, m.start_date
      FROM customer_memberships m WHERE m.customer_id IN (SELECT unnest(ids))
      ORDER BY m.customer_id, m.start_date, m.id
    ) f
    JOIN shops s ON s.id = f.shop_id
    ORDER BY f.customer_id
    RETURNING *
  )
  INSERT INTO analytics_cohort_days AS d
    (shop_id, day, tier_id, size, m1, m2, m3, m4, m5, m6, m7, m8, m9, m10, m11, m12)
  SELECT shop_id, day, tier_id, count(*),
    count(*) FILTER (WHERE active & 1 <> 0), count(*) FILTER (WHERE active & 2 <> 0),
    count(*) FILTER (WHERE active & 4 <> 0), count(*) FILTER (WHERE active & 8 <> 0),
    count(*) FILTER (WHERE active & 16 <> 0), count(*) FILTER (WHERE active & 32 <> 0),
    count(*) FILTER (WHERE active & 64 <> 0), count(*) FILTER (WHERE active & 128 <> 0),
    count(*) FILTER (WHERE active & 256 <> 0), count(*) FILTER (WHERE active & 512 <> 0),
    count(*) FILTER (WHERE active & 1024 <> 0), count(*) FILTER (WHERE active & 2048 <> 0)
  FROM fresh
  GROUP BY shop_id, day, tier_id ORDER BY shop_id, day, tier_id
  ON CONFLICT (shop_id, day, tier_id) DO UPDATE SET size = d.size + excluded.size,
    m1 = d.m1 + excluded.m1, m2 = d.m2 + excluded.m2, m3 = d.m3 + excluded.m3,
    m4 = d.m4 + excluded.m4, m5 = d.m5 + excluded.m5, m6 = d.m6 + excluded.m6,
    m7 = d.m7 + excluded.m7, m8 = d.m8 + excluded.m8, m9 = d.m9 + excluded.m9,
    m10 = d.m10 + excluded.m10, m11 = d.m11 + excluded.m11, m12 = d.m12 + excluded.m12;
END;
$$;
--> statement-breakpoint
-- The shop's days from its members' rows, replacing what it held.
CREATE FUNCTION analytics_cohort_refill(p_shop integer) RETURNS void
LANGUAGE sql AS $$
  DELETE FROM analytics_cohort_days WHERE shop_id = p_shop;
  INSERT INTO analytics_cohort_days
    (shop_id, day, tier_id, size, m1, m2, m3, m4, m5, m6, m7, m8, m9, m10, m11, m12)
  SELECT shop_id, day, tier_id, count(*),
    count(*) FILTER (WHERE active & 1 <> 0), count(*) FILTER (WHERE active & 2 <> 0),
    count(*) FILTER (WHERE active & 4 <> 0), count(*) FILTER (WHERE active & 8 <> 0),
    count(*) FILTER (WHERE active & 16 <> 0), count(*) FILTER (WHERE active & 32 <> 0),
    count(*) FILTER (WHERE active & 64 <> 0), count(*) FILTER (WHERE active & 128 <> 0),
    count(*) FILTER (WHERE active & 256 <> 0), count(*) FILTER (WHERE active & 512 <> 0),
    count(*) FILTER (WHERE active & 1024 <> 0), count(*) FILTER (WHERE active & 2048 <> 0)
  FROM analytics_cohort_members WHERE shop_id = p_shop
  GROUP BY shop_id, day, tier_id;
$$;
--> statement-breakpoint
-- A new time zone moves every first start to another local day: the shop's rows are
-- recomputed, with the shop's lock held exclusively so that no customer's recomputation (which
-- may have read the old zone) runs alongside; those that wait read the new zone after.
CREATE FUNCTION analytics_cohort_zone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(727100019, NEW.id);
  UPDATE analytics_cohort_members SET day = (first_start AT TIME ZONE NEW.time_zone)::date
  WHERE shop_id = NEW.id;
  PERFORM analytics_cohort_refill(NEW.id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER analytics_cohort_zone AFTER UPDATE OF time_zone ON shops
FOR EACH ROW WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone)
EXECUTE FUNCTION analytics_cohort_zone();
--> statement-breakpoint
-- Memberships: any insert or delete, and updates that move a start, an end, a tier or owner.
CREATE FUNCTION analytics_cohort_memberships_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT customer_id) INTO ids FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT customer_id) INTO ids FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT x.id) INTO ids
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    CROSS JOIN LATERAL (VALUES (o.customer_id), (n.customer_id)) x(id)
    WHERE (o.customer_id, o.shop_id, o.start_date, o.tier_id,
        coalesce(o.ended_at, CASE WHEN o.status IN ('cancelled', 'expired') THEN o.expire_date END))
      IS DISTINCT FROM (n.customer_id, n.shop_id, n.start_date, n.tier_id,
        coalesce(n.ended_at, CASE WHEN n.status IN ('cancelled', 'expired') THEN n.expire_date END));
  END IF;
  PERFORM analytics_cohort_refresh(ids);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER analytics_cohort_memberships_insert AFTER INSERT ON customer_memberships
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION analytics_cohort_memberships_sync();
--> statement-breakpoint
CREATE TRIGGER analytics_cohort_memberships_update AFTER UPDATE ON customer_memberships
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION analytics_cohort_memberships_sync();
--> statement-breakpoint
CREATE TRIGGER analytics_cohort_memberships_delete AFTER DELETE ON customer_memberships
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION analytics_cohort_memberships_sync();
--> statement-breakpoint
-- Price changes matter to a cohort only through the tier the first membership started on, and
-- every payment rewrites its membership's price changes (delete, then insert): so only the
-- owners whose stored first tier is no longer the one the changes say are recomputed. The
-- owners' rows are locked first, so the comparison reads what a concurrent recomputation of
-- the same customer committed.
CREATE FUNCTION analytics_cohort_price_changes_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT m.customer_id) INTO ids
    FROM customer_memberships m WHERE m.id IN (SELECT membership_id FROM new_rows);
  ELSE
    SELECT array_agg(DISTINCT m.customer_id) INTO ids
    FROM customer_memberships m WHERE m.id IN (SELECT membership_id FROM old_rows);
  END IF;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  -- The shop's lock before the rows', in the recomputation's order (a zone change holds the
  -- shop's exclusively and then updates the rows).
  PERFORM pg_advisory_xact_lock_shared(727100019, s.shop_id)
  FROM (SELECT DISTINCT shop_id FROM customers WHERE id IN (SELECT unnest(ids))) s
  ORDER BY s.shop_id;
  PERFORM 1 FROM analytics_cohort_members WHERE customer_id IN (SELECT unnest(ids))
  ORDER BY customer_id FOR UPDATE;
  SELECT array_agg(f.customer_id) INTO ids
  FROM (
    SELECT DISTINCT ON (m.customer_id) m.id, m.customer_id, m.tier_id
    FROM customer_memberships m WHERE m.customer_id IN (SELECT unnest(ids))
    ORDER BY m.customer_id, m.start_date, m.id
  ) f
  LEFT JOIN analytics_cohort_members a ON a.customer_id = f.customer_id AND a.active >= 0
  WHERE a.tier_id IS DISTINCT FROM coalesce((SELECT coalesce(pc.tier_id, f.tier_id)
    FROM membership_price_changes pc WHERE pc.membership_id = f.id
    ORDER BY pc.changed_at, pc.transaction_id LIMIT 1), f.tier_id);
  PERFORM analytics_cohort_refresh(ids);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER analytics_cohort_price_changes_insert AFTER INSERT ON membership_price_changes
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION analytics_cohort_price_changes_sync();
--> statement-breakpoint
CREATE TRIGGER analytics_cohort_price_changes_delete AFTER DELETE ON membership_price_changes
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION analytics_cohort_price_changes_sync();
--> statement-breakpoint
-- Backfill: every customer with a membership.
SELECT analytics_cohort_refresh(coalesce(array_agg(DISTINCT customer_id), '{}'))
FROM customer_memberships;
