import { MEMBER_CSV_FIELDS } from "@tessera/shared";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cashbackLedger, customerMemberships, customers, shops } from "../../../db/schema";
import { createCustomer, createMerchant, createTier, loginAs } from "../../../test/factories";
import { appForFile, signedInOwner, signedInStaff } from "../../../test/file-app";

const t = appForFile({ env: { RATE_LIMIT_PER_MINUTE: "100000" } });

/** A tiny RFC 4180 reader for the test: quoted fields with doubled quotes, CRLF lines. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  for (const line of text.replace(/^\uFEFF/, "").split("\r\n")) {
    if (line === "") continue;
    const cells: string[] = [];
    let i = 0;
    while (i <= line.length) {
      if (line[i] === '"') {
        let value = "";
        i += 1;
        while (i < line.length) {
          if (line[i] === '"' && line[i + 1] === '"') {
            value += '"';
            i += 2;
          } else if (line[i] === '"') {
            i += 1;
            break;
          } else value += line[i++];
        }
        cells.push(value);
        i += 1;
      } else {
        const end = line.indexOf(",", i);
        const stop = end === -1 ? line.length : end;
        cells.push(line.slice(i, stop));
        i = stop + 1;
      }
    }
    rows.push(cells);
  }
  return rows;
}

/** The member export as this caller asks for it, `query` being the list's filter and search. */
function exportMembers(authorization: string, query = "") {
  return t.app.inject({
    method: "GET",
    url: `/api/v1/member/export-members${query}`,
    headers: { authorization },
  });
}

async function shopWithMembers() {
  const db = t.database.db;
  const owner = await createMerchant(db);
  const shopId = owner.shop?.id as number;
  await db.update(shops).set({ timeZone: "America/New_York" }).where(eq(shops.id, shopId));
  const tier = await createTier(db, shopId, { name: 'Gold, "Plus"' });
  const member = await createCustomer(db, shopId);
  await db
    .update(customers)
    .set({
      firstName: "=cmd",
      lastName: "O'Neil",
      phoneNumber: "+15551234567",
      createdAt: new Date("2026-03-01T03:00:00Z"),
    })
    .where(eq(customers.id, member.customer.id));
  await db.insert(customerMemberships).values({
    shopId,
    customerId: member.customer.id,
    tierId: tier.id,
    plan: "yearly",
    status: "active",
    paymentType: "online",
    startDate: new Date("2026-03-02T15:00:00Z"),
    periodStart: new Date("2026-03-02T15:00:00Z"),
    expireDate: new Date("2027-03-02T15:00:00Z"),
  });
  await db.insert(cashbackLedger).values([
    { shopId, customerId: member.customer.id, amountCents: 1250, kind: "reward", description: "a" },
    {
      shopId,
      customerId: member.customer.id,
      amountCents: -5,
      kind: "redemption",
      description: "b",
    },
  ]);
  const plain = await createCustomer(db, shopId);
  return { owner, shopId, member, plain, headers: await loginAs(t.app, owner) };
}

describe("member export", () => {
  it("streams the list as CSV with the import's columns, escaped, dates in the shop's zone", async () => {
    const { member, plain, headers } = await shopWithMembers();
    const other = await createMerchant(t.database.db);
    const stranger = await createCustomer(t.database.db, other.shop?.id as number);
    const res = await exportMembers(headers.authorization);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="members_\d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect(res.body.startsWith("\uFEFF")).toBe(true);
    const rows = parseCsv(res.body);
    expect(rows[0]).toEqual(MEMBER_CSV_FIELDS.map((f) => f.label));
    expect(rows.slice(1)).toEqual([
      [
        "'=cmd",
        "O'Neil",
        member.email,
        "+15551234567",
        'Gold, "Plus"',
        "yearly",
        "2026-03-02",
        "2027-03-02",
        "card",
        "12.45",
        "2026-02-28",
      ],
      ["Cleo", "Customer", plain.email, "", "", "", "", "", "", "0.00", expect.any(String)],
    ]);
    expect(res.body).not.toContain(stranger.email);
  });

  it("keeps the list's filter and search, and lets staff export", async () => {
    const { shopId, member, plain } = await shopWithMembers();
    const { authorization } = await signedInStaff(t, shopId);
    const get = async (query: string) => {
      const res = await exportMembers(authorization, `?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return parseCsv(res.body)
        .slice(1)
        .map((row) => row[2]);
    };
    expect(await get("active=true")).toEqual([member.email]);
    expect(await get("inactive=true")).toEqual([plain.email]);
    expect(await get(`search=${encodeURIComponent(plain.email)}`)).toEqual([plain.email]);
    expect(await get("search=nobody-like-this")).toEqual([]);
  });

  it("gives a shop without members the header alone (the import's template)", async () => {
    const { authorization } = await signedInOwner(t);
    const res = await exportMembers(authorization);
    expect(res.statusCode).toBe(200);
    expect(parseCsv(res.body)).toEqual([MEMBER_CSV_FIELDS.map((f) => f.label)]);
  });

  it("streams thousands of members in batches, each once", async () => {
    const { shopId, authorization } = await signedInOwner(t);
    const values = Array.from({ length: 4500 }, (_, i) => ({
      shopId,
      email: `bulk-${shopId}-${i}@export.test`,
      firstName: "Bulk",
      lastName: `Member ${i}`,
    }));
    for (let i = 0; i < values.length; i += 1000) {
      await t.database.db.insert(customers).values(values.slice(i, i + 1000));
    }
    const res = await exportMembers(authorization);
    const emails = parseCsv(res.body)
      .slice(1)
      .map((row) => row[2]);
    expect(emails).toHaveLength(4500);
    expect(new Set(emails).size).toBe(4500);
  }, 60_000);
});
