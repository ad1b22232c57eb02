CREATE TABLE "transaction_rollup_state" (
	"shop_id" integer PRIMARY KEY NOT NULL,
	"rolled_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transaction_rollups" (
	"shop_id" integer NOT NULL,
	"bucket_start" timestamp with time zone NOT NULL,
	"membership_cents" bigint DEFAULT 0 NOT NULL,
	"new_memberships" integer DEFAULT 0 NOT NULL,
	"offer_cents" bigint DEFAULT 0 NOT NULL,
	"offer_count" integer DEFAULT 0 NOT NULL,
	"online_count" integer DEFAULT 0 NOT NULL,
	"pos_count" integer DEFAULT 0 NOT NULL,
	"cash_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "transaction_rollups_shop_id_bucket_start_pk" PRIMARY KEY("shop_id","bucket_start")
);
--> statement-breakpoint
ALTER TABLE "transaction_rollup_state" ADD CONSTRAINT "transaction_rollup_state_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_rollups" ADD CONSTRAINT "transaction_rollups_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transaction_rollup_state_until_idx" ON "transaction_rollup_state" USING btree ("rolled_until");--> statement-breakpoint
CREATE INDEX "transactions_shop_payment_created_idx" ON "transactions" USING btree ("shop_id","payment_type","created_at");