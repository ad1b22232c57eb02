CREATE TABLE "analytics_standings" (
	"shop_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"from_at" timestamp with time zone NOT NULL,
	"to_at" timestamp with time zone,
	"tier_id" integer NOT NULL,
	"arr_cents" bigint NOT NULL,
	"run_end" timestamp with time zone,
	"next_start" timestamp with time zone,
	"lost" smallint NOT NULL,
	CONSTRAINT "analytics_standings_customer_id_shop_id_from_at_pk" PRIMARY KEY("customer_id","shop_id","from_at")
);
--> statement-breakpoint
CREATE TABLE "analytics_standing_hours" (
	"shop_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"tier_id" integer NOT NULL,
	"members" integer NOT NULL,
	"arr_cents" bigint NOT NULL,
	"lost" integer NOT NULL,
	CONSTRAINT "analytics_standing_hours_shop_id_hour_tier_id_pk" PRIMARY KEY("shop_id","hour","tier_id")
);
--> statement-breakpoint
ALTER TABLE "analytics_standings" ADD CONSTRAINT "analytics_standings_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_standing_hours" ADD CONSTRAINT "analytics_standing_hours_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_standings_from_idx" ON "analytics_standings" USING btree ("shop_id","from_at");--> statement-breakpoint
CREATE INDEX "analytics_standings_to_idx" ON "analytics_standings" USING btree ("shop_id","to_at");--> statement-breakpoint
CREATE INDEX "analytics_standings_run_end_idx" ON "analytics_standings" USING btree ("shop_id","run_end");--> statement-breakpoint
-- hand-written: lifetime value (issue 19) sums analytics_standing_hours instead of walking every
-- customer's history. A customer's standing at an instant is the engine's standingAt: the
-- running membership (start <= t < end, end being ended_at or, for a cancelled or expired one,
-- expire_date) with the lowest id, on the tier and annualised price of its latest price change
-- at or before t, else its first one, else its own tier at no price. analytics_standings holds
-- each customer's standing as maximal spans [from_at, to_at) of one tier and price (member spans
-- only; to_at null: still running), each with the end of the run of membership it belongs to
-- (run_end: the first instant the customer is a member of no tier; null: running) and the start
-- of the customer's next run (next_start). `lost` says how a span counts when the customer
-- leaves: a span holding the month start before its run's end is "lost" in that month. When the
-- span began 35 days (840 hours) or more before its run's end and the next run starts 840 hours
-- or more after it (or never), it is lost in whichever bucket of under 840 hours holds run_end,
-- whatever the bucket boundaries: 1, rolled up at run_end's hour. Else, if it can count at all
-- (it is the run's last span, or ends under 840 hours before it), 2: the read checks it row by
-- row. 0: it cannot count.
-- The spans of the customers `ids` (each looked up by the index on a customer's memberships;
-- the price changes by each membership's, so a trigger's recomputation reads a few rows).
-- Without JIT: the planner's estimates for the CTEs are a whole shop's, and compiling the plan
-- took ~0.4 s of a 6 ms recomputation on the bench's PostgreSQL.
CREATE FUNCTION analytics_standing_rows(ids integer[])
RETURNS TABLE (shop_id integer, customer_id integer, from_at timestamptz, to_at timestamptz,
  tier_id integer, arr_cents bigint, run_end timestamptz, next_start timestamptz, lost smallint)
LANGUAGE plpgsql STABLE ROWS 20 SET jit = off AS $$
BEGIN
  -- Planned for the ids given (a generic plan reads the whole shop's memberships).
  RETURN QUERY EXECUTE $q$
  WITH m AS MATERIALIZED (
    SELECT m.id, m.shop_id, m.customer_id, m.tier_id, m.start_date AS s,
      coalesce(m.ended_at, CASE WHEN m.status IN ('cancelled', 'expired')
        THEN m.expire_date END) AS e
    FROM customer_memberships m
    WHERE m.customer_id = ANY($1)
  ), points AS (
    SELECT DISTINCT x.shop_id, x.customer_id, x.at FROM (
      SELECT m.shop_id, m.customer_id, m.s AS at FROM m
      UNION ALL
      SELECT m.shop_id, m.customer_id, m.e FROM m WHERE m.e IS NOT NULL
      UNION ALL
      SELECT m.shop_id, m.customer_id, pc.changed_at FROM m
      CROSS JOIN LATERAL (SELECT c.changed_at FROM membership_price_changes c
        WHERE c.membership_id = m.id) pc
      WHERE pc.changed_at > m.s AND (m.e IS NULL OR pc.changed_at < m.e)
    ) x
  ), running AS (
    SELECT DISTINCT ON (p.shop_id, p.customer_id, p.at) p.shop_id, p.customer_id, p.at,
      m.id, m.tier_id
    FROM points p
    JOIN m ON m.shop_id = p.shop_id AND m.customer_id = p.customer_id AND m.s <= p.at
      AND (m.e IS NULL OR m.e > p.at)
    ORDER BY p.shop_id, p.customer_id, p.at, m.id
  ), pieces AS (
    SELECT p.shop_id, p.customer_id, p.at AS from_at,
      lead(p.at) OVER (PARTITION BY p.shop_id, p.customer_id ORDER BY p.at) AS to_at,
      CASE WHEN r.id IS NOT NULL THEN coalesce(c.tier_id, r.tier_id, 0) END AS tier_id,
      CASE WHEN r.id IS NOT NULL THEN coalesce(c.arr_cents, 0) END AS arr_cents
    FROM points p
    LEFT JOIN running r ON r.shop_id = p.shop_id AND r.customer_id = p.customer_id AND r.at = p.at
    LEFT JOIN LATERAL (
      SELECT x.tier_id, x.arr_cents FROM (
        (SELECT pc.tier_id, pc.arr_cents, 0 AS o FROM membership_price_changes pc
          WHERE pc.membership_id = r.id AND pc.changed_at <= p.at
          ORDER BY pc.changed_at DESC, pc.transaction_id DESC LIMIT 1)
        UNION ALL
        (SELECT pc.tier_id, pc.arr_cents, 1 FROM membership_price_changes pc
          WHERE pc.membership_id = r.id ORDER BY pc.changed_at, pc.transaction_id LIMIT 1)
      ) x ORDER BY x.o LIMIT 1
    ) c ON r.id IS NOT NULL
  ), flagged AS (
    SELECT q.*, CASE WHEN (q.tier_id, q.arr_cents) IS NOT DISTINCT FROM
        (lag(q.tier_id) OVER w, lag(q.arr_cents) OVER w) AND row_number() OVER w > 1
        THEN 0 ELSE 1 END AS fresh
    FROM pieces q
    WINDOW w AS (PARTITION BY q.shop_id, q.customer_id ORDER BY q.from_at)
  ), grouped AS (
    SELECT f.*, sum(f.fresh) OVER (PARTITION BY f.shop_id, f.customer_id ORDER BY f.from_at) AS g
    FROM flagged f
  ), spans AS (
    SELECT g.shop_id, g.customer_id, min(g.from_at) AS from_at,
      (array_agg(g.to_at ORDER BY g.from_at DESC))[1] AS to_at,
      min(g.tier_id) AS tier_id, min(g.arr_cents) AS arr_cents
    FROM grouped g WHERE g.tier_id IS NOT NULL
    GROUP BY g.shop_id, g.customer_id, g.g
  ), runs_marked AS (
    SELECT s.*, CASE WHEN lag(s.to_at) OVER w = s.from_at THEN 0 ELSE 1 END AS run_start
    FROM spans s
    WINDOW w AS (PARTITION BY s.shop_id, s.customer_id ORDER BY s.from_at)
  ), runs_numbered AS (
    SELECT r.*, sum(r.run_start) OVER (PARTITION BY r.shop_id, r.customer_id ORDER BY r.from_at)
      AS run
    FROM runs_marked r
  ), runs AS (
    SELECT r.shop_id, r.customer_id, r.run, min(r.from_at) AS starts,
      (array_agg(r.to_at ORDER BY r.from_at DESC))[1] AS ends
    FROM runs_numbered r GROUP BY r.shop_id, r.customer_id, r.run
  ), runs_next AS (
    SELECT r.*, lead(r.starts) OVER (PARTITION BY r.shop_id, r.customer_id ORDER BY r.starts)
      AS next_start
    FROM runs r
  )
  SELECT s.shop_id, s.customer_id, s.from_at, s.to_at, s.tier_id, s.arr_cents::bigint,
    n.ends, n.next_start,
    (CASE
      WHEN n.ends IS NULL THEN 0
      WHEN s.to_at = n.ends AND s.from_at <= n.ends - interval '840 hours'
        AND (n.next_start IS NULL OR n.next_start >= n.ends + interval '840 hours') THEN 1
      WHEN s.to_at = n.ends OR s.to_at > n.ends - interval '840 hours' THEN 2
      ELSE 0 END)::smallint
  FROM runs_numbered s
  JOIN runs_next n ON n.shop_id = s.shop_id AND n.customer_id = s.customer_id AND n.run = s.run
  $q$ USING ids;
END;
$$;
--> statement-breakpoint
-- What spans add to analytics_standing_hours (per shop, UTC hour and tier): a member and the
-- annualised price from from_at's hour, taken off again from to_at's, and a lost member at
-- run_end's hour for the spans rolled up there (lost = 1). `dir` -1 takes them out.
CREATE FUNCTION analytics_standing_add(spans analytics_standings[], dir integer)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO analytics_standing_hours AS d (shop_id, hour, tier_id, members, arr_cents, lost)
  SELECT x.shop_id, x.hour, x.tier_id, dir * sum(x.members), dir * sum(x.arr), dir * sum(x.lost)
  FROM (
    SELECT s.shop_id, date_trunc('hour', s.from_at, 'UTC') AS hour, s.tier_id, 1 AS members,
      s.arr_cents AS arr, 0 AS lost
    FROM unnest(spans) s
    UNION ALL
    SELECT s.shop_id, date_trunc('hour', s.to_at, 'UTC'), s.tier_id, -1, -s.arr_cents, 0
    FROM unnest(spans) s WHERE s.to_at IS NOT NULL
    UNION ALL
    SELECT s.shop_id, date_trunc('hour', s.run_end, 'UTC'), s.tier_id, 0, 0, 1
    FROM unnest(spans) s WHERE s.lost = 1
  ) x
  GROUP BY x.shop_id, x.hour, x.tier_id
  ORDER BY x.shop_id, x.hour, x.tier_id
  ON CONFLICT (shop_id, hour, tier_id) DO UPDATE SET members = d.members + excluded.members,
    arr_cents = d.arr_cents + excluded.arr_cents, lost = d.lost + excluded.lost
$$;
--> statement-breakpoint
-- Recomputes customers `ids` and moves the difference into analytics_standing_hours. Each
-- customer's transaction-scoped advisory lock first (in id order), so a second writer of the
-- same customer waits for the first to commit and then, as each statement below reads the
-- latest committed data, recomputes from both changes.
CREATE FUNCTION analytics_standing_refresh(ids integer[]) RETURNS void
LANGUAGE plpgsql SET jit = off AS $$
DECLARE
  gone analytics_standings[];
  added analytics_standings[];
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock(727100024, x) FROM (SELECT DISTINCT unnest(ids) AS x) c
  ORDER BY x;
  WITH fresh AS MATERIALIZED (
    SELECT * FROM analytics_standing_rows(ids)
  ), deleted AS (
    DELETE FROM analytics_standings a
    WHERE a.customer_id IN (SELECT unnest(ids)) AND NOT EXISTS (
      SELECT 1 FROM fresh f WHERE f.shop_id = a.shop_id AND f.customer_id = a.customer_id
        AND f.from_at = a.from_at AND f.to_at IS NOT DISTINCT FROM a.to_at
        AND f.tier_id = a.tier_id AND f.arr_cents = a.arr_cents
        AND f.run_end IS NOT DISTINCT FROM a.run_end
        AND f.next_start IS NOT DISTINCT FROM a.next_start AND f.lost = a.lost)
    RETURNING a AS span
  )
  SELECT array_agg(d.span) INTO gone FROM deleted d;
  IF gone IS NOT NULL THEN
    PERFORM analytics_standing_add(gone, -1);
  END IF;
  WITH inserted AS (
    INSERT INTO analytics_standings AS a (shop_id, customer_id, from_at, to_at, tier_id, arr_cents,
      run_end, next_start, lost)
    SELECT f.* FROM analytics_standing_rows(ids) f
    WHERE NOT EXISTS (SELECT 1 FROM analytics_standings o WHERE o.customer_id = ANY(ids)
      AND o.customer_id = f.customer_id AND o.shop_id = f.shop_id AND o.from_at = f.from_at)
    ORDER BY f.shop_id, f.customer_id, f.from_at
    RETURNING a AS span
  )
  SELECT array_agg(i.span) INTO added FROM inserted i;
  IF added IS NOT NULL THEN
    PERFORM analytics_standing_add(added, 1);
  END IF;
END;
$$;
--> statement-breakpoint
-- Memberships: any insert or delete, and updates that move a customer, a start, an end, a tier
-- or a shop (the customers before and after).
CREATE FUNCTION analytics_standing_memberships_sync() RETURNS trigger LANGUAGE plpgsql AS $$
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
    WHERE (o.shop_id, o.customer_id, o.start_date, o.tier_id,
        coalesce(o.ended_at, CASE WHEN o.status IN ('cancelled', 'expired') THEN o.expire_date END))
      IS DISTINCT FROM (n.shop_id, n.customer_id, n.start_date, n.tier_id,
        coalesce(n.ended_at, CASE WHEN n.status IN ('cancelled', 'expired') THEN n.expire_date END));
  END IF;
  PERFORM analytics_standing_refresh(ids);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER analytics_standing_memberships_insert AFTER INSERT ON customer_memberships
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION analytics_standing_memberships_sync();
--> statement-breakpoint
CREATE TRIGGER analytics_standing_memberships_update AFTER UPDATE ON customer_memberships
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION analytics_standing_memberships_sync();
--> statement-breakpoint
CREATE TRIGGER analytics_standing_memberships_delete AFTER DELETE ON customer_memberships
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION analytics_standing_memberships_sync();
--> statement-breakpoint
-- Price changes: the customers of the memberships they belong to (a deleted membership's
-- customer is recomputed by the memberships' trigger).
CREATE FUNCTION analytics_standing_changes_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ms integer[];
  ids integer[];
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT array_agg(membership_id) INTO ms FROM new_rows;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    SELECT coalesce(ms, '{}') || array_agg(membership_id) INTO ms FROM old_rows;
  END IF;
  SELECT array_agg(DISTINCT m.customer_id) INTO ids FROM customer_memberships m
  WHERE m.id IN (SELECT unnest(ms));
  PERFORM analytics_standing_refresh(ids);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER analytics_standing_price_changes_insert AFTER INSERT ON membership_price_changes
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION analytics_standing_changes_sync();
--> statement-breakpoint
CREATE TRIGGER analytics_standing_price_changes_update AFTER UPDATE ON membership_price_changes
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION analytics_standing_changes_sync();
--> statement-breakpoint
CREATE TRIGGER analytics_standing_price_changes_delete AFTER DELETE ON membership_price_changes
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION analytics_standing_changes_sync();
--> statement-breakpoint
-- Backfill: every customer's spans, then the hours summed from them.
INSERT INTO analytics_standings (shop_id, customer_id, from_at, to_at, tier_id, arr_cents,
  run_end, next_start, lost)
SELECT f.* FROM analytics_standing_rows(ARRAY(SELECT DISTINCT customer_id
  FROM customer_memberships)) f;
--> statement-breakpoint
INSERT INTO analytics_standing_hours (shop_id, hour, tier_id, members, arr_cents, lost)
SELECT x.shop_id, x.hour, x.tier_id, sum(x.members), sum(x.arr), sum(x.lost)
FROM (
  SELECT s.shop_id, date_trunc('hour', s.from_at, 'UTC') AS hour, s.tier_id, 1 AS members,
    s.arr_cents AS arr, 0 AS lost
  FROM analytics_standings s
  UNION ALL
  SELECT s.shop_id, date_trunc('hour', s.to_at, 'UTC'), s.tier_id, -1, -s.arr_cents, 0
  FROM analytics_standings s WHERE s.to_at IS NOT NULL
  UNION ALL
  SELECT s.shop_id, date_trunc('hour', s.run_end, 'UTC'), s.tier_id, 0, 0, 1
  FROM analytics_standings s WHERE s.lost = 1
) x
GROUP BY x.shop_id, x.hour, x.tier_id;
