import {
  ACCESS_MESSAGES,
  addDays,
  type DashboardBucket,
  type DashboardStatsResponse,
  getOfferPerformanceStatus,
  getPeriodRange,
  type OffersDashboardResponse,
  type Period,
  percentChange,
  type RevenuePoint,
  toDollars,
  todayInTimeZone,
} from "@tessera/shared";
import { AppError } from "../../errors";
import type { Database } from "../../infra/db";
import { findShopTimeZone } from "../shops/lookups";
import * as repo from "./repo";
import { ensureRolledUp, sumFacts, sumFactsByBucket } from "./rollups";

export type DashboardDeps = {
  db: Database;
  now?: () => Date;
};

type ShopScope = { shopId: number };

/** Windows up to this many days chart by day; longer ones by month. */
const DAILY_UP_TO_DAYS = 62;

/** Every bucket key from the window's first local day to its last, oldest first. */
export function bucketKeys(startDay: string, endDay: string, bucket: DashboardBucket): string[] {
  const keys: string[] = [];
  if (bucket === "day") {
    for (let day = startDay; day <= endDay; day = addDays(day, 1)) keys.push(day);
    return keys;
  }
  let year = Number(startDay.slice(0, 4));
  let month = Number(startDay.slice(5, 7));
  const last = endDay.slice(0, 7);
  for (;;) {
    const key = `${year}-${String(month).padStart(2, "0")}`;
    if (key > last) return keys;
    keys.push(key);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
}

export function createDashboardService({ db, now = () => new Date() }: DashboardDeps) {
  async function shopZone(shopId: number): Promise<string> {
    const timeZone = await findShopTimeZone(db, shopId);
    if (timeZone === undefined) throw new AppError("NOT_FOUND", ACCESS_MESSAGES.storeNotFound);
    return timeZone;
  }

  return {
    /** Memberships and Offers Overview plus the revenue chart for a period (shop time zone). */
    async getDashboardStats(scope: ShopScope, period: Period): Promise<DashboardStatsResponse> {
      const timeZone = await shopZone(scope.shopId);
      const at = now();
      const range = getPeriodRange(period, at, timeZone);
      const startDay = todayInTimeZone(timeZone, range.start);
      const endDay = todayInTimeZone(timeZone, new Date(at.getTime() - 1));
      const days = (range.end.getTime() - range.start.getTime()) / 86_400_000;
      const bucket: DashboardBucket = days <= DAILY_UP_TO_DAYS ? "day" : "month";
      const filled = await ensureRolledUp(db, scope.shopId, at);
      // The chart's buckets cover the window: its totals are their sum (one query fewer).
      const [previous, active, buckets] = await Promise.all([
        sumFacts(db, scope.shopId, range.previousStart, range.previousEnd, filled),
        repo.countActiveSubscriptions(db, scope.shopId),
        sumFactsByBucket(db, scope.shopId, range, filled, timeZone, bucket),
      ]);
      const current = { membershipCents: 0, newMemberships: 0, offerCents: 0, offerCount: 0 };
      for (const totals of buckets.values()) {
        current.membershipCents += totals.membershipCents;
        current.newMemberships += totals.newMemberships;
        current.offerCents += totals.offerCents;
        current.offerCount += totals.offerCount;
      }
      const series: RevenuePoint[] = bucketKeys(startDay, endDay, bucket).map((date) => {
        const cents = buckets.get(date);
        return {
          date,
          membershipRevenue: toDollars(cents?.membershipCents ?? 0),
          offerRevenue: toDollars(cents?.offerCents ?? 0),
        };
      });
      return {
        stats: {
          totalRecurringRevenue: toDollars(current.membershipCents),
          totalRecurringRevenuePercentage: percentChange(
            current.membershipCents,
            previous.membershipCents,
          ),
          newMemberships: current.newMemberships,
          newMembershipsPercentage: percentChange(current.newMemberships, previous.newMemberships),
          activeSubscriptions: active,
          totalRevenue: toDollars(current.offerCents),
          totalRevenuePercentage: percentChange(current.offerCents, previous.offerCents),
          soldOffers: current.offerCount,
          soldOffersPercentage: percentChange(current.offerCount, previous.offerCount),
        },
        bucket,
        series,
      };
    },

    /**
     * The dashboard's figures for any window (a digest's day or week): revenue and new
     * memberships summed as the Overview sums them, plus memberships ended and redemptions.
     */
    async getWindowFigures(scope: ShopScope, window: { start: Date; end: Date }) {
      const filled = await ensureRolledUp(db, scope.shopId, now());
      const [totals, ended, redeemed] = await Promise.all([
        sumFacts(db, scope.shopId, window.start, window.end, filled),
        repo.countEndedMemberships(db, scope.shopId, window.start, window.end),
        repo.countRedemptions(db, scope.shopId, window.start, window.end),
      ]);
      return {
        membershipCents: totals.membershipCents,
        newMemberships: totals.newMemberships,
        offerCents: totals.offerCents,
        endedMemberships: ended,
        redemptions: redeemed,
      };
    },

    /** The Offers Performance table for a period. */
    async getOffersPerformance(scope: ShopScope, period: Period): Promise<OffersDashboardResponse> {
      const timeZone = await shopZone(scope.shopId);
      const at = now();
      const range = getPeriodRange(period, at, timeZone);
      const today = todayInTimeZone(timeZone, at);
      const rows = await repo.listOfferPerformance(db, scope.shopId, {
        start: range.start,
        end: range.end,
        startDay: todayInTimeZone(timeZone, range.start),
        endDay: today,
      });
      return {
        offers: rows.map((row) => ({
          id: row.id,
          offerName: row.offerName,
          startDate: row.startDate,
          endDate: row.endDate,
          soldOffers: row.soldCount,
          revenue: toDollars(row.revenueCents),
          status: getOfferPerformanceStatus(row, today, timeZone),
        })),
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
