-- hand-written: analytics_member_months (0022) loses its foreign key to shops. Its rows are
-- derived from memberships by the benefit rollup's triggers, about 14 per membership, and the
-- key was checked row by row on every write: for a member import's batch of 250 new memberships
-- (3,500 member-months) 10 of the recomputation's 35 ms (docs/benchmarks.md, issue 18). The
-- shop of a row is its membership's, which that table's own key holds, and a membership removed
-- takes its rows with it through the recomputation, which takes their counts out too.
ALTER TABLE "analytics_member_months" DROP CONSTRAINT "analytics_member_months_shop_id_shops_id_fk";
