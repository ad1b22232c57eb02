import {
  ACCESS_MESSAGES,
  type AnalyticsQuery,
  addMonthsClamped,
  type BenefitAnalytics,
  type CohortAnalytics,
  type DashboardBucket,
  getPeriodRange,
  type LifetimeValueAnalytics,
  MRR_MOVEMENTS,
  type MrrMovements,
  type OfferAnalytics,
  type PeriodRange,
  percentOf,
  type SubscriptionAnalytics,
  TIER_FILTER_MESSAGE,
  type TierValue,
  toDollars,
  todayInTimeZone,
  zonedTimeToUtc,
} from "@tessera/shared";
import { AppError } from "../../errors";
import type { Database } from "../../infra/db";
import { bucketKeys } from "../dashboard/service";
import { findShopTimeZone } from "../shops/lookups";
import { benefitCountsFromRollup } from "./benefit-use";
import { cohortCountsFromRollup } from "./cohorts";
import { type CustomerHistory, emptyMovements, mrrCents, roundMovements } from "./engine";
import { loadHistories } from "./history";
import { ltvFromHistories, ltvFromRollup, rollupFits } from "./lifetime-value";
import * as repo from "./repo";
import { subscriptionsFromRollup } from "./subscriptions";

export type AnalyticsDeps = { db: Database; now?: () => Date };
type ShopScope = { shopId: number };

/** Windows up to this many days chart by day, longer ones by month (as the dashboard does). */
const DAILY_UP_TO_DAYS = 62;
const COHORT_MONTHS = 12;

type Window = {
  timeZone: string;
  at: Date;
  range: PeriodRange;
  tierId: number | undefined;
  tiers: { id: number; name: string }[];
};

/** The instants that split the window into buckets: its start, each bucket's start, its end. */
export function boundariesOf(
  window: Pick<Window, "timeZone" | "at" | "range">,
  bucket: DashboardBucket,
) {
  const { range, timeZone, at } = window;
  const startDay = todayInTimeZone(timeZone, range.start);
  const endDay = todayInTimeZone(timeZone, new Date(at.getTime() - 1));
  const keys = bucketKeys(startDay, endDay, bucket);
  const boundaries = [range.start.getTime()];
  for (const key of keys.slice(1)) {
    const [year, month, day] = key.split("-").map(Number) as [number, number, number?];
    boundaries.push(zonedTimeToUtc({ year, month, day: day ?? 1 }, timeZone).getTime());
  }
  boundaries.push(range.end.getTime());
  return { keys, boundaries };
}

/** Day buckets for windows up to 62 days, month buckets beyond (as the dashboard charts). */
export function bucketOf(range: PeriodRange): DashboardBucket {
  const days = (range.end.getTime() - range.start.getTime()) / 86_400_000;
  return days <= DAILY_UP_TO_DAYS ? "day" : "month";
}

const dollars = (cents: number) => toDollars(cents);

