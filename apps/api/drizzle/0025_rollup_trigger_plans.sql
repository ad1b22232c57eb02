-- hand-written: the benefit rollup's per-write recomputation read the whole shop (issue 19).
-- analytics_member_month_rows was a SQL function whose filter `CASE WHEN ids IS NULL THEN
-- shop ELSE ids END` got a plan for every membership of the shop, with JIT compilation on top:
-- 2.4-5.4 s for one membership on the 100,000-member bench. Now plpgsql with two queries, each
-- planned for the values given (EXECUTE … USING): a trigger's memberships looked up by primary
-- key, a shop's (the horizon's extension, the backfill) by shop. Same rows as before, and no
-- JIT (the estimates are a whole shop's; compiling costs more than the few rows read).
-- The cohort (0020) and standing (0024) recomputations were measured under 60 ms per write and
-- the offer triggers (0021) only add increments: left as they are.
CREATE OR REPLACE FUNCTION analytics_member_month_rows(ids integer[], p_shop integer,
  lo timestamptz, hi timestamptz)
RETURNS TABLE (membership_id integer, k integer, shop_id integer, month_start timestamptz,
  tier_id integer, used integer[])
LANGUAGE plpgsql STABLE ROWS 50 SET jit = off AS $$
DECLARE
  q text := $q$
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
        THEN m.expire_date END, 'infinity'), coalesce($4, h.until, '-infinity')) AS stop
  ) b
  CROSS JOIN LATERAL (
    SELECT age(greatest($3, m.start_date) AT TIME ZONE 'UTC', b.base) AS a0,
      age(greatest(b.stop, m.start_date) AT TIME ZONE 'UTC', b.base) AS a1
  ) a
  CROSS JOIN LATERAL generate_series(
    greatest(0, (extract(year FROM a.a0) * 12 + extract(month FROM a.a0))::integer - 1),
    (extract(year FROM a.a1) * 12 + extract(month FROM a.a1))::integer + 1) AS g(k)
  CROSS JOIN LATERAL (SELECT (b.base + make_interval(months => g.k)) AT TIME ZONE 'UTC' AS at) t
  WHERE b.stop > '-infinity' AND t.at >= $3 AND t.at < b.stop AND $q$;
BEGIN
  IF ids IS NULL THEN
    RETURN QUERY EXECUTE q || 'm.shop_id = $2' USING ids, p_shop, lo, hi;
  ELSE
    RETURN QUERY EXECUTE q || 'm.id = ANY($1)' USING ids, p_shop, lo, hi;
  END IF;
END;
$$;
--> statement-breakpoint
ALTER FUNCTION analytics_benefit_refresh(integer[]) SET jit = off;
