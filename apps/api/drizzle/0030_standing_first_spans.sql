-- hand-written: the subscriptions read's MRR movements (issue 19) paired every span starting in
-- the window with the spans ending in it; over a year of a large shop that is nearly every
-- customer (~110,000 spans starting, ~21,600 ending). A customer's first span can never be
-- paired (nothing of theirs covers an earlier boundary): it is always a *new* member's MRR. So
-- each span now says whether it is its customer's first in the shop (`first_span`), the hours
-- sum the first spans' annualised cents at their start's hour (`first_arr`), and a partial index
-- holds the later spans, the only ones the read still pairs (docs/analytics.md).
ALTER TABLE "analytics_standings" ADD COLUMN "first_span" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_standing_hours" ADD COLUMN "first_arr" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "analytics_standings_later_idx" ON "analytics_standings" USING btree ("shop_id","from_at") WHERE not "analytics_standings"."first_span";--> statement-breakpoint
-- The spans of the customers `ids` as stored: analytics_standing_rows, each flagged when it is
-- its customer's earliest in the shop.
CREATE FUNCTION analytics_standing_spans(ids integer[]) RETURNS SETOF analytics_standings
LANGUAGE sql STABLE ROWS 20 AS $$
  SELECT r.shop_id, r.customer_id, r.from_at, r.to_at, r.tier_id, r.arr_cents, r.run_end,
    r.next_start, r.lost,
    r.from_at = min(r.from_at) OVER (PARTITION BY r.shop_id, r.customer_id)
  FROM analytics_standing_rows(ids) r
$$;
--> statement-breakpoint
-- As in 0024, plus the first spans' annualised cents at their start's hour.
CREATE OR REPLACE FUNCTION analytics_standing_add(spans analytics_standings[], dir integer)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO analytics_standing_hours AS d (shop_id, hour, tier_id, members, arr_cents, lost,
    first_arr)
  SELECT x.shop_id, x.hour, x.tier_id, dir * sum(x.members), dir * sum(x.arr), dir * sum(x.lost),
    dir * sum(x.first_arr)
  FROM (
    SELECT s.shop_id, date_trunc('hour', s.from_at, 'UTC') AS hour, s.tier_id, 1 AS members,
      s.arr_cents AS arr, 0 AS lost, CASE WHEN s.first_span THEN s.arr_cents ELSE 0 END AS first_arr
    FROM unnest(spans) s
    UNION ALL
    SELECT s.shop_id, date_trunc('hour', s.to_at, 'UTC'), s.tier_id, -1, -s.arr_cents, 0, 0
    FROM unnest(spans) s WHERE s.to_at IS NOT NULL
    UNION ALL
    SELECT s.shop_id, date_trunc('hour', s.run_end, 'UTC'), s.tier_id, 0, 0, 1, 0
    FROM unnest(spans) s WHERE s.lost = 1
  ) x
  GROUP BY x.shop_id, x.hour, x.tier_id
  ORDER BY x.shop_id, x.hour, x.tier_id
  ON CONFLICT (shop_id, hour, tier_id) DO UPDATE SET members = d.members + excluded.members,
    arr_cents = d.arr_cents + excluded.arr_cents, lost = d.lost + excluded.lost,
    first_arr = d.first_arr + excluded.first_arr
$$;
--> statement-breakpoint
-- As in 0026, from the flagged spans: a span whose flag changed (an earlier one added or taken
-- away) is taken out and put back like any other changed span.
CREATE OR REPLACE FUNCTION analytics_standing_refresh(ids integer[]) RETURNS void
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
  -- Customers new to the rollup (an import's, a first purchase's) have no spans to take out.
  IF EXISTS (SELECT 1 FROM analytics_standings a WHERE a.customer_id IN (SELECT unnest(ids))) THEN
  WITH fresh AS MATERIALIZED (
    SELECT * FROM analytics_standing_spans(ids)
  ), deleted AS (
    DELETE FROM analytics_standings a
    WHERE a.customer_id IN (SELECT unnest(ids)) AND NOT EXISTS (
      SELECT 1 FROM fresh f WHERE f.shop_id = a.shop_id AND f.customer_id = a.customer_id
        AND f.from_at = a.from_at AND f.to_at IS NOT DISTINCT FROM a.to_at
        AND f.tier_id = a.tier_id AND f.arr_cents = a.arr_cents
        AND f.run_end IS NOT DISTINCT FROM a.run_end
        AND f.next_start IS NOT DISTINCT FROM a.next_start AND f.lost = a.lost
        AND f.first_span = a.first_span)
    RETURNING a AS span
  )
  SELECT array_agg(d.span) INTO gone FROM deleted d;
  IF gone IS NOT NULL THEN
    PERFORM analytics_standing_add(gone, -1);
  END IF;
  END IF;
  WITH inserted AS (
    INSERT INTO analytics_standings AS a (shop_id, customer_id, from_at, to_at, tier_id, arr_cents,
      run_end, next_start, lost, first_span)
    SELECT f.* FROM analytics_standing_spans(ids) f
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
-- Backfill: flag each customer's earliest span, then sum the flagged spans into their hours.
UPDATE analytics_standings s SET first_span = true
FROM (SELECT shop_id, customer_id, min(from_at) AS from_at FROM analytics_standings
  GROUP BY shop_id, customer_id) f
WHERE s.shop_id = f.shop_id AND s.customer_id = f.customer_id AND s.from_at = f.from_at;
--> statement-breakpoint
UPDATE analytics_standing_hours h SET first_arr = x.arr
FROM (SELECT shop_id, date_trunc('hour', from_at, 'UTC') AS hour, tier_id, sum(arr_cents) AS arr
  FROM analytics_standings WHERE first_span GROUP BY 1, 2, 3) x
WHERE h.shop_id = x.shop_id AND h.hour = x.hour AND h.tier_id = x.tier_id;
