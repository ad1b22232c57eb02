import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { customerOffers, redemptions } from "../../db/schema";
import {
  createCustomer,
  createMembership,
  createMerchant,
  createOffer,
  createStaff,
  createTier,
  giveCashback,
  loginAs,
} from "../../test/factories";
import { appForFile } from "../../test/file-app";
import { noticesOf } from "../../test/notices";

const t = appForFile({ env: { RATE_LIMIT_PER_MINUTE: "100000" } });

/** A shop with a member of a tier (one benefit), $10 of cashback and one bought offer. */
async function memberAtCounter() {
  const merchant = await createMerchant(t.database.db);
  const shopId = merchant.shop?.id as number;
  const owner = await loginAs(t.app, merchant);
  const tier = await createTier(t.database.db, shopId);
  const { customer } = await createCustomer(t.database.db, shopId);
  const of = { shopId, customerId: customer.id };
  const start = new Date(Date.now() - 3 * 24 * 60 * 60 * 1000);
  await createMembership(t.database.db, { ...of, tierId: tier.id, start });
  await giveCashback(t.database.db, of, 1000);
  const offer = await createOffer(t.database.db, shopId);
  const [purchase] = await t.database.db
    .insert(customerOffers)
    .values({
      shopId,
      customerId: customer.id,
      offerId: offer.id,
      pricePaidCents: 500,
      purchasedAt: new Date(),
    })
    .returning();
  const [benefit] = await t.database.db.query.membershipBenefits.findMany({
    where: (b, { eq }) => eq(b.tierId, tier.id),
  });
  return {
    shopId,
    customer,
    headers: { authorization: owner.authorization },
    benefitId: benefit?.id as number,
    customerOfferId: purchase?.id as number,
  };
}

const post = (url: string, headers: { authorization: string }) =>
  t.app.inject({ method: "POST", url, headers });

