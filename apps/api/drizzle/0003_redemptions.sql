CREATE TABLE "redemptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "redemptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"shop_id" integer NOT NULL,
	"customer_id" integer,
	"customer_name" varchar(210) NOT NULL,
	"redemption_type" varchar(16) NOT NULL,
	"item" varchar(120) NOT NULL,
	"value_cents" integer NOT NULL,
	"customer_membership_id" integer,
	"benefit_id" integer,
	"membership_month" integer,
	"customer_offer_id" integer,
	"performed_by" varchar(16) NOT NULL,
	"performed_by_user_id" integer,
	"performed_by_name" varchar(210) NOT NULL,
	"redemption_date" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_customer_membership_id_customer_memberships_id_fk" FOREIGN KEY ("customer_membership_id") REFERENCES "public"."customer_memberships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_customer_offer_id_customer_offers_id_fk" FOREIGN KEY ("customer_offer_id") REFERENCES "public"."customer_offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_performed_by_user_id_users_id_fk" FOREIGN KEY ("performed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "redemptions_benefit_month_unique" ON "redemptions" USING btree ("customer_membership_id","benefit_id","membership_month") WHERE "redemptions"."redemption_type" = 'benefit';--> statement-breakpoint
CREATE UNIQUE INDEX "redemptions_customer_offer_unique" ON "redemptions" USING btree ("customer_offer_id") WHERE "redemptions"."redemption_type" = 'offer';--> statement-breakpoint
CREATE INDEX "redemptions_shop_date_idx" ON "redemptions" USING btree ("shop_id","redemption_date");--> statement-breakpoint
CREATE INDEX "redemptions_customer_idx" ON "redemptions" USING btree ("customer_id","redemption_date");