ALTER TABLE "customers" ADD COLUMN "locale" varchar(8);--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "default_locale" varchar(8) DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "follow_browser_locale" boolean DEFAULT true NOT NULL;