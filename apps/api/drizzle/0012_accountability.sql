CREATE TABLE "audit_log" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"shop_id" integer NOT NULL,
	"actor_kind" varchar(16) NOT NULL,
	"actor_id" integer,
	"actor_name" varchar(210),
	"action" varchar(48) NOT NULL,
	"target_type" varchar(24),
	"target_id" integer,
	"target_label" varchar(200),
	"before" jsonb,
	"after" jsonb,
	"ip" varchar(64),
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_log_shop_time_idx" ON "audit_log" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_shop_actor_idx" ON "audit_log" USING btree ("shop_id","actor_id");--> statement-breakpoint
-- hand-written: the audit log is append-only. Rows are written by the actions they record and
-- never changed or removed, by the application or by anyone with SQL access through it.
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % is not allowed', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_no_update_delete BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
