ALTER TABLE "email_outbox" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "idempotency_key" varchar(400);--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "template" varchar(40);--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "payload" jsonb;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "category" varchar(24);--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "shop_id" integer;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "reply_to" varchar(254);--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "email_outbox_idempotency_unique" ON "email_outbox" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" USING btree ("next_attempt_at") WHERE "email_outbox"."next_attempt_at" is not null;