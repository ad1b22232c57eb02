-- Members search uses trigram indexes (substring match on name and e-mail at 100,000 members).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "last_activity_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "customers_shop_activity_idx" ON "customers" USING btree ("shop_id","last_activity_at");--> statement-breakpoint
CREATE INDEX "customers_search_trgm_idx" ON "customers" USING gin (lower("first_name" || ' ' || "last_name" || ' ' || "email") gin_trgm_ops);--> statement-breakpoint
-- Existing members: their latest payment or redemption, else when they joined.
UPDATE "customers" c SET "last_activity_at" = greatest(
  c."created_at",
  coalesce((SELECT max(t."created_at") FROM "transactions" t WHERE t."customer_id" = c."id" AND t."status" = 'succeeded'), c."created_at"),
  coalesce((SELECT max(r."redemption_date") FROM "redemptions" r WHERE r."customer_id" = c."id"), c."created_at")
);--> statement-breakpoint
-- Kept by the database so every writer (services, jobs, seeds, imports) moves it.
CREATE OR REPLACE FUNCTION "touch_customer_activity"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  at timestamptz;
BEGIN
  IF TG_TABLE_NAME = 'redemptions' THEN
    at := NEW."redemption_date";
  ELSE
    at := NEW."created_at";
  END IF;
  UPDATE "customers" SET "last_activity_at" = at
  WHERE "id" = NEW."customer_id" AND "last_activity_at" < at;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "transactions_touch_customer_activity" AFTER INSERT ON "transactions"
  FOR EACH ROW WHEN (NEW."customer_id" IS NOT NULL AND NEW."status" = 'succeeded')
  EXECUTE FUNCTION "touch_customer_activity"();--> statement-breakpoint
CREATE TRIGGER "redemptions_touch_customer_activity" AFTER INSERT ON "redemptions"
  FOR EACH ROW WHEN (NEW."customer_id" IS NOT NULL)
  EXECUTE FUNCTION "touch_customer_activity"();
