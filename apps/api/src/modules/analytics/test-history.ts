import { eq } from "drizzle-orm";
import {
  customerMemberships,
  customerOffers,
  type MembershipTier,
  shops,
  transactions,
} from "../../db/schema";
import type { Database, Executor } from "../../infra/db";
import { createCustomer, createMerchant, createTier } from "../../test/factories";

/** One payment of a membership's history: a purchase first, renewals after. */
export type Payment = {
  at: string | Date;
  tier: MembershipTier;
  status?: "succeeded" | "failed" | "refunded";
  discountCents?: number;
};

/**
 * A customer with one or more memberships written straight into the tables, as the payment
 * flows leave them: the membership row (current tier, start, end) and one transaction per
 * payment. Used by the analytics tests to build a history by hand.
 */
export async function memberWithHistory(
  db: Database,
  shopId: number,
  memberships: { payments: Payment[]; endedAt?: string | Date; customerId?: number }[],
) {
  let customerId = memberships[0]?.customerId;
  if (customerId === undefined) customerId = (await createCustomer(db, shopId)).customer.id;
  const ids: number[] = [];
  for (const m of memberships) {
    const first = m.payments[0] as Payment;
    const paid = m.payments.filter((p) => (p.status ?? "succeeded") !== "failed");
    const last = (paid[paid.length - 1] ?? first) as Payment;
    const start = new Date(first.at);
    const [row] = await db
      .insert(customerMemberships)
      .values({
        shopId,
        customerId,
        tierId: last.tier.id,
        plan: last.tier.renewal,
        status: m.endedAt ? "expired" : "active",
        paymentType: "online",
        startDate: start,
        periodStart: new Date(last.at),
        expireDate: new Date(new Date(last.at).getTime() + 31 * 86_400_000),
        endedAt: m.endedAt ? new Date(m.endedAt) : null,
      })
      .returning({ id: customerMemberships.id });
    const membershipId = row?.id as number;
    ids.push(membershipId);
    await db.insert(transactions).values(
      m.payments.map((p, i) => ({
        shopId,
        customerId,
        customerName: "Cleo Customer",
        kind: i === 0 ? ("membership_purchase" as const) : ("membership_renewal" as const),
        customerMembershipId: membershipId,
        tierId: p.tier.id,
        membershipName: p.tier.name,
        plan: p.tier.renewal,
        paymentType: "online" as const,
        priceCents: p.tier.priceCents,
        discountCents: p.discountCents ?? 0,
        amountCents: p.tier.priceCents - (p.discountCents ?? 0),
        status: p.status ?? ("succeeded" as const),
        transactionBy: "Cleo Customer",
        createdAt: new Date(p.at),
      })),
    );
  }
  return { customerId, membershipIds: ids };
}

export async function setShopZone(db: Database, shopId: number, timeZone: string) {
  await db.update(shops).set({ timeZone }).where(eq(shops.id, shopId));
}

/** A new shop with the tiers the randomized histories use: two monthly and a yearly one. */
export async function shopWithTiers(db: Database) {
  const owner = await createMerchant(db);
  const shopId = owner.shop?.id as number;
  const tiers: MembershipTier[] = [];
  for (const [name, priceCents, renewal] of [
    ["Silver", 1000, "monthly"],
    ["Gold", 2500, "monthly"],
    ["Annual", 12000, "yearly"],
  ] as const) {
    tiers.push(await createTier(db, shopId, { name, priceCents, renewal }));
  }
  return { shopId, tiers };
}

/**
 * A succeeded monthly renewal of an existing membership onto `tier`, paid at `at`: how a later
 * upgrade (or downgrade) enters a history the tests already wrote.
 */
export async function renewOnto(
  db: Database,
  shopId: number,
  membershipId: number,
  tier: MembershipTier,
  at: Date,
) {
  await db.insert(transactions).values({
    shopId,
    customerName: "Cleo Customer",
    kind: "membership_renewal",
    customerMembershipId: membershipId,
    tierId: tier.id,
    membershipName: tier.name,
    plan: "monthly",
    paymentType: "online",
    priceCents: tier.priceCents,
    amountCents: tier.priceCents,
    status: "succeeded",
    transactionBy: "Cleo Customer",
    createdAt: at,
  });
}

