import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { membershipBenefits, membershipTiers } from "../../db/schema";
import { findRow } from "../../infra/db/rows";
import { expectConfirmed } from "../../test/answers";
import { createCustomer, createMerchant, createTier, loginAs } from "../../test/factories";
import {
  appForFile,
  expectUnknownShopRefused,
  signedInOwner,
  signedInStaff,
} from "../../test/file-app";
import { expectFieldErrors } from "../../test/form-errors";
import * as repo from "./repo";

// The member count and the benefit insert are wrapped so a test can make a tier "used" (no
// customer memberships exist yet) or make the benefit write fail half-way.
vi.mock("./repo", async (importOriginal) => {
  const actual = await importOriginal<typeof import("./repo")>();
  return {
    ...actual,
    countMembersOfTier: vi.fn(actual.countMembersOfTier),
    insertBenefits: vi.fn(actual.insertBenefits),
  };
});

const t = appForFile({ env: { RATE_LIMIT_PER_MINUTE: "1000" } });

const BASE = "/api/v1/memberships";

/** An owner with a shop, signed in. */
async function shopOwner() {
  const owner = await signedInOwner(t);
  return { shopId: owner.shopId, authorization: owner.authorization, owner };
}

/** The tier's row as stored. */
const tierRow = (id: number) => findRow(t.database.db, membershipTiers, id);

const gold = {
  name: "Gold",
  description: "Our best plan",
  price: 19.99,
  cashbackReward: "5",
  renewal: "Monthly",
  status: "active",
  Benefits: [
    { name: "Free coffee", worth: "4.50", benefitType: "monthly" },
    { name: "Pastry", worth: 3 },
  ],
};

async function createVia(authorization: string, payload: Record<string, unknown> = gold) {
  return t.app.inject({
    method: "POST",
    url: `${BASE}/create-membership`,
    headers: { authorization },
    payload,
  });
}

function updateVia(authorization: string, payload: Record<string, unknown>) {
  return t.app.inject({
    method: "PUT",
    url: `${BASE}/update-membership-by-id`,
    headers: { authorization },
    payload,
  });
}

async function listVia(authorization: string, query = "") {
  return t.app.inject({
    method: "GET",
    url: `${BASE}/get-all-memberships${query}`,
    headers: { authorization },
  });
}

function deleteVia(authorization: string, id: number) {
  return t.app.inject({
    method: "DELETE",
    url: `${BASE}/delete-membership-by-id?id=${id}`,
    headers: { authorization },
  });
}

describe("create membership", () => {
  it("creates a tier with its benefits in order, in dollars, stored in cents", async () => {
    const { authorization, shopId } = await shopOwner();
    const res = await createVia(authorization);
    const { membership } = expectConfirmed(res, 201, "Membership created successfully");
    expect(membership).toMatchObject({
      shopId,
      name: "Gold",
      description: "Our best plan",
      price: 19.99,
      cashbackReward: 5,
      renewal: "monthly",
      rewardFrequency: "monthly",
      status: "active",
      customerCount: 0,
      currentMonthPeriod: { totalRevenue: 0 },
      Benefits: [
        { name: "Free coffee", worth: 4.5, benefitType: "monthly" },
        { name: "Pastry", worth: 3, benefitType: "monthly" },
      ],
    });
    expect(membership.Benefits[0].id).toEqual(expect.any(Number));
    const row = await tierRow(membership.id);
    expect(row).toMatchObject({ priceCents: 1999, cashbackRewardCents: 500 });
  });

  it("takes a shorter reward frequency and an unpublished status", async () => {
    const { authorization } = await shopOwner();
    const res = await createVia(authorization, {
      ...gold,
      renewal: "yearly",
      rewardFrequency: "monthly",
      status: "inactive",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().membership).toMatchObject({
      renewal: "yearly",
      rewardFrequency: "monthly",
      status: "inactive",
    });
  });

  it("refuses bad input with every message at once and creates nothing", async () => {
    const { authorization } = await shopOwner();
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [
        {
          name: " ",
          description: "",
          price: "",
          cashbackReward: "",
          renewal: "weekly",
          status: "deleted",
          Benefits: [],
        },
        {
          name: "Membership name is required",
          description: "Description is required",
          price: "Price is required",
          cashbackReward: "Cashback reward is required",
          renewal: "Select a renewal period",
          status: "Select a status",
          Benefits: "Add at least one benefit",
        },
      ],
      [
        {
          ...gold,
          name: "x".repeat(101),
          description: "d".repeat(1001),
          price: "0",
          cashbackReward: "-1",
          Benefits: [
            { name: "", worth: "0" },
            { name: "123", worth: "" },
            { name: "n".repeat(101), worth: "2000000" },
          ],
        },
        {
          name: "Membership name must be at most 100 characters",
          description: "Description must be at most 1000 characters",
          price: "Price must be greater than $0",
          cashbackReward: "Cashback reward must be greater than $0",
          "Benefits.0.name": "Benefit name is required",
          "Benefits.0.worth": "Worth must be greater than $0 when adding a row",
          "Benefits.1.name": "Benefit name cannot be only numbers",
          "Benefits.1.worth": "Worth must be greater than $0 when adding a row",
          "Benefits.2.name": "Benefit name must be at most 100 characters",
          "Benefits.2.worth": "Amount must be at most $1,000,000",
        },
      ],
      [
        { ...gold, price: "9.999", cashbackReward: "ten", rewardFrequency: "daily" },
        {
          price: "Amount can have at most 2 decimal places",
          cashbackReward: "Cashback reward must be greater than $0",
          rewardFrequency: "Select how often cashback is credited",
        },
      ],
      [
        { ...gold, price: 99_999_999_999, rewardFrequency: "yearly" },
        {
          price: "Amount must be at most $1,000,000",
          rewardFrequency: "Cashback cannot be credited less often than the membership renews",
        },
      ],
    ];
    for (const [payload, errors] of cases) {
      const res = await createVia(authorization, payload);
      expect(res.statusCode, JSON.stringify(errors)).toBe(400);
      expect(res.json().errors).toEqual(errors);
      expect(res.json().message).toBe(Object.values(errors)[0]);
    }
    expect((await listVia(authorization)).json().memberships).toEqual([]);
  });

  it("writes the tier and its benefits together: a failed benefit write leaves no tier", async () => {
    const { authorization } = await shopOwner();
    vi.mocked(repo.insertBenefits).mockRejectedValueOnce(new Error("disk full"));
    const res = await createVia(authorization);
    expect(res.statusCode).toBe(500);
    expect((await listVia(authorization)).json().memberships).toEqual([]);
  });
});

