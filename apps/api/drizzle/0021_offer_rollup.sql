CREATE TABLE "analytics_offer_days" (
	"shop_id" integer NOT NULL,
	"offer_id" integer NOT NULL,
	"day" date NOT NULL,
	"sold" integer NOT NULL,
	"redeemed" integer NOT NULL,
	"revenue_cents" bigint NOT NULL,
	"payments" integer NOT NULL,
	CONSTRAINT "analytics_offer_days_shop_id_day_offer_id_pk" PRIMARY KEY("shop_id","day","offer_id")
);
--> statement-breakpoint
ALTER TABLE "analytics_offer_days" ADD CONSTRAINT "analytics_offer_days_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_offers_shop_purchased_idx" ON "customer_offers" USING btree ("shop_id","purchased_at");
--> statement-breakpoint
-- hand-written: offer analytics (issue 19) sum analytics_offer_days instead of every purchase.
-- A purchase counts on its UTC day while not voided (redeemed too once redeemed_at is set); a
-- succeeded offer_purchase transaction adds its card or cash and cashback to its UTC day. The
-- statement triggers below take a changed row's old contribution out and its new one in, summed
-- per key and written in key order with INSERT … ON CONFLICT DO UPDATE SET n = n + excluded.n:
-- an increment under the row lock the upsert takes, so concurrent writers of the same day add
-- up (no read-modify-write) and take the day rows in one order (no deadlock between them).
CREATE FUNCTION analytics_offer_days_add(p_rows jsonb) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO analytics_offer_days AS d (shop_id, offer_id, day, sold, redeemed, revenue_cents, payments)
  SELECT shop_id, offer_id, day, sum(sold), sum(redeemed), sum(revenue_cents), sum(payments)
  FROM jsonb_to_recordset(p_rows) AS r(shop_id integer, offer_id integer, day date,
    sold integer, redeemed integer, revenue_cents bigint, payments integer)
  GROUP BY shop_id, offer_id, day
  HAVING sum(sold) <> 0 OR sum(redeemed) <> 0 OR sum(revenue_cents) <> 0 OR sum(payments) <> 0
  ORDER BY shop_id, day, offer_id
  ON CONFLICT (shop_id, day, offer_id) DO UPDATE SET sold = d.sold + excluded.sold,
    redeemed = d.redeemed + excluded.redeemed, revenue_cents = d.revenue_cents + excluded.revenue_cents,
    payments = d.payments + excluded.payments;
$$;
--> statement-breakpoint
CREATE FUNCTION analytics_offer_days_sales() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes jsonb := '[]';
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT changes || coalesce(jsonb_agg(jsonb_build_object('shop_id', shop_id, 'offer_id', offer_id,
      'day', (purchased_at AT TIME ZONE 'UTC')::date, 'sold', -1,
      'redeemed', -(redeemed_at IS NOT NULL)::int, 'revenue_cents', 0, 'payments', 0)), '[]')
    INTO changes FROM old_rows WHERE voided_at IS NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT changes || coalesce(jsonb_agg(jsonb_build_object('shop_id', shop_id, 'offer_id', offer_id,
      'day', (purchased_at AT TIME ZONE 'UTC')::date, 'sold', 1,
      'redeemed', (redeemed_at IS NOT NULL)::int, 'revenue_cents', 0, 'payments', 0)), '[]')
    INTO changes FROM new_rows WHERE voided_at IS NULL;
  END IF;
  IF changes <> '[]' THEN
    PERFORM analytics_offer_days_add(changes);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION analytics_offer_days_payments() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes jsonb := '[]';
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT changes || coalesce(jsonb_agg(jsonb_build_object('shop_id', shop_id, 'offer_id', offer_id,
      'day', (created_at AT TIME ZONE 'UTC')::date, 'sold', 0, 'redeemed', 0,
      'revenue_cents', -(amount_cents + cashback_used_cents)::bigint, 'payments', -1)), '[]')
    INTO changes FROM old_rows
    WHERE kind = 'offer_purchase' AND status = 'succeeded' AND offer_id IS NOT NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    SELECT changes || coalesce(jsonb_agg(jsonb_build_object('shop_id', shop_id, 'offer_id', offer_id,
      'day', (created_at AT TIME ZONE 'UTC')::date, 'sold', 0, 'redeemed', 0,
      'revenue_cents', (amount_cents + cashback_used_cents)::bigint, 'payments', 1)), '[]')
    INTO changes FROM new_rows
    WHERE kind = 'offer_purchase' AND status = 'succeeded' AND offer_id IS NOT NULL;
  END IF;
  IF changes <> '[]' THEN
    PERFORM analytics_offer_days_add(changes);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER analytics_offer_days_sales_insert AFTER INSERT ON customer_offers
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION analytics_offer_days_sales();
--> statement-breakpoint
CREATE TRIGGER analytics_offer_days_sales_update AFTER UPDATE ON customer_offers
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION analytics_offer_days_sales();
--> statement-breakpoint
CREATE TRIGGER analytics_offer_days_sales_delete AFTER DELETE ON customer_offers
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION analytics_offer_days_sales();
--> statement-breakpoint
CREATE TRIGGER analytics_offer_days_payments_insert AFTER INSERT ON transactions
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION analytics_offer_days_payments();
--> statement-breakpoint
CREATE TRIGGER analytics_offer_days_payments_update AFTER UPDATE ON transactions
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION analytics_offer_days_payments();
--> statement-breakpoint
CREATE TRIGGER analytics_offer_days_payments_delete AFTER DELETE ON transactions
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION analytics_offer_days_payments();
--> statement-breakpoint
-- Backfill: every purchase and paying transaction so far.
INSERT INTO analytics_offer_days (shop_id, offer_id, day, sold, redeemed, revenue_cents, payments)
SELECT shop_id, offer_id, day, sum(sold), sum(redeemed), sum(revenue_cents), sum(payments)
FROM (
  SELECT shop_id, offer_id, (purchased_at AT TIME ZONE 'UTC')::date AS day, 1 AS sold,
    (redeemed_at IS NOT NULL)::int AS redeemed, 0::bigint AS revenue_cents, 0 AS payments
  FROM customer_offers WHERE voided_at IS NULL
  UNION ALL
  SELECT shop_id, offer_id, (created_at AT TIME ZONE 'UTC')::date, 0, 0,
    (amount_cents + cashback_used_cents)::bigint, 1
  FROM transactions
  WHERE kind = 'offer_purchase' AND status = 'succeeded' AND offer_id IS NOT NULL
) f
GROUP BY shop_id, offer_id, day;
--> statement-breakpoint
-- hand-written: the offers read sums the rows themselves for at most two cut UTC days; this
-- index holds just the offer payments of those days with every column the read needs, so it
-- reads no table pages (all other kinds, most of a day's transactions, left out).
CREATE INDEX transactions_offer_purchases_idx ON transactions (shop_id, created_at)
INCLUDE (offer_id, status, amount_cents, cashback_used_cents) WHERE kind = 'offer_purchase';
