import { getPeriodRange, PERIODS } from "@tessera/shared";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { MembershipTier } from "../../db/schema";
import { createTier } from "../../test/factories";
import { appForFile, signedInOwner } from "../../test/file-app";
import { memberWithHistory, type Payment, setShopZone } from "./test-history";

/**
 * Money correctness over randomized histories (seeded, so a failure repeats): the MRR
 * movements add up to the change in MRR, bucket by bucket and over the window, to the cent; the
 * MRR and member count at the end agree with the history read directly; and the cohort sizes add
 * up to the members who first joined in the window.
 */
const NOW = new Date("2025-06-10T00:00:00Z");
const DAY = 86_400_000;
const SEED = 20251125;

const t = appForFile({ env: { RATE_LIMIT_PER_MINUTE: "10000" }, now: () => NOW });

type Plan = { tier: number; gapDays: number; fails: boolean; discount: boolean };
type MembershipPlan = { startDay: number; periods: Plan[]; endsAfterDays: number | null };
type CustomerPlan = { memberships: MembershipPlan[] };

const periodArb = fc.record({
  tier: fc.nat(3),
  gapDays: fc.integer({ min: 25, max: 35 }),
  fails: fc.boolean(),
  discount: fc.boolean(),
});
const membershipArb = fc.record({
  startDay: fc.integer({ min: 0, max: 420 }),
  periods: fc.array(periodArb, { minLength: 1, maxLength: 14 }),
  endsAfterDays: fc.option(fc.integer({ min: 1, max: 400 }), { nil: null }),
});
const historyArb = fc.record({
  zone: fc.constantFrom("Pacific/Auckland", "America/Los_Angeles", "UTC"),
  period: fc.constantFrom(...PERIODS),
  filter: fc.option(fc.nat(3), { nil: null }),
  customers: fc.array(
    fc.record({ memberships: fc.array(membershipArb, { minLength: 1, maxLength: 2 }) }),
    {
      minLength: 1,
      maxLength: 12,
    },
  ),
});

const cents = (dollars: number) => Math.round(dollars * 100);
const annual = (tier: MembershipTier, discount: number) =>
  (tier.priceCents - discount) * (tier.renewal === "yearly" ? 1 : 12);

/** The payments and end of each membership, laid one after another from 420 days back. */
function layOut(customer: CustomerPlan, tiers: MembershipTier[]) {
  const origin = NOW.getTime() - 430 * DAY;
  let earliest = origin;
  const out: { payments: Payment[]; endedAt?: Date }[] = [];
  for (const m of customer.memberships) {
    let at = Math.max(origin + m.startDay * DAY, earliest) + 3_600_000;
    if (at >= NOW.getTime()) break;
    const payments: Payment[] = [];
    for (const p of m.periods) {
      if (at >= NOW.getTime()) break;
      const tier = tiers[p.tier] as MembershipTier;
      const discountCents = p.discount ? 1 : 0;
      if (p.fails && payments.length > 0) {
        payments.push({ at: new Date(at), tier, status: "failed" });
        at += DAY;
      }
      payments.push({ at: new Date(at), tier, discountCents });
      at += (tier.renewal === "yearly" ? 365 : p.gapDays) * DAY;
    }
    const first = new Date((payments[0] as Payment).at).getTime();
    const end = m.endsAfterDays === null ? null : first + m.endsAfterDays * DAY;
    const endedAt = end !== null && end < NOW.getTime() ? new Date(end) : undefined;
    out.push({ payments, ...(endedAt ? { endedAt } : {}) });
    if (m.endsAfterDays === null || !endedAt) break; // still running: no later membership
    earliest = (endedAt as Date).getTime() + DAY;
  }
  return out;
}

/** The customer's tier and annualised price at `at`, read straight from the laid-out history. */
function valueAt(laid: ReturnType<typeof layOut>, at: number) {
  for (const m of laid) {
    const start = new Date((m.payments[0] as Payment).at).getTime();
    if (start > at || (m.endedAt && m.endedAt.getTime() <= at)) continue;
    let current: Payment | undefined;
    for (const p of m.payments) {
      if ((p.status ?? "succeeded") !== "failed" && new Date(p.at).getTime() <= at) current = p;
    }
    if (current)
      return { tierId: current.tier.id, arr: annual(current.tier, current.discountCents ?? 0) };
  }
  return null;
}

describe("analytics money correctness (randomized, seeded)", () => {
  it("movements add up to the change in MRR; cohorts add up to the joiners", async () => {
    await fc.assert(
      fc.asyncProperty(historyArb, async (h) => {
        const db = t.database.db;
        const { shopId, authorization } = await signedInOwner(t);
        await setShopZone(db, shopId, h.zone);
        const tiers = [
          await createTier(db, shopId, { name: "Basic", priceCents: 999 }),
          await createTier(db, shopId, { name: "Plus", priceCents: 2499 }),
          await createTier(db, shopId, { name: "Max", priceCents: 4001 }),
          await createTier(db, shopId, {
            name: "Year",
            priceCents: 10_000,
            renewal: "yearly",
            rewardFrequency: "yearly",
          }),
        ];
        const laid = h.customers.map((c) => layOut(c, tiers)).filter((l) => l.length > 0);
        for (const l of laid) await memberWithHistory(db, shopId, l);
        const tierId = h.filter === null ? undefined : tiers[h.filter]?.id;
        const query = `timeFilter=${h.period}${tierId ? `&tierId=${tierId}` : ""}`;
        const get = async (path: string) => {
          const res = await t.app.inject({
            method: "GET",
            url: `/api/v1/analytics/${path}?${query}`,
            headers: { authorization },
          });
          expect(res.statusCode).toBe(200);
          return res.json();
        };
        const subs = await get("subscriptions");
        const moved = (m: Record<string, number>) =>
          cents(m.new ?? 0) +
          cents(m.expansion ?? 0) +
          cents(m.contraction ?? 0) +
          cents(m.churned ?? 0) +
          cents(m.reactivated ?? 0);
        expect(moved(subs.movements)).toBe(cents(subs.mrr) - cents(subs.mrrAtStart));
        let previous = cents(subs.mrrAtStart);
        for (const point of subs.series) {
          expect(moved(point)).toBe(cents(point.mrr) - previous);
          previous = cents(point.mrr);
        }
        // The end agrees with the history itself (MRR = annualised ÷ 12, rounded once).
        let arr = 0;
        let members = 0;
        for (const l of laid) {
          const v = valueAt(l, NOW.getTime());
          if (v && (tierId === undefined || v.tierId === tierId)) {
            arr += v.arr;
            members += 1;
          }
        }
        expect(cents(subs.arr)).toBe(arr);
        expect(cents(subs.mrr)).toBe(Math.round(arr / 12));
        expect(subs.activeMembers).toBe(members);
        // Cohort sizes add up to the members who first joined in the window.
        const range = getPeriodRange(h.period, NOW, h.zone);
        const joiners = laid.filter((l) => {
          const first = l[0]?.payments[0] as Payment;
          const at = new Date(first.at).getTime();
          return (
            at >= range.start.getTime() &&
            at < NOW.getTime() &&
            (tierId === undefined || first.tier.id === tierId)
          );
        }).length;
        const cohorts = await get("cohorts");
        expect(cohorts.cohorts.reduce((n: number, c: { size: number }) => n + c.size, 0)).toBe(
          joiners,
        );
      }),
      { seed: SEED, numRuns: 25, endOnFailure: true },
    );
  }, 300_000);
});
