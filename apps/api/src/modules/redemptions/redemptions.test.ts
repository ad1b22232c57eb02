import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cashbackLedger, customerOffers, redemptions } from "../../db/schema";
import type { BusEvent } from "../../infra/events";
import {
  createCustomer,
  createMembership,
  createMerchant,
  createOffer,
  createTier,
} from "../../test/factories";
import { appForFile } from "../../test/file-app";
import { noticesOf } from "../../test/notices";

describe("redemptions service", () => {
  let current = new Date("2026-11-22T15:00:00Z");
  const t = appForFile({ now: () => current });

  async function member() {
    const { shop, user } = await createMerchant(t.database.db);
    const shopId = shop?.id as number;
    const tier = await createTier(t.database.db, shopId);
    const { customer } = await createCustomer(t.database.db, shopId);
    const membership = await createMembership(t.database.db, {
      shopId,
      customerId: customer.id,
      tierId: tier.id,
      start: new Date("2026-11-10T12:00:00Z"),
      expireDate: new Date("2026-12-10T12:00:00Z"),
    });
    const benefits = await t.database.db.query.membershipBenefits.findMany({
      where: (b, { eq }) => eq(b.tierId, tier.id),
    });
    return {
      shopId,
      user,
      customer,
      membership,
      benefit: benefits[0] as { id: number; name: string },
    };
  }

  it("redeems a benefit once per membership month, also in parallel, and says when it is back", async () => {
    current = new Date("2026-11-22T15:00:00Z");
    const { shopId, customer, benefit } = await member();
    const attempts = await Promise.allSettled(
      Array.from({ length: 5 }, () =>
        t.app.services.redemptions.redeemBenefit({
          shopId,
          customerId: customer.id,
          benefitId: benefit.id,
          actor: { kind: "customer" },
        }),
      ),
    );
    expect(attempts.filter((a) => a.status === "fulfilled")).toHaveLength(1);
    const refused = attempts.find((a) => a.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason.status).toBe(409);
    await expect(
      t.app.services.redemptions.redeemBenefit({
        shopId,
        customerId: customer.id,
        benefitId: benefit.id,
        actor: { kind: "customer" },
      }),
    ).rejects.toMatchObject({
      message: `You have already redeemed ${benefit.name} this month. It is available again on 10 Dec, 2026.`,
    });
    // The merchant heard about it.
    const told = await noticesOf(t.database.db, "redemption.recorded", { shopId });
    expect(told).toHaveLength(1);
  });

  it("redeems a bought offer once, and never an expired one", async () => {
    const { shopId, user, customer } = await member();
    const offer = await createOffer(t.database.db, shopId);
    const [fresh, old] = await t.database.db
      .insert(customerOffers)
      .values([
        {
          shopId,
          customerId: customer.id,
          offerId: offer.id,
          pricePaidCents: 500,
          purchasedAt: current,
        },
        {
          shopId,
          customerId: customer.id,
          offerId: offer.id,
          pricePaidCents: 500,
          purchasedAt: current,
          expiresAt: new Date(current.getTime() - 1000),
        },
      ])
      .returning();
    const actor = { kind: "merchant" as const, userId: user.id, name: "Olive Owner" };
    const results = await Promise.allSettled([
      t.app.services.redemptions.redeemOffer({
        shopId,
        customerOfferId: fresh?.id as number,
        actor,
      }),
      t.app.services.redemptions.redeemOffer({
        shopId,
        customerOfferId: fresh?.id as number,
        actor,
      }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    await expect(
      t.app.services.redemptions.redeemOffer({ shopId, customerOfferId: old?.id as number, actor }),
    ).rejects.toMatchObject({ message: "This offer has expired and can no longer be redeemed." });
    const rows = await t.database.db
      .select()
      .from(redemptions)
      .where(eq(redemptions.shopId, shopId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      redemptionType: "offer",
      performedBy: "merchant",
      valueCents: 500,
    });
  });

  it("pays out cashback in parallel without overdrawing, and raises events after commit", async () => {
    const { shopId, customer } = await member();
    await t.database.db.insert(cashbackLedger).values({
      shopId,
      customerId: customer.id,
      amountCents: 1000,
      kind: "reward",
      description: "Test",
    });
    const seen: BusEvent[] = [];
    const stop = t.app.events.subscribe((event) => seen.push(event));
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () =>
        t.app.services.redemptions.redeemCashback({
          shopId,
          customerId: customer.id,
          amountCents: 300,
          actor: { kind: "customer" },
        }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
    const ledger = await t.database.db
      .select()
      .from(cashbackLedger)
      .where(eq(cashbackLedger.customerId, customer.id));
    expect(ledger.reduce((sum, row) => sum + row.amountCents, 0)).toBe(100);
    await new Promise((resolve) => setTimeout(resolve, 100));
    stop();
    const changes = seen.filter(
      (e) => e.type === "customer.changed" && e.customerId === customer.id,
    );
    expect(changes).toHaveLength(3);
  });
});
