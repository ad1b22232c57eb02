import {
  addMonthsClamped,
  applyDiscount,
  membershipMonthIndex,
  periodEnd,
  toCents,
  toDollars,
} from "@tessera/shared";
import { and, eq, sql } from "drizzle-orm";
import type { Transaction } from "../infra/db";
import {
  cashbackLedger,
  customerMemberships,
  customerOffers,
  customers,
  membershipBenefits,
  membershipTiers,
  offers,
  redemptions,
  transactions,
  users,
} from "./schema";

/**
 * The demo shop's members: about 30 across every status (active by card at the counter and by
 * cash, cancelled, payment due, expired, never joined, disabled), each with the history the
 * product would have written: payments, cashback rewards, benefit, offer and cashback
 * redemptions. Dates are relative to the seeding day. Written in bulk, so seeding stays fast.
 */

const DAY = 24 * 60 * 60 * 1000;

type Kind = "pos" | "cash" | "cancelled" | "pending" | "expired" | "none" | "disabled";
type TierName = "Bronze" | "Gold" | "Founders Club";

type Demo = {
  first: string;
  last: string;
  kind: Kind;
  tier?: TierName;
  /** Whole periods already renewed (monthly) or months into the year (yearly). */
  months?: number;
  /** Days into the running month. */
  days?: number;
  discount?: number;
  offer?: "bought" | "redeemed";
  cashbackOut?: boolean;
};

const DEMO_MEMBERS: Demo[] = [
  {
    first: "Mia",
    last: "Johnson",
    kind: "pos",
    tier: "Bronze",
    months: 3,
    days: 4,
    offer: "redeemed",
    cashbackOut: true,
  },
  { first: "Noah", last: "Williams", kind: "pos", tier: "Bronze", months: 1, days: 12 },
  {
    first: "Emma",
    last: "Brown",
    kind: "pos",
    tier: "Bronze",
    months: 7,
    days: 20,
    cashbackOut: true,
  },
  {
    first: "Liam",
    last: "Garcia",
    kind: "pos",
    tier: "Bronze",
    months: 0,
    days: 10,
    offer: "bought",
  },
  { first: "Olivia", last: "Davis", kind: "pos", tier: "Bronze", months: 2, days: 2 },
  {
    first: "Ethan",
    last: "Miller",
    kind: "pos",
    tier: "Bronze",
    months: 5,
    days: 15,
    cashbackOut: true,
  },
  {
    first: "Sophia",
    last: "Wilson",
    kind: "cash",
    tier: "Bronze",
    months: 4,
    days: 8,
    discount: 10,
  },
  {
    first: "Lucas",
    last: "Moore",
    kind: "cash",
    tier: "Bronze",
    months: 1,
    days: 1,
    offer: "redeemed",
  },
  { first: "Isabella", last: "Taylor", kind: "cash", tier: "Bronze", months: 0, days: 3 },
  {
    first: "Mason",
    last: "Anderson",
    kind: "cash",
    tier: "Gold",
    months: 3,
    days: 9,
    cashbackOut: true,
  },
  {
    first: "Harper",
    last: "Thomas",
    kind: "cash",
    tier: "Gold",
    months: 8,
    days: 17,
    offer: "bought",
  },
  { first: "Elijah", last: "Jackson", kind: "pos", tier: "Gold", months: 1, days: 5 },
  {
    first: "Amelia",
    last: "White",
    kind: "pos",
    tier: "Gold",
    months: 6,
    days: 22,
    offer: "redeemed",
    cashbackOut: true,
  },
  { first: "Logan", last: "Harris", kind: "cancelled", tier: "Bronze", months: 2, days: 14 },
  { first: "Evelyn", last: "Martin", kind: "cancelled", tier: "Gold", months: 4, days: 6 },
  { first: "Aiden", last: "Thompson", kind: "pending", tier: "Bronze", months: 2 },
  { first: "James", last: "Lee", kind: "expired", tier: "Bronze", months: 2 },
  { first: "Abigail", last: "Walker", kind: "expired", tier: "Gold", months: 1 },
  { first: "Benjamin", last: "Hall", kind: "expired", tier: "Founders Club", months: 3 },
  { first: "Ella", last: "Allen", kind: "none" },
  { first: "Henry", last: "Young", kind: "none" },
  { first: "Grace", last: "King", kind: "none" },
  { first: "Jack", last: "Wright", kind: "disabled", tier: "Bronze", months: 1, days: 11 },
  { first: "Chloe", last: "Scott", kind: "disabled" },
  { first: "Samuel", last: "Green", kind: "pos", tier: "Bronze", months: 2, days: 18 },
  {
    first: "Zoey",
    last: "Adams",
    kind: "cash",
    tier: "Bronze",
    months: 6,
    days: 7,
    cashbackOut: true,
  },
  { first: "Daniel", last: "Baker", kind: "pos", tier: "Gold", months: 2, days: 13 },
  {
    first: "Lily",
    last: "Nelson",
    kind: "pos",
    tier: "Bronze",
    months: 9,
    days: 25,
    offer: "bought",
  },
];

