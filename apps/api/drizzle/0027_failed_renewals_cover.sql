-- hand-written: the failed renewals' partial index carries what the subscriptions read's
-- recoveries take from each failed renewal (its membership, id and tier), so that read scans the
-- index alone instead of fetching each of a large shop's failed renewals from the table (54 of
-- 98 ms for 14,662 failures, docs/benchmarks.md, issue 19). Same name, same rows, same order.
DROP INDEX IF EXISTS "transactions_failed_renewals_idx";--> statement-breakpoint
CREATE INDEX "transactions_failed_renewals_idx" ON "transactions" USING btree ("shop_id","created_at") INCLUDE ("customer_membership_id","id","tier_id") WHERE "transactions"."kind" = 'membership_renewal' and "transactions"."status" = 'failed';
