import { formatMemberCode, MEMBER_CARD_MESSAGES, parseMemberCode } from "@tessera/shared";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { customers } from "../../db/schema";
import { expectConfirmed } from "../../test/answers";
import {
  createCustomer,
  createMembership,
  createMerchant,
  createTier,
  giveCashback,
  loginAs,
} from "../../test/factories";
import { appForFile, signedInStaff } from "../../test/file-app";
import { readMemberCard } from "../../test/member-card";
import { memberCardUrl, newMemberCode } from "./service";
import { CARD_LOOKUPS_PER_MINUTE } from "./wiring";

const t = appForFile({
  env: { RATE_LIMIT_PER_MINUTE: "100000", PUBLIC_URL: "https://cards.example.com" },
});

/** A shop with its owner signed in and one member (a tier and $12.50 of cashback). */
async function shopWithMember() {
  const merchant = await createMerchant(t.database.db);
  const shopId = merchant.shop?.id as number;
  const owner = await loginAs(t.app, merchant);
  const tier = await createTier(t.database.db, shopId);
  const member = await createCustomer(t.database.db, shopId);
  const of = { shopId, customerId: member.customer.id };
  const start = new Date(Date.now() - 24 * 60 * 60 * 1000);
  await createMembership(t.database.db, { ...of, tierId: tier.id, start });
  await giveCashback(t.database.db, of, 1250);
  const customer = await loginAs(t.app, member, shopId);
  return { merchant, shopId, owner, tier, member: member.customer, customer };
}

const readCard = (id: number, authorization: string) => readMemberCard(t, id, authorization);
const rotate = (id: number, authorization: string) =>
  t.app.inject({
    method: "POST",
    url: `/api/v1/customer/member-card/rotate/${id}`,
    headers: { authorization },
  });
const lookup = (code: unknown, authorization: string, ip = "10.0.0.1") =>
  t.app.inject({
    method: "POST",
    url: "/api/v1/member/find-by-card",
    headers: { authorization },
    payload: { code },
    remoteAddress: ip,
  });

describe("member codes", () => {
  it("gives every member a random 32-character code that is not their id, unique in the shop", async () => {
    const { shopId } = await shopWithMember();
    const more = await Promise.all(
      Array.from({ length: 20 }, () => createCustomer(t.database.db, shopId)),
    );
    const rows = await t.database.db
      .select({ id: customers.id, code: customers.memberCode })
      .from(customers)
      .where(eq(customers.shopId, shopId));
    expect(rows).toHaveLength(21);
    for (const row of rows) {
      expect(row.code).toMatch(/^[0-9a-f]{32}$/);
      // Not the id in any plain form (a random code may still hold its digits by chance).
      expect(row.code).not.toBe(String(row.id).padStart(32, "0"));
      expect(row.code).not.toBe(row.id.toString(16).padStart(32, "0"));
    }
    expect(new Set(rows.map((row) => row.code)).size).toBe(rows.length);
    // Consecutive members' codes share no common prefix the way counters would.
    const sorted = [...rows].sort((a, b) => a.id - b.id).map((row) => row.code);
    const shared = sorted.slice(1).filter((code, i) => code.slice(0, 8) === sorted[i]?.slice(0, 8));
    expect(shared).toEqual([]);
    expect(more).toHaveLength(20);
    // The application's own codes (rotation) have the same shape and do not repeat.
    const fresh = Array.from({ length: 1000 }, newMemberCode);
    expect(new Set(fresh).size).toBe(1000);
    for (const code of fresh.slice(0, 10)) expect(code).toMatch(/^[0-9a-f]{32}$/);
  });

  it("refuses a second member with the same code in one shop", async () => {
    const { shopId, member } = await shopWithMember();
    const other = await createCustomer(t.database.db, shopId);
    await expect(
      t.database.db
        .update(customers)
        .set({ memberCode: member.memberCode })
        .where(eq(customers.id, other.customer.id)),
    ).rejects.toThrow();
  });

  it("reads what the scanner or a person typed: the code, its printed form or the card's address", () => {
    const code = "0123456789abcdef0123456789abcdef";
    expect(parseMemberCode(code)).toBe(code);
    expect(parseMemberCode(formatMemberCode(code))).toBe(code);
    expect(parseMemberCode(` ${code.toUpperCase()}\n`)).toBe(code);
    expect(parseMemberCode(`https://cards.example.com/7?card=${code}`)).toBe(code);
    expect(parseMemberCode("https://cards.example.com/7")).toBeNull();
    expect(parseMemberCode("12")).toBeNull();
    expect(parseMemberCode(`${code}0`)).toBeNull();
  });
});

