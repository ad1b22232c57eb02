CREATE TABLE "analytics_renewal_events" (
	"transaction_id" integer PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"membership_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"tier_id" integer,
	"failed" boolean NOT NULL,
	"recovered" boolean NOT NULL,
	"tier_failed" boolean NOT NULL,
	"tier_recovered" boolean NOT NULL,
	"paid_cents" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "analytics_renewal_events_membership_idx" ON "analytics_renewal_events" USING btree ("membership_id");--> statement-breakpoint
-- hand-written: the shop's index carries what the recoveries read sums, so it reads the index alone.
CREATE INDEX "analytics_renewal_events_shop_idx" ON "analytics_renewal_events" USING btree ("shop_id","created_at") INCLUDE ("tier_id","failed","recovered","tier_failed","tier_recovered","paid_cents");--> statement-breakpoint
-- hand-written: the failed-payment recoveries (issue 19) from their own rollup. The read looked
-- up both neighbours of every failed renewal of the shop up to the window's end (14,662 on the
-- 100,000-member bench): 45-85 ms of the subscriptions read. Each renewal's flags depend only on
-- the renewal before it among its membership's (and, for a tier's figures, among its
-- membership's on the same tier), so a membership's rows are recomputed whole whenever one of
-- its renewals is written, under the membership's row lock (a second writer waits, then reads
-- both writes: each statement here reads the latest committed rows).
CREATE FUNCTION analytics_renewal_refresh(ids integer[]) RETURNS void
LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM customer_memberships
  WHERE id IN (SELECT unnest(ids)) ORDER BY id FOR NO KEY UPDATE;
  DELETE FROM analytics_renewal_events WHERE membership_id IN (SELECT unnest(ids));
  INSERT INTO analytics_renewal_events (transaction_id, shop_id, membership_id, created_at,
    tier_id, failed, recovered, tier_failed, tier_recovered, paid_cents)
  SELECT id, shop_id, membership_id, created_at, tier_id, failed, recovered, tier_failed,
    tier_recovered, paid_cents
  FROM (
    SELECT r.id, r.shop_id, r.membership_id, r.created_at, r.tier_id,
      r.status = 'failed' AND lag(r.status) OVER everyone IS DISTINCT FROM 'failed' AS failed,
      r.status <> 'failed'
        AND lag(r.status) OVER everyone IS NOT DISTINCT FROM 'failed' AS recovered,
      r.tier_id IS NOT NULL AND r.status = 'failed'
        AND lag(r.status) OVER same_tier IS DISTINCT FROM 'failed' AS tier_failed,
      r.tier_id IS NOT NULL AND r.status <> 'failed'
        AND lag(r.status) OVER same_tier IS NOT DISTINCT FROM 'failed' AS tier_recovered,
      CASE WHEN r.status = 'succeeded' THEN r.amount_cents ELSE 0 END AS paid_cents
    FROM (
      SELECT t.id, t.shop_id, t.customer_membership_id AS membership_id, t.created_at,
        t.tier_id, t.status, t.amount_cents
      FROM transactions t
      WHERE t.customer_membership_id IN (SELECT unnest(ids)) AND t.kind = 'membership_renewal'
    ) r
    WINDOW everyone AS (PARTITION BY r.membership_id ORDER BY r.created_at, r.id),
      same_tier AS (PARTITION BY r.membership_id, r.tier_id ORDER BY r.created_at, r.id)
  ) x
  WHERE failed OR recovered OR tier_failed OR tier_recovered
  ORDER BY id;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION analytics_renewal_transactions_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT customer_membership_id) INTO ids FROM new_rows
    WHERE customer_membership_id IS NOT NULL AND kind = 'membership_renewal';
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT customer_membership_id) INTO ids FROM old_rows
    WHERE customer_membership_id IS NOT NULL AND kind = 'membership_renewal';
  ELSE
    -- Only rows whose change matters: a refund's refunded_at, say, moves no flag.
    SELECT array_agg(DISTINCT x.id) INTO ids
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    CROSS JOIN LATERAL (VALUES (o.customer_membership_id), (n.customer_membership_id)) x(id)
    WHERE x.id IS NOT NULL
      AND (o.kind = 'membership_renewal' OR n.kind = 'membership_renewal')
      AND (o.customer_membership_id, o.shop_id, o.kind, o.status, o.created_at, o.tier_id,
          o.amount_cents)
        IS DISTINCT FROM (n.customer_membership_id, n.shop_id, n.kind, n.status, n.created_at,
          n.tier_id, n.amount_cents);
  END IF;
  -- A renewal left without its membership (one deleted) has no neighbours: a failure counts
  -- alone, and nothing it is followed by is a recovery. Its row goes before the memberships'
  -- are recomputed (a renewal linked again becomes theirs) and comes back after.
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM analytics_renewal_events
    WHERE membership_id IS NULL AND transaction_id IN (SELECT id FROM old_rows
      WHERE kind = 'membership_renewal' AND customer_membership_id IS NULL);
  END IF;
  PERFORM analytics_renewal_refresh(ids);
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO analytics_renewal_events (transaction_id, shop_id, membership_id, created_at,
      tier_id, failed, recovered, tier_failed, tier_recovered, paid_cents)
    SELECT n.id, n.shop_id, NULL, n.created_at, n.tier_id, true, false,
      n.tier_id IS NOT NULL, false, 0
    FROM new_rows n
    WHERE n.kind = 'membership_renewal' AND n.customer_membership_id IS NULL
      AND n.status = 'failed'
    ORDER BY n.id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER analytics_renewal_transactions_insert AFTER INSERT ON transactions
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION analytics_renewal_transactions_sync();
--> statement-breakpoint
CREATE TRIGGER analytics_renewal_transactions_update AFTER UPDATE ON transactions
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION analytics_renewal_transactions_sync();
--> statement-breakpoint
CREATE TRIGGER analytics_renewal_transactions_delete AFTER DELETE ON transactions
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION analytics_renewal_transactions_sync();
--> statement-breakpoint
-- The shops' renewals so far: those without a membership, then the memberships' in chunks (one
-- call would lock every one of them).
INSERT INTO analytics_renewal_events (transaction_id, shop_id, membership_id, created_at,
  tier_id, failed, recovered, tier_failed, tier_recovered, paid_cents)
SELECT t.id, t.shop_id, NULL, t.created_at, t.tier_id, true, false, t.tier_id IS NOT NULL,
  false, 0
FROM transactions t
WHERE t.kind = 'membership_renewal' AND t.customer_membership_id IS NULL
  AND t.status = 'failed';
--> statement-breakpoint
DO $$
DECLARE
  chunk integer[];
BEGIN
  FOR chunk IN
    SELECT array_agg(membership_id) FROM (
      SELECT DISTINCT customer_membership_id AS membership_id,
        dense_rank() OVER (ORDER BY customer_membership_id) / 5000 AS part
      FROM transactions
      WHERE kind = 'membership_renewal' AND customer_membership_id IS NOT NULL
    ) m GROUP BY part
  LOOP
    PERFORM analytics_renewal_refresh(chunk);
  END LOOP;
END;
$$;
--> statement-breakpoint
-- Statistics for the new table at once (the planner would take it for empty until autovacuum).
ANALYZE analytics_renewal_events;