/**
 * One offer sale written as the purchase flow leaves it: the payment (refunded when the sale
 * was) and the customer's offer row, redeemed at the sale's moment unless refunded.
 */
export async function sellOffer(
  db: Executor,
  shopId: number,
  buyer: number,
  offer: { id: number; offerName: string },
  s: {
    at: Date;
    amountCents: number;
    cashbackUsedCents: number;
    redeemed: boolean;
    refunded: boolean;
  },
) {
  const [txn] = await db
    .insert(transactions)
    .values({
      shopId,
      customerId: buyer,
      customerName: "Cleo Customer",
      kind: "offer_purchase",
      offerId: offer.id,
      offerName: offer.offerName,
      paymentType: "online",
      priceCents: s.amountCents + s.cashbackUsedCents,
      cashbackUsedCents: s.cashbackUsedCents,
      amountCents: s.amountCents,
      status: s.refunded ? "refunded" : "succeeded",
      transactionBy: "Cleo Customer",
      createdAt: s.at,
    })
    .returning({ id: transactions.id });
  const [sale] = await db
    .insert(customerOffers)
    .values({
      shopId,
      customerId: buyer,
      offerId: offer.id,
      transactionId: txn?.id ?? null,
      pricePaidCents: s.amountCents + s.cashbackUsedCents,
      purchasedAt: s.at,
      redeemedAt: s.redeemed && !s.refunded ? s.at : null,
      voidedAt: s.refunded ? s.at : null,
    })
    .returning({ id: customerOffers.id });
  return { transactionId: txn?.id as number, saleId: sale?.id as number };
}

/** Monthly payment instants: `from`, then the same time on the same day each month. */
export function monthly(from: string, count: number): Date[] {
  const start = new Date(from);
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(start);
    const day = start.getUTCDate();
    d.setUTCDate(1);
    d.setUTCMonth(start.getUTCMonth() + i);
    const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
    d.setUTCDate(Math.min(day, lastDay));
    return d;
  });
}

const DAY = 86_400_000;

/**
 * Random customers with 1–3 memberships: each next one starts after the last one's end by no
 * time at all, hours, days or months, or (now and then) before it ends; the instants of every
 * start and price change are returned to be read at.
 */
export async function randomHistory(
  db: Database,
  shopId: number,
  tiers: MembershipTier[],
  rand: () => number,
  customers: number,
) {
  const instants: Date[] = [];
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)] as T;
  const monthlyTiers = tiers.filter((x) => x.renewal === "monthly");
  for (let i = 0; i < customers; i += 1) {
    let start = Date.parse("2024-09-01T00:00:00Z") + Math.floor(rand() * 500 * DAY);
    if (rand() < 0.3) start = Math.floor(start / DAY) * DAY; // a UTC midnight
    const count = 1 + Math.floor(rand() * 3);
    let customerId: number | undefined;
    for (let j = 0; j < count; j += 1) {
      const yearly = rand() < 0.15;
      let tier = yearly ? (tiers[2] as MembershipTier) : pick(monthlyTiers);
      const months = yearly ? 1 : 1 + Math.floor(rand() * 8);
      const payments: Payment[] = monthly(new Date(start).toISOString(), months).map((at, k) => {
        if (!yearly && k > 0 && rand() < 0.25) tier = pick(monthlyTiers);
        return { at, tier, status: k > 0 && rand() < 0.08 ? "failed" : "succeeded" };
      });
      for (const p of payments) instants.push(new Date(p.at));
      const last = j === count - 1;
      const length = yearly ? 365 * DAY : months * 30 * DAY;
      const endAt = start + Math.floor(length * (0.5 + rand() * 0.6));
      const ended = !last || rand() < 0.5;
      const made = await memberWithHistory(db, shopId, [
        { payments, endedAt: ended ? new Date(endAt) : undefined, customerId },
      ]);
      customerId = made.customerId;
      if (ended) instants.push(new Date(endAt));
      const gap = pick([0, 0, 3_600_000, 5 * DAY, 20 * DAY, 60 * DAY, 200 * DAY, -3 * DAY]);
      start = endAt + gap;
    }
  }
  return instants;
}
