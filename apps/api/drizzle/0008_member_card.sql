-- Member card codes: existing members get theirs here (the column default, one per row).
ALTER TABLE "customers" ADD COLUMN "member_code" varchar(32) DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_shop_member_code_unique" ON "customers" USING btree ("shop_id","member_code");