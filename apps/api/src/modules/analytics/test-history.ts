import { eq } from "drizzle-orm";
import { customerMemberships, type MembershipTier, shops, transactions } from "../../db/schema";
import type { Database } from "../../infra/db";
import { createCustomer } from "../../test/factories";

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
