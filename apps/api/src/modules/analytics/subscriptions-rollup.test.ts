import { getPeriodRange, PERIODS, type Period } from "@tessera/shared";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { customerMemberships, type MembershipTier } from "../../db/schema";
import { queryRows } from "../../infra/db";
import { appForFile } from "../../test/file-app";
import { seededRandom } from "../../test/seeded-random";
import { bucketFigures, losses } from "./engine";
import { loadHistories } from "./history";
import { boundariesOf, bucketOf } from "./service";
import { subscriptionsFromRollup } from "./subscriptions";
import { randomHistory, renewOnto, setShopZone, shopWithTiers } from "./test-history";

/**
 * The subscriptions read takes MRR, members, movements, joined and left, and churn from the
 * standing rollup; the walk over every history (`bucketFigures`, `losses`) is the definition.
 * Over randomized histories (several memberships per customer, comebacks at once and later,
 * overlapping memberships, upgrades and downgrades, a yearly tier, failed renewals, ended
 * memberships) in three time zones, read for every period, with and without a tier filter, at
 * random moments, at moments that are exactly a start, a price change or an end, minutes after
 * a customer's first start and with a window opening just before one, and after later changes,
 * both must give the same figures.
 */
const DAY = 86_400_000;
const SEED = 20261129;
let now = new Date("2026-03-01T00:00:00Z");

const t = appForFile({ env: { RATE_LIMIT_PER_MINUTE: "10000" }, now: () => now }, 180_000);

async function check(shopId: number, zone: string, tiers: MembershipTier[]) {
  const db = t.database.db;
  for (const period of PERIODS as readonly Period[]) {
    const range = getPeriodRange(period, now, zone);
    const { boundaries } = boundariesOf({ timeZone: zone, at: now, range }, bucketOf(range));
    const customers = await loadHistories(db, shopId, range.start, range.end);
    for (const tierId of [undefined, ...tiers.map((x) => x.id)]) {
      const walk = bucketFigures(customers, boundaries, tierId);
      const want = {
        ...walk,
        losses: losses(customers, range.start.getTime(), range.end.getTime(), tierId),
      };
      const got = await subscriptionsFromRollup(db, shopId, boundaries, tierId);
      const at = { period, tierId, now: now.toISOString() };
      expect({ ...at, got }).toEqual({ ...at, got: want });
    }
  }
}

describe("subscriptions from the standing rollup", () => {
  it("equal the walk over every history at random and exact moments, after changes", async () => {
    const db = t.database.db;
    const rand = seededRandom(SEED);
    for (const zone of ["Asia/Kolkata", "America/New_York", "Australia/Adelaide"]) {
      const { shopId, tiers } = await shopWithTiers(db);
      await setShopZone(db, shopId, zone);
      const instants = await randomHistory(db, shopId, tiers, rand, 25);
      for (let i = 0; i < 3; i += 1) {
        now = new Date(Date.parse("2025-01-01T00:00:00Z") + Math.floor(rand() * 600 * DAY));
        await check(shopId, zone, tiers);
      }
      for (let i = 0; i < 3; i += 1) {
        now = instants[Math.floor(rand() * instants.length)] as Date;
        await check(shopId, zone, tiers);
      }
      // A moment a day after a start or a price change: the daily windows' boundaries fall
      // on it when it is a local midnight.
      now = new Date((instants[Math.floor(rand() * instants.length)] as Date).getTime() + DAY);
      await check(shopId, zone, tiers);
      // Minutes after a customer's first start, and a 30-day window opening a minute before
      // one: the first span (summed per hour as new MRR) starts in an hour the read cuts.
      const firsts = await queryRows<{ at: Date }>(
        db,
        sql`select min(start_date) as at from customer_memberships where shop_id = ${shopId}
          group by customer_id order by 1`,
      );
      for (let i = 0; i < 2; i += 1) {
        const first = new Date((firsts[Math.floor(rand() * firsts.length)] as { at: Date }).at);
        now = new Date(first.getTime() + 10 * 60_000);
        await check(shopId, zone, tiers);
        now = new Date(first.getTime() + 30 * DAY - 60_000);
        await check(shopId, zone, tiers);
      }

      // Later changes: an upgrade by a new renewal, a membership ended early, one deleted.
      const rows = await db
        .select({ id: customerMemberships.id, start: customerMemberships.startDate })
        .from(customerMemberships)
        .where(eq(customerMemberships.shopId, shopId))
        .orderBy(customerMemberships.id);
      const [a, b, c] = rows as [(typeof rows)[0], (typeof rows)[0], (typeof rows)[0]];
      const gold = tiers[1] as MembershipTier;
      await renewOnto(db, shopId, a.id, gold, new Date(a.start.getTime() + 12 * DAY));
      await db
        .update(customerMemberships)
        .set({ status: "expired", endedAt: new Date(b.start.getTime() + 9 * DAY) })
        .where(eq(customerMemberships.id, b.id));
      await db.delete(customerMemberships).where(eq(customerMemberships.id, c.id));
      now = new Date("2026-02-14T15:30:00Z");
      await check(shopId, zone, tiers);
    }
  }, 900_000);
});
