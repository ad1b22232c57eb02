-- hand-written: the benefit (0022) and standing (0024) recomputations skip their first step,
-- taking out the rows that are no longer right, for memberships and customers that have no rows
-- yet (it found nothing to take out, after computing all their rows once for nothing). Each
-- member import batch inserts hundreds of new memberships, and that step was a third of the
-- rollups' time in it (docs/benchmarks.md, issue 18). Otherwise as before.
CREATE OR REPLACE FUNCTION analytics_benefit_refresh(ids integer[]) RETURNS void
LANGUAGE plpgsql SET jit = off AS $$
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
  -- Rows that are no longer right go, and their counts with them (memberships new to the
  -- rollup, an insert's, have none: the recomputation is not run for nothing)...
  IF EXISTS (SELECT 1 FROM analytics_member_months a WHERE a.membership_id IN (SELECT unnest(ids)))
  THEN
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
  END IF;
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