describe("the customer's card", () => {
  it("shows the code, the storefront address, the name, the tier and the balance", async () => {
    const { shopId, member, customer, tier } = await shopWithMember();
    const res = await readCard(member.id, customer.authorization);
    expect(res.statusCode).toBe(200);
    const { card } = res.json();
    expect(card).toMatchObject({
      code: member.memberCode,
      url: `https://cards.example.com/${shopId}?card=${member.memberCode}`,
      memberName: "Cleo Customer",
      tier: tier.name,
      cashbackBalance: 12.5,
      wallets: { apple: null, google: null },
    });
    expect(card.url).toBe(memberCardUrl("https://cards.example.com", shopId, member.memberCode));
  });

  it("is the customer's own only", async () => {
    const a = await shopWithMember();
    const b = await shopWithMember();
    expect((await readCard(b.member.id, a.customer.authorization)).statusCode).toBe(404);
    expect((await readCard(a.member.id, a.owner.authorization)).statusCode).toBe(403);
  });
});

describe("rotation and look-ups", () => {
  it("finds the member by code, printed code or address, in the merchant's shop", async () => {
    const { owner, member, shopId } = await shopWithMember();
    for (const input of [
      member.memberCode,
      formatMemberCode(member.memberCode),
      memberCardUrl("https://cards.example.com", shopId, member.memberCode),
    ]) {
      const res = await lookup(input, owner.authorization);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        member: { id: member.id, firstName: "Cleo", lastName: "Customer" },
      });
    }
  });

  it("lets staff look up too", async () => {
    const { shopId, member } = await shopWithMember();
    const session = await signedInStaff(t, shopId);
    expect((await lookup(member.memberCode, session.authorization)).statusCode).toBe(200);
  });

  it("kills the old code at once when the customer rotates it", async () => {
    const { owner, member, customer } = await shopWithMember();
    const res = await rotate(member.id, customer.authorization);
    const { card } = expectConfirmed(res, 200, MEMBER_CARD_MESSAGES.rotated);
    expect(card.code).toMatch(/^[0-9a-f]{32}$/);
    expect(card.code).not.toBe(member.memberCode);
    expect(card.url).toContain(card.code);

    const old = await lookup(member.memberCode, owner.authorization);
    expect(old.statusCode).toBe(404);
    expect(old.json().message).toBe(MEMBER_CARD_MESSAGES.notFound);
    expect((await lookup(card.code, owner.authorization)).json().member.id).toBe(member.id);
    expect((await readCard(member.id, customer.authorization)).json().card.code).toBe(card.code);
  });

  it("answers a foreign, wrong or malformed code with the same 404 that reveals nothing", async () => {
    const a = await shopWithMember();
    const b = await shopWithMember();
    const answers = await Promise.all(
      [b.member.memberCode, newMemberCode(), "hello", `https://x.test/${a.shopId}?card=zz`].map(
        (code) => lookup(code, a.owner.authorization),
      ),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(MEMBER_CARD_MESSAGES.notFound);
      expect(res.body).not.toContain(String(b.member.id));
    }
    // An empty field is a 400 that asks for a code.
    const empty = await lookup("  ", a.owner.authorization);
    expect(empty.statusCode).toBe(400);
  });

  it("refuses customers and signed-out callers", async () => {
    const { member, customer } = await shopWithMember();
    expect((await lookup(member.memberCode, customer.authorization)).statusCode).toBe(403);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/member/find-by-card",
      payload: { code: member.memberCode },
    });
    expect(res.statusCode).toBe(401);
  });

  it("limits look-ups per person and per address each minute", async () => {
    const { owner, member, shopId } = await shopWithMember();
    for (let i = 0; i < CARD_LOOKUPS_PER_MINUTE; i += 1) {
      const code = i % 2 === 0 ? member.memberCode : newMemberCode();
      expect((await lookup(code, owner.authorization, "10.1.1.1")).statusCode).not.toBe(429);
    }
    const limited = await lookup(member.memberCode, owner.authorization, "10.1.1.2");
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(MEMBER_CARD_MESSAGES.tooManyLookups);
    // The address is counted too: a colleague at the same till is limited, one elsewhere is not.
    const colleague = await signedInStaff(t, shopId);
    expect((await lookup(member.memberCode, colleague.authorization, "10.1.1.1")).statusCode).toBe(
      429,
    );
    expect((await lookup(member.memberCode, colleague.authorization, "10.1.1.3")).statusCode).toBe(
      200,
    );
  });
});
