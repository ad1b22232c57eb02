CREATE TABLE "membership_benefits" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "membership_benefits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tier_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"worth_cents" integer NOT NULL,
	"benefit_type" varchar(16) DEFAULT 'monthly' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_benefits_worth_positive" CHECK ("membership_benefits"."worth_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "membership_tiers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "membership_tiers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"shop_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"description" varchar(1000) NOT NULL,
	"price_cents" integer NOT NULL,
	"cashback_reward_cents" integer NOT NULL,
	"renewal" varchar(16) NOT NULL,
	"reward_frequency" varchar(16) NOT NULL,
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_tiers_price_positive" CHECK ("membership_tiers"."price_cents" > 0),
	CONSTRAINT "membership_tiers_cashback_positive" CHECK ("membership_tiers"."cashback_reward_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "offers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"shop_id" integer NOT NULL,
	"offer_name" varchar(50) NOT NULL,
	"description" varchar(2000) NOT NULL,
	"redemption_instructions" varchar(500),
	"original_price_cents" integer,
	"offer_price_cents" integer NOT NULL,
	"is_limited" boolean DEFAULT false NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"is_limited_per_user" boolean DEFAULT false NOT NULL,
	"limit_per_user" integer DEFAULT 0 NOT NULL,
	"has_validity" boolean DEFAULT false NOT NULL,
	"validity_days" integer DEFAULT 0 NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"offer_image" text NOT NULL,
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_dates_ordered" CHECK ("offers"."end_date" >= "offers"."start_date"),
	CONSTRAINT "offers_price_positive" CHECK ("offers"."offer_price_cents" > 0),
	CONSTRAINT "offers_original_price_higher" CHECK ("offers"."original_price_cents" is null or "offers"."original_price_cents" > "offers"."offer_price_cents"),
	CONSTRAINT "offers_counts_not_negative" CHECK ("offers"."quantity" >= 0 and "offers"."limit_per_user" >= 0 and "offers"."validity_days" >= 0)
);
--> statement-breakpoint
ALTER TABLE "membership_benefits" ADD CONSTRAINT "membership_benefits_tier_id_membership_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."membership_tiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_benefits" ADD CONSTRAINT "membership_benefits_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_tiers" ADD CONSTRAINT "membership_tiers_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "membership_benefits_tier_idx" ON "membership_benefits" USING btree ("tier_id","position");--> statement-breakpoint
CREATE INDEX "membership_benefits_shop_idx" ON "membership_benefits" USING btree ("shop_id");--> statement-breakpoint
CREATE INDEX "membership_tiers_shop_status_idx" ON "membership_tiers" USING btree ("shop_id","status");--> statement-breakpoint
CREATE INDEX "offers_shop_end_idx" ON "offers" USING btree ("shop_id","end_date");--> statement-breakpoint
CREATE INDEX "offers_shop_start_idx" ON "offers" USING btree ("shop_id","start_date");