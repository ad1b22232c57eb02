CREATE TABLE "analytics_benefit_days" (
	"shop_id" integer NOT NULL,
	"day" date NOT NULL,
	"tier_id" integer NOT NULL,
	"benefit_id" integer NOT NULL,
	"months" integer NOT NULL,
	CONSTRAINT "analytics_benefit_days_shop_id_day_tier_id_benefit_id_pk" PRIMARY KEY("shop_id","day","tier_id","benefit_id")
);
--> statement-breakpoint
CREATE TABLE "analytics_benefit_horizon" (
	"shop_id" integer PRIMARY KEY NOT NULL,
	"until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_member_months" (
	"membership_id" integer NOT NULL,
	"k" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"month_start" timestamp with time zone NOT NULL,
	"tier_id" integer NOT NULL,
	"used" integer[] NOT NULL,
	CONSTRAINT "analytics_member_months_membership_id_k_pk" PRIMARY KEY("membership_id","k")
);
--> statement-breakpoint
ALTER TABLE "analytics_benefit_days" ADD CONSTRAINT "analytics_benefit_days_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_benefit_horizon" ADD CONSTRAINT "analytics_benefit_horizon_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_member_months" ADD CONSTRAINT "analytics_member_months_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_member_months_shop_idx" ON "analytics_member_months" USING btree ("shop_id","month_start");--> statement-breakpoint
-- hand-written: benefit use (issue 19) sums analytics_benefit_days instead of walking every
-- member's months. Month k of a membership starts at its start (to the millisecond, as the
-- engine's monthsAfter) plus k UTC calendar months, clamped to the month's last day; it counts
-- while it starts before the membership's end (ended_at, or for a cancelled or expired one its
-- expire_date). Its tier is the first payment's before the start (a sub-millisecond case), then
-- the latest price change's at or before it, else the first's, else the membership's own.
-- Running memberships have months for ever: rows are kept for months starting before the
-- shop's horizon, which a read moves forward when its window ends later. A membership's
-- redemptions are found with redemptions_benefit_month_unique (membership first).
-- The member-month rows of memberships `ids` (null: every membership of p_shop) starting in
-- [lo, hi), where hi null means each shop's horizon.
CREATE FUNCTION analytics_member_month_rows(ids integer[], p_shop integer, lo timestamptz,
  hi timestamptz)
RETURNS TABLE (membership_id integer, k integer, shop_id integer, month_start timestamptz,
  tier_id integer, used integer[])
LANGUAGE sql STABLE AS $$
  SELECT m.id, g.k, m.shop_id, t.at,
    coalesce(CASE WHEN t.at >= m.start_date THEN (SELECT coalesce(pc.tier_id, m.tier_id)
        FROM membership_price_changes pc WHERE pc.membership_id = m.id AND pc.changed_at <= t.at
        ORDER BY pc.changed_at DESC, pc.transaction_id DESC LIMIT 1) END,
      (SELECT coalesce(pc.tier_id, m.tier_id) FROM membership_price_changes pc
        WHERE pc.membership_id = m.id ORDER BY pc.changed_at, pc.transaction_id LIMIT 1),
      m.tier_id, 0),
    ARRAY(SELECT DISTINCT r.benefit_id FROM redemptions r
      WHERE r.customer_membership_id = m.id AND r.membership_month = g.k
        AND r.redemption_type = 'benefit' AND r.benefit_id IS NOT NULL AND r.shop_id = m.shop_id
      ORDER BY r.benefit_id)
  FROM customer_memberships m
  LEFT JOIN analytics_benefit_horizon h ON h.shop_id = m.shop_id
  CROSS JOIN LATERAL (
    SELECT date_trunc('milliseconds', m.start_date) AT TIME ZONE 'UTC' AS base,
      least(coalesce(m.ended_at, CASE WHEN m.status IN ('cancelled', 'expired')
        THEN m.expire_date END, 'infinity'), coalesce(hi, h.until, '-infinity')) AS stop
  ) b
  CROSS JOIN LATERAL (
    SELECT age(greatest(lo, m.start_date) AT TIME ZONE 'UTC', b.base) AS a0,
      age(greatest(b.stop, m.start_date) AT TIME ZONE 'UTC', b.base) AS a1
  ) a
  CROSS JOIN LATERAL generate_series(
    greatest(0, (extract(year FROM a.a0) * 12 + extract(month FROM a.a0))::integer - 1),
    (extract(year FROM a.a1) * 12 + extract(month FROM a.a1))::integer + 1) AS g(k)
  CROSS JOIN LATERAL (SELECT (b.base + make_interval(months => g.k)) AT TIME ZONE 'UTC' AS at) t
  WHERE (CASE WHEN ids IS NULL THEN m.shop_id = p_shop ELSE m.id IN (SELECT unnest(ids)) END)
    AND b.stop > '-infinity' AND t.at >= lo AND t.at < b.stop
