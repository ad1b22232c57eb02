CREATE TABLE "membership_price_changes" (
	"membership_id" integer NOT NULL,
	"transaction_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	"tier_id" integer,
	"arr_cents" bigint NOT NULL,
	CONSTRAINT "membership_price_changes_membership_id_transaction_id_pk" PRIMARY KEY("membership_id","transaction_id")
);
--> statement-breakpoint
ALTER TABLE "membership_price_changes" ADD CONSTRAINT "membership_price_changes_membership_id_customer_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."customer_memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_price_changes" ADD CONSTRAINT "membership_price_changes_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "membership_price_changes_shop_idx" ON "membership_price_changes" USING btree ("shop_id","changed_at");--> statement-breakpoint
CREATE INDEX "transactions_membership_created_idx" ON "transactions" USING btree ("customer_membership_id","created_at");--> statement-breakpoint
CREATE INDEX "transactions_failed_renewals_idx" ON "transactions" USING btree ("shop_id","created_at") WHERE "transactions"."kind" = 'membership_renewal' and "transactions"."status" = 'failed';--> statement-breakpoint
-- hand-written:
-- Subscription analytics (issue 19): membership_price_changes holds, per membership, the
-- succeeded or refunded purchases and renewals that set its tier or price (the first, and each
-- whose tier or annualised price differs from the payment before). It is a function of the
-- membership's payments alone, so a change recomputes the memberships it touches.
-- Two writers of one membership's payments (a renewal and a refund, say) recompute one after
-- the other: each first locks the membership rows (in id order, so two statements never wait
-- on each other crosswise); the second waits for the first to commit and, as each statement
-- of the function reads the latest committed data, then sees both payments. NO KEY UPDATE
-- leaves the payments' own foreign-key locks (KEY SHARE) free.
CREATE FUNCTION membership_price_changes_refresh(ids integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN
    RETURN;
  END IF;
  PERFORM 1 FROM customer_memberships
  WHERE id IN (SELECT unnest(ids)) ORDER BY id FOR NO KEY UPDATE;
  DELETE FROM membership_price_changes WHERE membership_id IN (SELECT unnest(ids));
  INSERT INTO membership_price_changes
    (membership_id, transaction_id, shop_id, changed_at, tier_id, arr_cents)
  SELECT membership_id, transaction_id, shop_id, changed_at, tier_id, arr_cents
  FROM (
    SELECT p.*, row_number() OVER w AS n, lag(p.tier_id) OVER w AS previous_tier,
      lag(p.arr_cents) OVER w AS previous_arr
    FROM (
      SELECT t.customer_membership_id AS membership_id, t.id AS transaction_id, m.shop_id,
        t.created_at AS changed_at, t.tier_id,
        (t.price_cents - t.discount_cents)::bigint
          * (CASE WHEN t.plan = 'yearly' THEN 1 ELSE 12 END) AS arr_cents
      FROM transactions t
      JOIN customer_memberships m ON m.id = t.customer_membership_id AND m.shop_id = t.shop_id
      WHERE t.customer_membership_id IN (SELECT unnest(ids))
        AND t.kind IN ('membership_purchase', 'membership_renewal')
        AND t.status IN ('succeeded', 'refunded')
    ) p
    WINDOW w AS (PARTITION BY p.membership_id ORDER BY p.changed_at, p.transaction_id)
  ) c
  WHERE n = 1 OR previous_tier IS NULL OR previous_tier <> tier_id OR previous_arr <> arr_cents;
END;
$$;
--> statement-breakpoint
-- Statement triggers with the changed rows: a bulk insert recomputes its memberships in one go.
CREATE FUNCTION membership_price_changes_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT customer_membership_id) INTO ids FROM new_rows
    WHERE customer_membership_id IS NOT NULL
      AND kind IN ('membership_purchase', 'membership_renewal');
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT customer_membership_id) INTO ids FROM old_rows
    WHERE customer_membership_id IS NOT NULL
      AND kind IN ('membership_purchase', 'membership_renewal');
  ELSE
    -- Only rows whose change matters: a refund's refunded_at, say, changes no price.
    SELECT array_agg(DISTINCT x.id) INTO ids
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    CROSS JOIN LATERAL (VALUES (o.customer_membership_id), (n.customer_membership_id)) x(id)
    WHERE x.id IS NOT NULL
      AND (o.kind IN ('membership_purchase', 'membership_renewal')
        OR n.kind IN ('membership_purchase', 'membership_renewal'))
      AND (o.customer_membership_id, o.shop_id, o.kind, o.status, o.created_at, o.tier_id,
          o.plan, o.price_cents, o.discount_cents)
        IS DISTINCT FROM (n.customer_membership_id, n.shop_id, n.kind, n.status, n.created_at,
          n.tier_id, n.plan, n.price_cents, n.discount_cents);
  END IF;
  PERFORM membership_price_changes_refresh(ids);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER membership_price_changes_sync_insert AFTER INSERT ON transactions
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION membership_price_changes_sync();
--> statement-breakpoint
CREATE TRIGGER membership_price_changes_sync_update AFTER UPDATE ON transactions
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION membership_price_changes_sync();
--> statement-breakpoint
CREATE TRIGGER membership_price_changes_sync_delete AFTER DELETE ON transactions
REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION membership_price_changes_sync();
--> statement-breakpoint
-- Backfill: every membership's changes from the payments already recorded.
SELECT membership_price_changes_refresh(coalesce(array_agg(id), '{}')) FROM customer_memberships;
