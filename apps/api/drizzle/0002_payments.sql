CREATE TABLE "cashback_ledger" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cashback_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"shop_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"kind" varchar(24) NOT NULL,
	"transaction_id" integer,
	"customer_membership_id" integer,
	"description" varchar(200) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cashback_ledger_not_zero" CHECK ("cashback_ledger"."amount_cents" <> 0)
);
--> statement-breakpoint
CREATE TABLE "checkouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"type" varchar(16) NOT NULL,
	"tier_id" integer,
	"offer_id" integer,
	"plan" varchar(16),
	"price_cents" integer NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"cashback_cents" integer DEFAULT 0 NOT NULL,
	"amount_cents" integer NOT NULL,
	"payment_type" varchar(16) DEFAULT 'online' NOT NULL,
	"created_by_user_id" integer,
	"provider" varchar(16) NOT NULL,
	"client_token" text NOT NULL,
	"status" varchar(16) DEFAULT 'open' NOT NULL,
	"provider_transaction_id" varchar(128),
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkouts_amount_positive" CHECK ("checkouts"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "customer_memberships" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_memberships_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"shop_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"tier_id" integer NOT NULL,
	"plan" varchar(16) NOT NULL,
	"status" varchar(16) NOT NULL,
	"payment_type" varchar(16) NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"expire_date" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"next_tier_id" integer,
	"next_plan" varchar(16),
	"card_token" text,
	"card_label" varchar(64),
	"next_reward_at" timestamp with time zone,
	"renewal_attempts" integer DEFAULT 0 NOT NULL,
	"next_renewal_attempt_at" timestamp with time zone,
	"pending_charge_reference" varchar(128),
	"expiry_notice_sent_for" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_offers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_offers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"shop_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"offer_id" integer NOT NULL,
	"transaction_id" integer,
	"checkout_id" uuid,
	"price_paid_cents" integer NOT NULL,
	"purchased_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"redeemed_at" timestamp with time zone,
	"redeemed_by_user_id" integer,
	"voided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"shop_id" integer NOT NULL,
	"user_id" integer,
	"customer_id" integer,
	"event" varchar(48) NOT NULL,
	"title" varchar(120) NOT NULL,
	"message" varchar(500) NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_one_recipient" CHECK (("notifications"."user_id" is null) <> ("notifications"."customer_id" is null))
);
--> statement-breakpoint
CREATE TABLE "sandbox_cards" (
	"token" varchar(40) PRIMARY KEY NOT NULL,
	"location_id" varchar(64) NOT NULL,
	"label" varchar(64) NOT NULL,
	"declines" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_intentions" (
	"client_token" text PRIMARY KEY NOT NULL,
	"location_id" varchar(64) NOT NULL,
	"amount_cents" integer NOT NULL,
	"transaction_id" varchar(40),
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_recurrings" (
	"id" varchar(40) PRIMARY KEY NOT NULL,
	"location_id" varchar(64) NOT NULL,
	"card_token" varchar(40) NOT NULL,
	"amount_cents" integer NOT NULL,
	"interval" varchar(16) NOT NULL,
	"start_date" varchar(10) NOT NULL,
	"status" varchar(16) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_transactions" (
	"id" varchar(40) PRIMARY KEY NOT NULL,
	"location_id" varchar(64) NOT NULL,
	"amount_cents" integer NOT NULL,
	"status_code" integer NOT NULL,
	"client_token" text,
	"reference" varchar(128),
	"card_token" varchar(40),
	"card_label" varchar(64),
	"refund_of" varchar(40),
	"refunded" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"shop_id" integer NOT NULL,
	"customer_id" integer,
	"customer_name" varchar(210) NOT NULL,
	"kind" varchar(24) NOT NULL,
	"customer_membership_id" integer,
	"tier_id" integer,
	"membership_name" varchar(100),
	"plan" varchar(16),
	"offer_id" integer,
	"offer_name" varchar(50),
	"payment_type" varchar(16) NOT NULL,
	"price_cents" integer NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"cashback_used_cents" integer DEFAULT 0 NOT NULL,
	"amount_cents" integer NOT NULL,
	"provider" varchar(16),
	"provider_reference" varchar(128),
	"status" varchar(16) NOT NULL,
	"transaction_by" varchar(210) NOT NULL,
	"transaction_by_user_id" integer,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "fortis_id" varchar(64);--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "fortis_user_id" varchar(64);--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "fortis_api_key_encrypted" text;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "fortis_product_transaction_id" varchar(64);--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "payments_provider" varchar(16);--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "onboarding_reference" varchar(64);--> statement-breakpoint
ALTER TABLE "cashback_ledger" ADD CONSTRAINT "cashback_ledger_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashback_ledger" ADD CONSTRAINT "cashback_ledger_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashback_ledger" ADD CONSTRAINT "cashback_ledger_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashback_ledger" ADD CONSTRAINT "cashback_ledger_customer_membership_id_customer_memberships_id_fk" FOREIGN KEY ("customer_membership_id") REFERENCES "public"."customer_memberships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_tier_id_membership_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."membership_tiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_memberships" ADD CONSTRAINT "customer_memberships_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_memberships" ADD CONSTRAINT "customer_memberships_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_memberships" ADD CONSTRAINT "customer_memberships_tier_id_membership_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."membership_tiers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_memberships" ADD CONSTRAINT "customer_memberships_next_tier_id_membership_tiers_id_fk" FOREIGN KEY ("next_tier_id") REFERENCES "public"."membership_tiers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_offers" ADD CONSTRAINT "customer_offers_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_offers" ADD CONSTRAINT "customer_offers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_offers" ADD CONSTRAINT "customer_offers_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_offers" ADD CONSTRAINT "customer_offers_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_offers" ADD CONSTRAINT "customer_offers_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_offers" ADD CONSTRAINT "customer_offers_redeemed_by_user_id_users_id_fk" FOREIGN KEY ("redeemed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_customer_membership_id_customer_memberships_id_fk" FOREIGN KEY ("customer_membership_id") REFERENCES "public"."customer_memberships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_tier_id_membership_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."membership_tiers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_transaction_by_user_id_users_id_fk" FOREIGN KEY ("transaction_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cashback_ledger_customer_idx" ON "cashback_ledger" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "checkouts_offer_open_idx" ON "checkouts" USING btree ("offer_id","status","expires_at");--> statement-breakpoint
CREATE INDEX "checkouts_customer_idx" ON "checkouts" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_memberships_current_unique" ON "customer_memberships" USING btree ("customer_id") WHERE "customer_memberships"."status" <> 'expired';--> statement-breakpoint
CREATE INDEX "customer_memberships_shop_tier_idx" ON "customer_memberships" USING btree ("shop_id","tier_id");--> statement-breakpoint
CREATE INDEX "customer_memberships_due_idx" ON "customer_memberships" USING btree ("status","expire_date");--> statement-breakpoint
CREATE INDEX "customer_memberships_reward_idx" ON "customer_memberships" USING btree ("next_reward_at");--> statement-breakpoint
CREATE INDEX "customer_offers_offer_idx" ON "customer_offers" USING btree ("offer_id");--> statement-breakpoint
CREATE INDEX "customer_offers_customer_idx" ON "customer_offers" USING btree ("customer_id","purchased_at");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_offers_checkout_unique" ON "customer_offers" USING btree ("checkout_id") WHERE "customer_offers"."checkout_id" is not null;--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_customer_idx" ON "notifications" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_transactions_reference_unique" ON "sandbox_transactions" USING btree ("location_id","reference") WHERE "sandbox_transactions"."reference" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_provider_reference_unique" ON "transactions" USING btree ("provider","provider_reference") WHERE "transactions"."provider_reference" is not null;--> statement-breakpoint
CREATE INDEX "transactions_shop_created_idx" ON "transactions" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE INDEX "transactions_customer_idx" ON "transactions" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "transactions_offer_idx" ON "transactions" USING btree ("offer_id");--> statement-breakpoint
CREATE INDEX "transactions_tier_idx" ON "transactions" USING btree ("tier_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shops_onboarding_reference_unique" ON "shops" USING btree ("onboarding_reference");