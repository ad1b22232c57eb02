CREATE TABLE "merchant_email_preferences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"new_member" boolean DEFAULT false NOT NULL,
	"failed_payment" boolean DEFAULT false NOT NULL,
	"refund" boolean DEFAULT false NOT NULL,
	"digest" varchar(8) DEFAULT 'none' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "card_label" varchar(64);--> statement-breakpoint
ALTER TABLE "merchant_email_preferences" ADD CONSTRAINT "merchant_email_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_email_preferences" ADD CONSTRAINT "merchant_email_preferences_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merchant_email_preferences_shop_idx" ON "merchant_email_preferences" USING btree ("shop_id");