export function createAnalyticsService({ db, now = () => new Date() }: AnalyticsDeps) {
  async function windowOf(scope: ShopScope, query: AnalyticsQuery): Promise<Window> {
    const timeZone = await findShopTimeZone(db, scope.shopId);
    if (timeZone === undefined) throw new AppError("NOT_FOUND", ACCESS_MESSAGES.storeNotFound);
    const tiers = await repo.listTiers(db, scope.shopId);
    if (query.tierId !== undefined && !tiers.some((t) => t.id === query.tierId)) {
      throw new AppError("NOT_FOUND", TIER_FILTER_MESSAGE);
    }
    const at = now();
    return {
      timeZone,
      at,
      range: getPeriodRange(query.timeFilter, at, timeZone),
      tierId: query.tierId,
      tiers,
    };
  }

  function load(scope: ShopScope, window: Window): Promise<CustomerHistory[]> {
    return loadHistories(db, scope.shopId, window.range.start, window.range.end);
  }

  return {
    /** MRR, ARR, the movements, members over time, churn and failed-payment recoveries. */
    async subscriptions(scope: ShopScope, query: AnalyticsQuery): Promise<SubscriptionAnalytics> {
      const window = await windowOf(scope, query);
      const { range, tierId } = window;
      const bucket = bucketOf(range);
      const { keys, boundaries } = boundariesOf(window, bucket);
      const [figures, recoveries] = await Promise.all([
        subscriptionsFromRollup(db, scope.shopId, boundaries, tierId),
        repo.renewalRecoveries(db, scope.shopId, range.start, range.end, tierId),
      ]);
      const totals: MrrMovements = emptyMovements();
      let previousArr = figures.startArr;
      const series = figures.buckets.map((b, i) => {
        const moved = roundMovements(previousArr, b.movements);
        previousArr = b.endArr;
        for (const kind of MRR_MOVEMENTS) totals[kind] += moved[kind];
        return {
          date: keys[i] as string,
          mrr: dollars(mrrCents(b.endArr)),
          activeMembers: b.activeMembers,
          joined: b.joined,
          left: b.left,
          new: dollars(moved.new),
          expansion: dollars(moved.expansion),
          contraction: dollars(moved.contraction),
          churned: dollars(moved.churned),
          reactivated: dollars(moved.reactivated),
        };
      });
      const endArr = figures.buckets.at(-1)?.endArr ?? figures.startArr;
      const endMembers = figures.buckets.at(-1)?.activeMembers ?? figures.startMembers;
      const lost = figures.losses;
      return {
        bucket,
        mrr: dollars(mrrCents(endArr)),
        arr: dollars(endArr),
        mrrAtStart: dollars(mrrCents(figures.startArr)),
        activeMembers: endMembers,
        activeMembersAtStart: figures.startMembers,
        movements: {
          new: dollars(totals.new),
          expansion: dollars(totals.expansion),
          contraction: dollars(totals.contraction),
          churned: dollars(totals.churned),
          reactivated: dollars(totals.reactivated),
        },
        series,
        churn: {
          membersLost: lost.lost,
          logoChurnRate: percentOf(lost.lost, lost.atStart),
          mrrLost: dollars(mrrCents(lost.lostArr)),
          revenueChurnRate: percentOf(lost.lostArr, lost.startArr),
        },
        recoveries: {
          failedRenewals: recoveries.failed,
          recovered: recoveries.recovered,
          recoveredRevenue: dollars(recoveries.recoveredCents),
          recoveryRate: percentOf(recoveries.recovered, recoveries.failed),
        },
      };
    },

    /** Members by the month they first joined, and the share still members 1 … 12 months on. */
    async cohorts(scope: ShopScope, query: AnalyticsQuery): Promise<CohortAnalytics> {
      const window = await windowOf(scope, query);
      const { keys, boundaries } = boundariesOf(window, "month");
      const at = window.at.getTime();
      const rows = await cohortCountsFromRollup(
        db,
        scope.shopId,
        { timeZone: window.timeZone, at, tierId: window.tierId },
        keys,
        boundaries,
        COHORT_MONTHS,
      );
      return {
        cohorts: rows.map((row, i) => {
          // A cell is shown once every member of the cohort is that many months in: the
          // month's last joiner reaches it k months after the month (or the window) ends.
          const monthEnd = new Date(boundaries[i + 1] as number);
          const active = row.active.map((n, k) =>
            row.size === 0 || addMonthsClamped(monthEnd, k + 1).getTime() > at ? null : n,
          );
          return {
            month: keys[i] as string,
            size: row.size,
            active,
            retention: active.map((n) => (n === null ? null : percentOf(n, row.size))),
          };
        }),
      };
    },

    /** ARPU and LTV per tier (ARPU ÷ monthly churn), and for all tiers together. */
    async lifetimeValue(scope: ShopScope, query: AnalyticsQuery): Promise<LifetimeValueAnalytics> {
      const window = await windowOf(scope, query);
      const { boundaries } = boundariesOf(window, "month");
      // Months are always under the rollup's 840-hour limit; the walk stays for any other case.
      const tally = rollupFits(boundaries)
        ? await ltvFromRollup(db, scope.shopId, boundaries)
        : ltvFromHistories(await load(scope, window), boundaries);
      const of = (id: number | null) =>
        tally.get(id) ?? { members: 0, arr: 0, lost: 0, atStart: 0 };
      const row = (tierId: number | null, tierName: string): TierValue => {
        const t = of(tierId);
        const arpuCents = t.members === 0 ? null : t.arr / 12 / t.members;
        const churn = t.atStart === 0 ? 0 : t.lost / t.atStart;
        return {
          tierId,
          tierName,
          members: t.members,
          mrr: dollars(mrrCents(t.arr)),
          arpu: arpuCents === null ? null : dollars(Math.round(arpuCents)),
          monthlyChurnRate: percentOf(t.lost, t.atStart),
          ltv: arpuCents === null || churn === 0 ? null : dollars(Math.round(arpuCents / churn)),
        };
      };
      const tiers = window.tiers.filter(
        (t) => window.tierId === undefined || t.id === window.tierId,
      );
      const rows = tiers.map((t) => row(t.id, t.name));
      if (window.tierId === undefined) rows.push(row(null, "All tiers"));
      return { tiers: rows };
    },

    /** Benefit use per tier and benefit, and cashback earned against redeemed. */
    async benefits(scope: ShopScope, query: AnalyticsQuery): Promise<BenefitAnalytics> {
      const window = await windowOf(scope, query);
      const { range } = window;
      // The rollup's read does not wait for the benefits list: all three go out at once.
      const listed = repo.listBenefits(db, scope.shopId);
      const [benefits, counts, cashback] = await Promise.all([
        listed,
        benefitCountsFromRollup(
          db,
          scope.shopId,
          listed,
          range.start.getTime(),
          range.end.getTime(),
        ),
        repo.cashbackFlows(db, scope.shopId, range.start, range.end),
      ]);
      const tierName = new Map(window.tiers.map((t) => [t.id, t.name]));
      return {
        benefits: benefits
          .filter((b) => window.tierId === undefined || b.tier_id === window.tierId)
          .map((b) => {
            const c = counts.get(b.id) as { eligible: number; used: number };
            return {
              tierId: b.tier_id,
              tierName: tierName.get(b.tier_id) ?? "",
              benefitId: b.id,
              benefitName: b.name,
              eligibleMemberMonths: c.eligible,
              redeemedMemberMonths: c.used,
              useRate: percentOf(c.used, c.eligible),
            };
          }),
        cashback: {
          earned: dollars(cashback.earned),
          redeemed: dollars(cashback.redeemed),
          reversed: dollars(cashback.reversed),
          liability: dollars(cashback.liability),
        },
      };
    },

    /** Offers: sell-through, revenue and how many of the sold units were redeemed. */
    async offers(scope: ShopScope, query: AnalyticsQuery): Promise<OfferAnalytics> {
      const window = await windowOf(scope, query);
      const { range, timeZone, at } = window;
      const rows = await repo.offerFigures(db, scope.shopId, {
        start: range.start,
        end: range.end,
        startDay: todayInTimeZone(timeZone, range.start),
        endDay: todayInTimeZone(timeZone, at),
      });
      return {
        offers: rows.map((r) => {
          const sold = Number(r.sold);
          const soldAllTime = Number(r.sold_all_time);
          const redeemed = Number(r.redeemed);
          return {
            id: Number(r.id),
            offerName: r.offer_name,
            quantity: r.is_limited ? Number(r.quantity) : null,
            sold,
            soldAllTime,
            sellThrough: r.is_limited ? percentOf(soldAllTime, Number(r.quantity)) : null,
            revenue: dollars(Number(r.revenue_cents)),
            redeemed,
            redemptionRate: percentOf(redeemed, sold),
          };
        }),
      };
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