export const DEMO_INVITED_STAFF = {
  email: "noah.invited@demo-shop.test",
  firstName: "Noah",
  lastName: "Kim",
  role: "Weekend barista",
} as const;

type Row<T extends { $inferInsert: unknown }> = T["$inferInsert"];

export async function seedMembers(
  tx: Transaction,
  input: { shopId: number; now: Date; existingCustomerEmails: { ava: string; leo: string } },
) {
  const { shopId, now } = input;
  const [owner] = await tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(sql`${users.id} = (select owner_id from shops where id = ${shopId})`);
  const [staff] = await tx
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.shopId, shopId), eq(users.status, "active")));
  if (!owner || !staff) throw new Error("demo owner and staff must exist first");
  const merchants = [owner, staff].map((u) => ({ id: u.id, name: `${u.firstName} ${u.lastName}` }));

  // The second staff member has been invited and not answered yet.
  await tx.insert(users).values({ ...DEMO_INVITED_STAFF, shopId, status: "inactive" });

  const tiers = await tx.select().from(membershipTiers).where(eq(membershipTiers.shopId, shopId));
  const tierOf = (name: TierName) => {
    const tier = tiers.find((t) => t.name === name);
    if (!tier) throw new Error(`demo tier ${name} missing`);
    return tier;
  };
  const benefits = await tx
    .select()
    .from(membershipBenefits)
    .where(eq(membershipBenefits.shopId, shopId));
  const [latte] = await tx
    .select()
    .from(offers)
    .where(and(eq(offers.shopId, shopId), eq(offers.offerName, "Two-for-one lattes")));
  if (!latte) throw new Error("demo offer missing");

  // Ava (a counter card member of Gold) and Leo (no membership yet) are the demo logins.
  const plans: (Demo & { email?: string })[] = [
    {
      first: "Ava",
      last: "Chen",
      kind: "pos",
      tier: "Gold",
      months: 4,
      days: 3,
      email: input.existingCustomerEmails.ava,
      cashbackOut: true,
    },
    ...DEMO_MEMBERS,
  ];

  // Who joined when: the membership start, or a few days ago for those without one.
  const startOf = (plan: Demo, index: number): Date => {
    const months = plan.months ?? 0;
    if (plan.kind === "none" || (plan.kind === "disabled" && !plan.tier)) {
      return new Date(now.getTime() - (2 + index) * DAY);
    }
    if (plan.kind === "expired") {
      // Ended `months` months ago after one paid period.
      const period = plan.tier === "Gold" ? 12 : 1;
      return addMonthsClamped(new Date(now.getTime() - (months * 30 + 5) * DAY), -period);
    }
    if (plan.kind === "pending") {
      // The period ended yesterday, unpaid.
      return addMonthsClamped(new Date(now.getTime() - DAY), -(months + 1));
    }
    return addMonthsClamped(new Date(now.getTime() - (plan.days ?? 1) * DAY), -months);
  };

  const customerValues: Row<typeof customers>[] = [];
  const fresh = plans.filter((p) => !p.email);
  fresh.forEach((plan, index) => {
    const joined = new Date(startOf(plan, index).getTime() - DAY);
    customerValues.push({
      shopId,
      email: `${plan.first}.${plan.last}@demo-customer.test`.toLowerCase(),
      firstName: plan.first,
      lastName: plan.last,
      phoneNumber: `+1202555${String(1000 + index).slice(-4)}`,
      // Added at the counter: no password until they follow their welcome e-mail.
      isDisabled: plan.kind === "disabled",
      createdAt: joined,
      updatedAt: joined,
      lastActivityAt: joined,
    });
  });
  const inserted = await tx
    .insert(customers)
    .values(customerValues)
    .returning({ id: customers.id, email: customers.email });
  const existing = await tx
    .select({ id: customers.id, email: customers.email })
    .from(customers)
    .where(eq(customers.shopId, shopId));
  const idOf = new Map([...existing, ...inserted].map((c) => [c.email, c.id]));
  // The demo logins joined the day before their membership began, like everyone else.
  for (const [index, plan] of plans.entries()) {
    if (!plan.email || !plan.tier) continue;
    const joined = new Date(startOf(plan, index).getTime() - DAY);
    await tx
      .update(customers)
      .set({ createdAt: joined, lastActivityAt: joined })
      .where(eq(customers.id, idOf.get(plan.email) as number));
  }

  const membershipValues: (Row<typeof customerMemberships> & { key: string })[] = [];
  plans.forEach((plan, index) => {
    if (!plan.tier) return;
    const email = plan.email ?? `${plan.first}.${plan.last}@demo-customer.test`.toLowerCase();
    const tier = tierOf(plan.tier);
    const start = startOf(plan, index);
    const months = plan.months ?? 0;
    const yearly = tier.renewal === "yearly";
    const renewals = yearly || plan.kind === "expired" ? 0 : months;
    const periodStart = yearly ? start : addMonthsClamped(start, renewals);
    const expireDate = periodEnd(periodStart, tier.renewal);
    const status =
      plan.kind === "cancelled"
        ? "cancelled"
        : plan.kind === "pending"
          ? "pending"
          : plan.kind === "expired"
            ? "expired"
            : "active";
    const paymentType =
      plan.kind === "pos" || (plan.kind === "cancelled" && yearly) ? "pos" : "cash";
    membershipValues.push({
      key: email,
      shopId,
      customerId: idOf.get(email) as number,
      tierId: tier.id,
      plan: tier.renewal,
      status,
      paymentType,
      startDate: start,
      periodStart,
      expireDate,
      cancelledAt: status === "cancelled" ? new Date(now.getTime() - 2 * DAY) : null,
      endedAt: status === "expired" ? expireDate : null,
      renewalAttempts: status === "pending" ? 1 : 0,
      nextRenewalAttemptAt: status === "pending" ? new Date(expireDate.getTime() + 3 * DAY) : null,
      nextRewardAt:
        yearly && status !== "expired"
          ? addMonthsClamped(start, membershipMonthIndex(start, now) + 1)
          : null,
      createdAt: start,
      updatedAt: start,
    });
  });
  const memberships = await tx
    .insert(customerMemberships)
    .values(membershipValues.map(({ key: _key, ...values }) => values))
    .returning();

  const txValues: Row<typeof transactions>[] = [];
  const ledgerValues: Row<typeof cashbackLedger>[] = [];
  const redemptionValues: Row<typeof redemptions>[] = [];
  const balances = new Map<number, number>();
  const credit = (
    customerId: number,
    membershipId: number,
    cents: number,
    at: Date,
    what: string,
  ) => {
    ledgerValues.push({
      shopId,
      customerId,
      customerMembershipId: membershipId,
      amountCents: cents,
      kind: "reward",
      description: `${what} cashback reward`,
      createdAt: at,
    });
    balances.set(customerId, (balances.get(customerId) ?? 0) + cents);
  };

  memberships.forEach((m, index) => {
    const plan = plans.find(
      (p) =>
        idOf.get(p.email ?? `${p.first}.${p.last}@demo-customer.test`.toLowerCase()) ===
        m.customerId,
    ) as Demo;
    const tier = tiers.find((t) => t.id === m.tierId) as (typeof tiers)[number];
    const name = `${plan.first} ${plan.last}`;
    const by = merchants[index % 2] as { id: number; name: string };
    // Every period up to the current one was paid; a pending one waits for its next payment.
    const paidPeriods = m.plan === "yearly" || m.status === "expired" ? 1 : (plan.months ?? 0) + 1;
    for (let period = 0; period < paidPeriods; period++) {
      const at = m.plan === "yearly" ? m.startDate : addMonthsClamped(m.startDate, period);
      const discount = period === 0 && plan.discount ? plan.discount : 0;
      const amountCents = toCents(applyDiscount(toDollars(tier.priceCents), discount));
      txValues.push({
        shopId,
        customerId: m.customerId,
        customerName: name,
        kind: period === 0 ? "membership_purchase" : "membership_renewal",
        customerMembershipId: m.id,
        tierId: tier.id,
        membershipName: tier.name,
        plan: m.plan,
        paymentType: m.paymentType,
        priceCents: tier.priceCents,
        discountCents: tier.priceCents - amountCents,
        amountCents,
        status: "succeeded",
        transactionBy: by.name,
        transactionByUserId: by.id,
        createdAt: at,
      });
      if (m.plan === "monthly") credit(m.customerId, m.id, tier.cashbackRewardCents, at, tier.name);
    }
    if (m.plan === "yearly") {
      // Gold credits its reward monthly inside the paid year.
      const until = m.status === "expired" ? m.expireDate : now;
      const months = membershipMonthIndex(m.startDate, until);
      for (let month = 0; month <= Math.min(months, 11); month++) {
        credit(
          m.customerId,
          m.id,
          tier.cashbackRewardCents,
          addMonthsClamped(m.startDate, month),
          tier.name,
        );
      }
    }
    // A benefit in the first month, and this month for every other member still using it.
    const tierBenefits = benefits.filter((b) => b.tierId === tier.id);
    const first = tierBenefits[0];
    if (first) {
      redemptionValues.push({
        shopId,
        customerId: m.customerId,
        customerName: name,
        redemptionType: "benefit",
        item: first.name,
        valueCents: first.worthCents,
        customerMembershipId: m.id,
        benefitId: first.id,
        membershipMonth: 0,
        performedBy: "merchant",
        performedByUserId: by.id,
        performedByName: by.name,
        redemptionDate: new Date(m.startDate.getTime() + 2 * 60 * 60 * 1000),
      });
      const month = membershipMonthIndex(m.startDate, now);
      const usable = (m.status === "active" || m.status === "cancelled") && month > 0;
      const second = tierBenefits[1] ?? first;
      if (usable && index % 2 === 0) {
        redemptionValues.push({
          shopId,
          customerId: m.customerId,
          customerName: name,
          redemptionType: "benefit",
          item: second.name,
          valueCents: second.worthCents,
          customerMembershipId: m.id,
          benefitId: second.id,
          membershipMonth: month,
          performedBy: index % 4 === 0 ? "customer" : "merchant",
          performedByUserId: index % 4 === 0 ? null : by.id,
          performedByName: index % 4 === 0 ? name : by.name,
          redemptionDate: new Date(now.getTime() - 6 * 60 * 60 * 1000),
        });
      }
    }
  });

  // Cashback paid out at the counter, in whole dollars, never more than the balance.
  plans.forEach((plan, index) => {
    if (!plan.cashbackOut) return;
    const email = plan.email ?? `${plan.first}.${plan.last}@demo-customer.test`.toLowerCase();
    const customerId = idOf.get(email) as number;
    const dollars = Math.floor((balances.get(customerId) ?? 0) / 200);
    if (dollars < 1) return;
    const at = new Date(now.getTime() - (index + 1) * 60 * 60 * 1000);
    const by = merchants[index % 2] as { id: number; name: string };
    ledgerValues.push({
      shopId,
      customerId,
      amountCents: -dollars * 100,
      kind: "redemption",
      description: "Cashback redeemed",
      createdAt: at,
    });
    balances.set(customerId, (balances.get(customerId) ?? 0) - dollars * 100);
    redemptionValues.push({
      shopId,
      customerId,
      customerName: `${plan.first} ${plan.last}`,
      redemptionType: "cashback",
      item: "Cashback",
      valueCents: dollars * 100,
      performedBy: "merchant",
      performedByUserId: by.id,
      performedByName: by.name,
      redemptionDate: at,
    });
  });

  const offerBuyers = plans
    .map((plan, index) => ({ plan, index }))
    .filter(({ plan }) => plan.offer);
  const offerTxValues: Row<typeof transactions>[] = offerBuyers.map(({ plan, index }) => {
    const email = plan.email ?? `${plan.first}.${plan.last}@demo-customer.test`.toLowerCase();
    const by = merchants[index % 2] as { id: number; name: string };
    return {
      shopId,
      customerId: idOf.get(email) as number,
      customerName: `${plan.first} ${plan.last}`,
      kind: "offer_purchase" as const,
      offerId: latte.id,
      offerName: latte.offerName,
      paymentType: index % 2 === 0 ? ("pos" as const) : ("cash" as const),
      priceCents: latte.offerPriceCents,
      amountCents: latte.offerPriceCents,
      status: "succeeded" as const,
      transactionBy: by.name,
      transactionByUserId: by.id,
      createdAt: new Date(now.getTime() - (index + 2) * 60 * 60 * 1000),
    };
  });

  if (ledgerValues.length > 0) await tx.insert(cashbackLedger).values(ledgerValues);
  await tx.insert(transactions).values(txValues);
  const offerTx = await tx.insert(transactions).values(offerTxValues).returning();
  const purchases = await tx
    .insert(customerOffers)
    .values(
      offerTx.map((t) => ({
        shopId,
        customerId: t.customerId as number,
        offerId: latte.id,
        transactionId: t.id,
        pricePaidCents: t.priceCents,
        purchasedAt: t.createdAt,
      })),
    )
    .returning();
  purchases.forEach((purchase, i) => {
    const buyer = offerBuyers[i];
    if (buyer?.plan.offer !== "redeemed") return;
    const at = new Date(purchase.purchasedAt.getTime() + 30 * 60 * 1000);
    redemptionValues.push({
      shopId,
      customerId: purchase.customerId,
      customerName: `${buyer.plan.first} ${buyer.plan.last}`,
      redemptionType: "offer",
      item: latte.offerName,
      valueCents: purchase.pricePaidCents,
      customerOfferId: purchase.id,
      performedBy: "merchant",
      performedByUserId: owner.id,
      performedByName: `${owner.firstName} ${owner.lastName}`,
      redemptionDate: at,
    });
  });
  const redeemedOffers = purchases.filter((_, i) => offerBuyers[i]?.plan.offer === "redeemed");
  for (const purchase of redeemedOffers) {
    await tx
      .update(customerOffers)
      .set({
        redeemedAt: new Date(purchase.purchasedAt.getTime() + 30 * 60 * 1000),
        redeemedByUserId: owner.id,
      })
      .where(eq(customerOffers.id, purchase.id));
  }
  await tx.insert(redemptions).values(redemptionValues);
  return { members: plans.length };
}
