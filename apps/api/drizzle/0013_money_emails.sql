CREATE TABLE "customer_email_preferences" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"reminders" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_email_settings" (
	"shop_id" integer PRIMARY KEY NOT NULL,
	"yearly_reminder_days" integer DEFAULT 7 NOT NULL,
	"monthly_reminder_days" integer DEFAULT 3 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "idempotency_key" varchar(400);--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "template" varchar(40);--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "payload" jsonb;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "category" varchar(24);--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "shop_id" integer;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "reply_to" varchar(254);--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "customer_email_preferences" ADD CONSTRAINT "customer_email_preferences_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_email_preferences" ADD CONSTRAINT "customer_email_preferences_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_email_settings" ADD CONSTRAINT "shop_email_settings_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_email_preferences_shop_customer" ON "customer_email_preferences" USING btree ("shop_id","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "email_outbox_idempotency_unique" ON "email_outbox" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" USING btree ("next_attempt_at") WHERE "email_outbox"."next_attempt_at" is not null;