describe("read memberships", () => {
  it("gets one tier; a bad id is 400, an unknown or another shop's id 404", async () => {
    const { authorization, shopId } = await shopOwner();
    const other = await shopOwner();
    const tier = await createTier(t.database.db, shopId, { name: "Bronze" });
    const theirs = await createTier(t.database.db, other.shopId);

    const ok = await t.app.inject({
      method: "GET",
      url: `${BASE}/get-single-membership?id=${tier.id}`,
      headers: { authorization },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().membership).toMatchObject({
      id: tier.id,
      name: "Bronze",
      price: 19.99,
      Benefits: [{ name: "Free coffee", worth: 4.5 }],
    });

    for (const [id, status] of [
      ["abc", 400],
      ["0", 400],
      [String(theirs.id), 404],
      ["2147483000", 404],
    ] as const) {
      const res = await t.app.inject({
        method: "GET",
        url: `${BASE}/get-single-membership?id=${id}`,
        headers: { authorization },
      });
      expect(res.statusCode, id).toBe(status);
      if (status === 404) expect(res.json().message).toBe("Membership not found");
    }
  });

  it("filters by status (active, archived incl. deleted) and by a list of ids", async () => {
    const { authorization, shopId } = await shopOwner();
    const other = await shopOwner();
    const active = await createTier(t.database.db, shopId, { name: "Active" });
    const inactive = await createTier(t.database.db, shopId, {
      name: "Archived",
      status: "inactive",
    });
    const deleted = await createTier(t.database.db, shopId, { name: "Gone", status: "deleted" });
    const theirs = await createTier(t.database.db, other.shopId);
    const ids = async (query: string) => {
      const res = await listVia(authorization, query);
      expect(res.statusCode, query).toBe(200);
      return res.json().memberships.map((m: { id: number }) => m.id);
    };
    expect(await ids("")).toEqual([active.id, inactive.id, deleted.id]);
    expect(await ids("?active=true")).toEqual([active.id]);
    expect(await ids("?inactive=true")).toEqual([inactive.id, deleted.id]);
    expect(await ids("?active=true&inactive=true")).toEqual([active.id, inactive.id, deleted.id]);
    expect(await ids("?active=false")).toEqual([active.id, inactive.id, deleted.id]);
    expect(await ids(`?tiers=${encodeURIComponent(`[${active.id},${theirs.id}]`)}`)).toEqual([
      active.id,
    ]);
    expect(await ids(`?tiers=${deleted.id},${inactive.id}&inactive=1`)).toEqual([
      inactive.id,
      deleted.id,
    ]);
    for (const query of ["?tiers=[1,x]", "?tiers=abc", "?tiers=[", "?active=yes"]) {
      expect((await listVia(authorization, query)).statusCode, query).toBe(400);
    }
  });
});

describe("update membership", () => {
  it("updates the tier; benefits sent with their id keep it, others are added or removed", async () => {
    const { authorization, shopId } = await shopOwner();
    const created = (await createVia(authorization)).json().membership;
    const [coffee, pastry] = created.Benefits;
    const res = await updateVia(authorization, {
      ...gold,
      id: created.id,
      name: "Gold Plus",
      price: "24.50",
      renewal: "yearly",
      status: "inactive",
      Benefits: [
        { name: "Muffin", worth: "2.25" },
        { id: coffee.id, name: "Free large coffee", worth: 5 },
      ],
    });
    const { membership } = expectConfirmed(res, 200, "Membership updated successfully");
    expect(membership).toMatchObject({
      id: created.id,
      name: "Gold Plus",
      price: 24.5,
      renewal: "yearly",
      rewardFrequency: "yearly",
      status: "inactive",
      Benefits: [
        { name: "Muffin", worth: 2.25 },
        { id: coffee.id, name: "Free large coffee", worth: 5 },
      ],
    });
    const rows = await t.database.db
      .select()
      .from(membershipBenefits)
      .where(eq(membershipBenefits.shopId, shopId));
    expect(rows.map((r) => r.id)).not.toContain(pastry.id);
    expect(rows).toHaveLength(2);
  });

  it("never touches another shop's benefit sent by id: it becomes a new row", async () => {
    const { authorization, shopId } = await shopOwner();
    const other = await shopOwner();
    const theirs = await createTier(t.database.db, other.shopId, {
      benefits: [{ name: "Their perk", worthCents: 100 }],
    });
    const [theirBenefit] = await t.database.db
      .select()
      .from(membershipBenefits)
      .where(eq(membershipBenefits.tierId, theirs.id));
    const mine = await createTier(t.database.db, shopId);
    const res = await updateVia(authorization, {
      ...gold,
      id: mine.id,
      Benefits: [{ id: theirBenefit?.id, name: "Stolen", worth: 1 }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().membership.Benefits[0].id).not.toBe(theirBenefit?.id);
    const [after] = await t.database.db
      .select()
      .from(membershipBenefits)
      .where(eq(membershipBenefits.id, theirBenefit?.id as number));
    expect(after).toMatchObject({ name: "Their perk", tierId: theirs.id });
  });

  it("refuses bad input and changes nothing; another shop's tier is 404", async () => {
    const { authorization, shopId } = await shopOwner();
    const other = await shopOwner();
    const mine = await createTier(t.database.db, shopId, { name: "Keep me" });
    const theirs = await createTier(t.database.db, other.shopId, { name: "Theirs" });

    const bad = await updateVia(authorization, {
      ...gold,
      id: mine.id,
      name: "",
      Benefits: [{ name: "1", worth: 1 }],
    });
    expectFieldErrors(bad, {
      name: "Membership name is required",
      "Benefits.0.name": "Benefit name cannot be only numbers",
    });
    const noId = await updateVia(authorization, gold);
    expect(noId.statusCode).toBe(400);
    expect(noId.json().errors).toHaveProperty("id");

    const foreign = await updateVia(authorization, { ...gold, id: theirs.id, name: "Hijacked" });
    expect(foreign.statusCode).toBe(404);
    const rows = await t.database.db.select().from(membershipTiers);
    expect(rows.find((r) => r.id === mine.id)?.name).toBe("Keep me");
    expect(rows.find((r) => r.id === theirs.id)?.name).toBe("Theirs");
  });
});

describe("delete membership", () => {
  it("removes a tier that never had members, with its benefits", async () => {
    const { authorization } = await shopOwner();
    const created = (await createVia(authorization)).json().membership;
    const res = await deleteVia(authorization, created.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: "Membership deleted successfully", outcome: "removed" });
    const benefits = await t.database.db
      .select()
      .from(membershipBenefits)
      .where(eq(membershipBenefits.tierId, created.id));
    expect(benefits).toEqual([]);
    const again = await deleteVia(authorization, created.id);
    expect(again.statusCode).toBe(404);
  });

  it("archives a tier that has or had members as deleted, which is then read-only", async () => {
    const { authorization } = await shopOwner();
    const created = (await createVia(authorization)).json().membership;
    vi.mocked(repo.countMembersOfTier).mockResolvedValueOnce(3);
    const res = await deleteVia(authorization, created.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: "Membership deleted. It had members, so it is kept for their history.",
      outcome: "archived",
    });
    const archived = (await listVia(authorization, "?inactive=true")).json().memberships;
    expect(archived).toMatchObject([{ id: created.id, status: "deleted", Benefits: [{}, {}] }]);
    expect((await listVia(authorization, "?active=true")).json().memberships).toEqual([]);

    const update = await updateVia(authorization, { ...gold, id: created.id, status: "active" });
    expect(update.statusCode).toBe(422);
    expect(update.json().message).toBe("This membership was deleted and can no longer be changed.");
    const deleteAgain = await deleteVia(authorization, created.id);
    expect(deleteAgain.statusCode).toBe(422);
  });

  it("answers 404 for another shop's tier and leaves it alone", async () => {
    const { authorization } = await shopOwner();
    const other = await shopOwner();
    const theirs = await createTier(t.database.db, other.shopId);
    const res = await deleteVia(authorization, theirs.id);
    expect(res.statusCode).toBe(404);
    const still = await tierRow(theirs.id);
    expect(still?.status).toBe("active");
  });
});

describe("who may manage memberships", () => {
  it("lets staff manage the employer's tiers", async () => {
    const { shopId, authorization: ownerAuth } = await shopOwner();
    const { authorization } = await signedInStaff(t, shopId);
    const created = await createVia(authorization);
    expect(created.statusCode).toBe(201);
    expect(created.json().membership.shopId).toBe(shopId);
    const seenByOwner = (await listVia(ownerAuth)).json().memberships;
    expect(seenByOwner.map((m: { id: number }) => m.id)).toEqual([created.json().membership.id]);
  });

  it("refuses customers, anonymous callers and owners without a shop", async () => {
    const { shopId } = await shopOwner();
    const tier = await createTier(t.database.db, shopId);
    const customer = await createCustomer(t.database.db, shopId);
    const customerAuth = (await loginAs(t.app, customer, shopId)).authorization;
    const shopless = await createMerchant(t.database.db, { withShop: false });
    const shoplessAuth = (await loginAs(t.app, shopless)).authorization;
    const calls = [
      { method: "POST", url: `${BASE}/create-membership`, payload: gold },
      { method: "GET", url: `${BASE}/get-all-memberships` },
      { method: "GET", url: `${BASE}/get-single-membership?id=${tier.id}` },
      { method: "PUT", url: `${BASE}/update-membership-by-id`, payload: { ...gold, id: tier.id } },
      { method: "DELETE", url: `${BASE}/delete-membership-by-id?id=${tier.id}` },
    ] as const;
    for (const call of calls) {
      for (const [authorization, status] of [
        [undefined, 401],
        [customerAuth, 403],
        [shoplessAuth, 403],
      ] as const) {
        const res = await t.app.inject({
          ...call,
          headers: authorization ? { authorization } : {},
        });
        expect(res.statusCode, `${call.method} ${call.url} ${status}`).toBe(status);
      }
    }
    const still = await tierRow(tier.id);
    expect(still?.name).toBe("Silver");
  });
});

describe("storefront memberships (public)", () => {
  it("lists only published tiers, cheapest first, without member figures or a token", async () => {
    const { shopId } = await shopOwner();
    const other = await shopOwner();
    const premium = await createTier(t.database.db, shopId, {
      name: "Premium",
      priceCents: 4900,
      benefits: [
        { name: "Second", worthCents: 200 },
        { name: "Third", worthCents: 300 },
      ],
    });
    const basic = await createTier(t.database.db, shopId, { name: "Basic", priceCents: 900 });
    await createTier(t.database.db, shopId, { name: "Archived", status: "inactive" });
    await createTier(t.database.db, shopId, { name: "Deleted", status: "deleted" });
    await createTier(t.database.db, other.shopId, { name: "Elsewhere" });

    const res = await t.app.inject({
      method: "GET",
      url: `/api/v1/customer/memberships/get-active-memberships?shopId=${shopId}`,
    });
    expect(res.statusCode).toBe(200);
    const { memberships } = res.json();
    expect(memberships.map((m: { id: number }) => m.id)).toEqual([basic.id, premium.id]);
    expect(memberships[1]).toEqual({
      id: premium.id,
      name: "Premium",
      description: "Coffee lovers' plan",
      price: 49,
      cashbackReward: 5,
      renewal: "monthly",
      rewardFrequency: "monthly",
      Benefits: [
        { id: expect.any(Number), name: "Second", worth: 2, benefitType: "monthly" },
        { id: expect.any(Number), name: "Third", worth: 3, benefitType: "monthly" },
      ],
    });
  });

  it("answers an empty list for a shop without tiers, and Store Not Found for no shop", async () => {
    const { shopId } = await shopOwner();
    const empty = await t.app.inject({
      method: "GET",
      url: `/api/v1/customer/memberships/get-active-memberships?shopId=${shopId}`,
    });
    expect(empty.json()).toEqual({ memberships: [] });
    await expectUnknownShopRefused(
      t,
      (id) => `/api/v1/customer/memberships/get-active-memberships?shopId=${id}`,
    );
  });
});
