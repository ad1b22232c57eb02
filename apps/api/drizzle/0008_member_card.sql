-- Member card codes and wallet serials: existing members get theirs here (the column defaults, one per row).
CREATE TABLE "apple_pass_registrations" (
	"device_library_id" varchar(128) NOT NULL,
	"pass_type_id" varchar(128) NOT NULL,
	"serial_number" uuid NOT NULL,
	"push_token" varchar(256) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "apple_pass_registrations_device_library_id_pass_type_id_serial_number_pk" PRIMARY KEY("device_library_id","pass_type_id","serial_number")
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "member_code" varchar(32) DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "wallet_serial" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
CREATE INDEX "apple_pass_registrations_serial_idx" ON "apple_pass_registrations" USING btree ("serial_number");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_shop_member_code_unique" ON "customers" USING btree ("shop_id","member_code");--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_wallet_serial_unique" UNIQUE("wallet_serial");