$$;
--> statement-breakpoint
-- Recomputes memberships `ids` (their rows up to the horizon) and moves the difference into
-- analytics_benefit_days with increments, in key order.
-- Concurrency: each involved shop's advisory lock in shared mode first (moving the horizon
-- takes it exclusively), then the memberships' rows in id order (FOR NO KEY UPDATE: foreign
-- keys' KEY SHARE locks, e.g. a new redemption's, do not wait for it). A second writer of the
-- same membership waits for the first to commit and then, as each statement below reads the
-- latest committed data, recomputes from both changes. A membership updated by the statement
-- that fired the trigger is already locked by it.
CREATE FUNCTION analytics_benefit_refresh(ids integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock_shared(727100022, s.shop_id)
  FROM (
    SELECT m.shop_id FROM customer_memberships m WHERE m.id IN (SELECT unnest(ids))
    UNION SELECT a.shop_id FROM analytics_member_months a WHERE a.membership_id IN (SELECT unnest(ids))
  ) s ORDER BY s.shop_id;
  PERFORM 1 FROM customer_memberships m WHERE m.id IN (SELECT unnest(ids))
  ORDER BY m.id FOR NO KEY UPDATE;
  INSERT INTO analytics_benefit_horizon (shop_id, until)
  SELECT DISTINCT m.shop_id, now() + interval '92 days'
  FROM customer_memberships m WHERE m.id IN (SELECT unnest(ids))
  ORDER BY 1 ON CONFLICT (shop_id) DO NOTHING;
  -- Rows that are no longer right go, and their counts with them...
  WITH fresh AS MATERIALIZED (
    SELECT * FROM analytics_member_month_rows(ids, NULL, '-infinity', NULL)
  ), gone AS (
    DELETE FROM analytics_member_months a
    WHERE a.membership_id IN (SELECT unnest(ids)) AND NOT EXISTS (
      SELECT 1 FROM fresh f WHERE f.membership_id = a.membership_id AND f.k = a.k
        AND f.shop_id = a.shop_id AND f.month_start = a.month_start AND f.tier_id = a.tier_id
        AND f.used = a.used)
    RETURNING a.*
  )
  INSERT INTO analytics_benefit_days AS d (shop_id, day, tier_id, benefit_id, months)
  SELECT x.shop_id, x.day, x.tier_id, x.benefit_id, -count(*)
  FROM (
    SELECT g.shop_id, (g.month_start AT TIME ZONE 'UTC')::date AS day, g.tier_id, 0 AS benefit_id
    FROM gone g
    UNION ALL
    SELECT g.shop_id, (g.month_start AT TIME ZONE 'UTC')::date, g.tier_id, u.b
    FROM gone g CROSS JOIN LATERAL unnest(g.used) AS u(b)
  ) x
  GROUP BY x.shop_id, x.day, x.tier_id, x.benefit_id
  ORDER BY x.shop_id, x.day, x.tier_id, x.benefit_id
  ON CONFLICT (shop_id, day, tier_id, benefit_id) DO UPDATE SET months = d.months + excluded.months;
  -- ... and the missing ones come in (the rows left are exactly the right ones that stayed).
  WITH fresh AS MATERIALIZED (
    SELECT * FROM analytics_member_month_rows(ids, NULL, '-infinity', NULL)
  ), added AS (
    INSERT INTO analytics_member_months (membership_id, k, shop_id, month_start, tier_id, used)
    SELECT f.* FROM fresh f
    WHERE NOT EXISTS (SELECT 1 FROM analytics_member_months a
      WHERE a.membership_id = f.membership_id AND a.k = f.k)
    ORDER BY f.membership_id, f.k
    RETURNING *
  )
  INSERT INTO analytics_benefit_days AS d (shop_id, day, tier_id, benefit_id, months)
  SELECT x.shop_id, x.day, x.tier_id, x.benefit_id, count(*)
  FROM (
    SELECT g.shop_id, (g.month_start AT TIME ZONE 'UTC')::date AS day, g.tier_id, 0 AS benefit_id
    FROM added g
    UNION ALL
    SELECT g.shop_id, (g.month_start AT TIME ZONE 'UTC')::date, g.tier_id, u.b
    FROM added g CROSS JOIN LATERAL unnest(g.used) AS u(b)
  ) x
  GROUP BY x.shop_id, x.day, x.tier_id, x.benefit_id
  ORDER BY x.shop_id, x.day, x.tier_id, x.benefit_id
  ON CONFLICT (shop_id, day, tier_id, benefit_id) DO UPDATE SET months = d.months + excluded.months;
END;
$$;
--> statement-breakpoint
-- Moves a shop's horizon to `until` (if it is later): the running memberships' months from the
-- old horizon on are added. The shop's advisory lock is held exclusively, so no recomputation of
-- its memberships runs alongside (one waiting recomputes after, against the new horizon).
CREATE FUNCTION analytics_benefit_extend(p_shop integer, p_until timestamptz) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  was timestamptz;
BEGIN
  PERFORM pg_advisory_xact_lock(727100022, p_shop);
  SELECT until INTO was FROM analytics_benefit_horizon WHERE shop_id = p_shop;
  IF was IS NOT NULL AND was >= p_until THEN
    RETURN;
  END IF;
  WITH added AS (
    INSERT INTO analytics_member_months (membership_id, k, shop_id, month_start, tier_id, used)
    SELECT f.* FROM analytics_member_month_rows(NULL, p_shop, coalesce(was, '-infinity'), p_until) f
    ORDER BY f.membership_id, f.k
    RETURNING *
  )
  INSERT INTO analytics_benefit_days AS d (shop_id, day, tier_id, benefit_id, months)
  SELECT x.shop_id, x.day, x.tier_id, x.benefit_id, count(*)
  FROM (
    SELECT g.shop_id, (g.month_start AT TIME ZONE 'UTC')::date AS day, g.tier_id, 0 AS benefit_id
    FROM added g
    UNION ALL
    SELECT g.shop_id, (g.month_start AT TIME ZONE 'UTC')::date, g.tier_id, u.b
    FROM added g CROSS JOIN LATERAL unnest(g.used) AS u(b)
  ) x
  GROUP BY x.shop_id, x.day, x.tier_id, x.benefit_id
  ORDER BY x.shop_id, x.day, x.tier_id, x.benefit_id
  ON CONFLICT (shop_id, day, tier_id, benefit_id) DO UPDATE SET months = d.months + excluded.months;
  INSERT INTO analytics_benefit_horizon (shop_id, until) VALUES (p_shop, p_until)
  ON CONFLICT (shop_id) DO UPDATE SET until = excluded.until;
END;
$$;
--> statement-breakpoint
-- Memberships: any insert or delete, and updates that move a start, an end, a tier or a shop.
CREATE FUNCTION analytics_benefit_memberships_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(id) INTO ids FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(id) INTO ids FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT n.id) INTO ids
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.shop_id, o.start_date, o.tier_id,
        coalesce(o.ended_at, CASE WHEN o.status IN ('cancelled', 'expired') THEN o.expire_date END))
      IS DISTINCT FROM (n.shop_id, n.start_date, n.tier_id,
        coalesce(n.ended_at, CASE WHEN n.status IN ('cancelled', 'expired') THEN n.expire_date END));
  END IF;
  PERFORM analytics_benefit_refresh(ids);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER analytics_benefit_memberships_insert AFTER INSERT ON customer_memberships
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION analytics_benefit_memberships_sync();
--> statement-breakpoint
CREATE TRIGGER analytics_benefit_memberships_update AFTER UPDATE ON customer_memberships
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION analytics_benefit_memberships_sync();
--> statement-breakpoint
CREATE TRIGGER analytics_benefit_memberships_delete AFTER DELETE ON customer_memberships
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION analytics_benefit_memberships_sync();
--> statement-breakpoint
-- Price changes (a membership's tier over time) and benefit redemptions (its used months):
-- the memberships they belong to, before and after.
CREATE FUNCTION analytics_benefit_changes_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  IF TG_TABLE_NAME = 'membership_price_changes' THEN
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
      SELECT array_agg(membership_id) INTO ids FROM new_rows;
    END IF;
    IF TG_OP IN ('DELETE', 'UPDATE') THEN
      SELECT coalesce(ids, '{}') || array_agg(membership_id) INTO ids FROM old_rows;
    END IF;
  ELSE
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
      SELECT array_agg(customer_membership_id) INTO ids FROM new_rows
      WHERE redemption_type = 'benefit' AND customer_membership_id IS NOT NULL;
    END IF;
    IF TG_OP IN ('DELETE', 'UPDATE') THEN
      SELECT coalesce(ids, '{}') || array_agg(customer_membership_id) INTO ids FROM old_rows
      WHERE redemption_type = 'benefit' AND customer_membership_id IS NOT NULL;
    END IF;
  END IF;
  SELECT array_agg(DISTINCT x) INTO ids FROM unnest(ids) AS x WHERE x IS NOT NULL;
  PERFORM analytics_benefit_refresh(ids);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER analytics_benefit_price_changes_insert AFTER INSERT ON membership_price_changes
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION analytics_benefit_changes_sync();
--> statement-breakpoint
CREATE TRIGGER analytics_benefit_price_changes_update AFTER UPDATE ON membership_price_changes
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION analytics_benefit_changes_sync();
--> statement-breakpoint
CREATE TRIGGER analytics_benefit_price_changes_delete AFTER DELETE ON membership_price_changes
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION analytics_benefit_changes_sync();
--> statement-breakpoint
CREATE TRIGGER analytics_benefit_redemptions_insert AFTER INSERT ON redemptions
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION analytics_benefit_changes_sync();
--> statement-breakpoint
CREATE TRIGGER analytics_benefit_redemptions_update AFTER UPDATE ON redemptions
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION analytics_benefit_changes_sync();
--> statement-breakpoint
CREATE TRIGGER analytics_benefit_redemptions_delete AFTER DELETE ON redemptions
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION analytics_benefit_changes_sync();
--> statement-breakpoint
-- Backfill: every shop's horizon three months ahead, then each shop's months up to it.
INSERT INTO analytics_benefit_horizon (shop_id, until)
SELECT id, now() + interval '92 days' FROM shops;
--> statement-breakpoint
INSERT INTO analytics_member_months (membership_id, k, shop_id, month_start, tier_id, used)
SELECT f.* FROM shops s
CROSS JOIN LATERAL analytics_member_month_rows(NULL, s.id, '-infinity', NULL) f;
--> statement-breakpoint
INSERT INTO analytics_benefit_days (shop_id, day, tier_id, benefit_id, months)
SELECT x.shop_id, x.day, x.tier_id, x.benefit_id, count(*)
FROM (
  SELECT g.shop_id, (g.month_start AT TIME ZONE 'UTC')::date AS day, g.tier_id, 0 AS benefit_id
  FROM analytics_member_months g
  UNION ALL
  SELECT g.shop_id, (g.month_start AT TIME ZONE 'UTC')::date, g.tier_id, u.b
  FROM analytics_member_months g CROSS JOIN LATERAL unnest(g.used) AS u(b)
) x
GROUP BY x.shop_id, x.day, x.tier_id, x.benefit_id;