describe("counter redemptions", () => {
  it("redeems a benefit once a month, also when clicked twice at once, and tells the member", async () => {
    const m = await memberAtCounter();
    const url = `/api/v1/merchant-redemptions/create-redemption?benefitId=${m.benefitId}&customerId=${m.customer.id}`;
    const results = await Promise.all(Array.from({ length: 4 }, () => post(url, m.headers)));
    const ok = results.filter((r) => r.statusCode === 201);
    expect(ok).toHaveLength(1);
    expect(ok[0]?.json()).toMatchObject({
      message: "Benefit redeemed successfully",
      redemption: {
        redemptionType: "benefit",
        item: "Free coffee",
        value: 4.5,
        customerName: "Cleo Customer",
        performedBy: "merchant",
        performedByName: "Olive Owner",
      },
      rewardBalance: 10,
    });
    for (const refused of results.filter((r) => r.statusCode !== 201)) {
      expect(refused.statusCode).toBe(409);
    }
    const told = await noticesOf(t.database.db, "redemption.recorded", {
      customerId: m.customer.id,
    });
    expect(told).toHaveLength(1);
    // The member screens' name for the member is accepted too.
    const byMemberId = await post(
      `/api/v1/merchant-redemptions/create-redemption?benefitId=${m.benefitId}&memberId=${m.customer.id}`,
      m.headers,
    );
    expect(byMemberId.statusCode).toBe(409);
    const missing = await post(
      `/api/v1/merchant-redemptions/create-redemption?benefitId=${m.benefitId}`,
      m.headers,
    );
    expect(missing.json().errors).toEqual({ customerId: "Choose a member" });
  });

  it("redeems a bought offer once", async () => {
    const m = await memberAtCounter();
    const url = `/api/v1/merchant-redemptions/redeem-offer?customerOfferId=${m.customerOfferId}`;
    const [first, second] = await Promise.all([post(url, m.headers), post(url, m.headers)]);
    const codes = [first?.statusCode, second?.statusCode].sort();
    expect(codes).toEqual([201, 409]);
    const done = first?.statusCode === 201 ? first : second;
    expect(done?.json()).toMatchObject({
      message: "Offer redeemed successfully",
      redemption: { redemptionType: "offer", item: "Two for one", value: 5 },
    });
  });

  it("pays out cashback in whole dollars within the balance, with the spec's messages", async () => {
    const m = await memberAtCounter();
    const cashback = (query: string) =>
      post(`/api/v1/merchant-redemptions/create-cashback-redemption?${query}`, m.headers);
    const id = m.customer.id;
    expect((await cashback(`customerId=${id}`)).json().errors).toEqual({
      price: "Please enter an amount to redeem.",
    });
    expect((await cashback(`customerId=${id}&price=0`)).json().errors).toEqual({
      price: "Please enter a valid amount to redeem.",
    });
    expect((await cashback(`customerId=${id}&price=abc`)).json().errors).toEqual({
      price: "Please enter a valid amount to redeem.",
    });
    expect((await cashback(`customerId=${id}&price=2.5`)).json().errors).toEqual({
      price: "Only whole numbers are allowed.",
    });
    const above = await cashback(`customerId=${id}&price=11`);
    expect(above.statusCode).toBe(400);
    expect(above.json().message).toBe("You cannot redeem more than your available cashback.");

    const ok = await cashback(`customerId=${id}&price=4`);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({
      message: "Cashback redeemed successfully",
      redemption: { redemptionType: "cashback", value: 4 },
      rewardBalance: 6,
    });
    // In parallel the wallet is never overdrawn: 6 dollars pay out at most three times 2.
    const parallel = await Promise.all(
      Array.from({ length: 5 }, () => cashback(`customerId=${id}&price=2`)),
    );
    expect(parallel.filter((r) => r.statusCode === 201)).toHaveLength(3);
  });

  it("lists a member's redemptions a page at a time; staff may redeem too", async () => {
    const m = await memberAtCounter();
    const staff = await createStaff(t.database.db, m.shopId);
    const staffHeaders = { authorization: (await loginAs(t.app, staff)).authorization };
    for (let i = 0; i < 3; i++) {
      const res = await post(
        `/api/v1/merchant-redemptions/create-cashback-redemption?customerId=${m.customer.id}&price=1`,
        staffHeaders,
      );
      expect(res.statusCode).toBe(201);
    }
    const historyPage = (page: number) =>
      t.app.inject({
        method: "GET",
        url: `/api/v1/merchant-redemptions/get-customer-redemptions?customerId=${m.customer.id}&page=${page}&pageSize=2`,
        headers: m.headers,
      });
    const res = await historyPage(1);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(res.json().redemptions).toHaveLength(2);
    expect(res.json().redemptions[0]).toMatchObject({ performedByName: "Sam Staff" });
    // The next page holds the rest: the oldest one, not repeated from page 1.
    const next = await historyPage(2);
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json()).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    const firstIds = res.json().redemptions.map((r: { id: number }) => r.id);
    const nextIds = next.json().redemptions.map((r: { id: number }) => r.id);
    expect(nextIds).toHaveLength(1);
    expect(firstIds).not.toContain(nextIds[0]);
    expect(Math.min(...firstIds)).toBeGreaterThan(nextIds[0]);
    const rows = await t.database.db
      .select()
      .from(redemptions)
      .where(eq(redemptions.customerId, m.customer.id));
    expect(rows.every((row) => row.performedByUserId === staff.user.id)).toBe(true);
  });

  it("answers 404 for another shop's member, benefit or purchase", async () => {
    const m = await memberAtCounter();
    const other = await memberAtCounter();
    const id = m.customer.id;
    const attempts = await Promise.all([
      post(
        `/api/v1/merchant-redemptions/create-redemption?benefitId=${m.benefitId}&customerId=${id}`,
        other.headers,
      ),
      post(
        `/api/v1/merchant-redemptions/create-redemption?benefitId=${m.benefitId}&customerId=${other.customer.id}`,
        other.headers,
      ),
      post(
        `/api/v1/merchant-redemptions/create-cashback-redemption?customerId=${id}&price=1`,
        other.headers,
      ),
      post(
        `/api/v1/merchant-redemptions/redeem-offer?customerOfferId=${m.customerOfferId}`,
        other.headers,
      ),
      post(
        `/api/v1/merchant-redemptions/redeem-offer?customerOfferId=${other.customerOfferId}&customerId=${id}`,
        other.headers,
      ),
      t.app.inject({
        method: "GET",
        url: `/api/v1/merchant-redemptions/get-customer-redemptions?customerId=${id}`,
        headers: other.headers,
      }),
    ]);
    for (const res of attempts) expect(res.statusCode, res.body).toBe(404);
    expect(
      await t.database.db.select().from(redemptions).where(eq(redemptions.customerId, id)),
    ).toEqual([]);
  });
});
