import { eq } from "drizzle-orm";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { describe, expect, it } from "vitest";
import { customers, shops, transactions } from "../../db/schema";
import {
  createMerchant,
  createOffer,
  createTier,
  giveCashback,
  loginAs,
} from "../../test/factories";
import { appForFile } from "../../test/file-app";
import { paymentsKit } from "../../test/payments-kit";

const t = appForFile({
  now: () => new Date("2026-11-22T15:00:00Z"),
  env: { RATE_LIMIT_PER_MINUTE: "1000000" },
});

const kit = () => paymentsKit(t, null);

/** The PDF's text, line by line as pdf.js reads it (items joined, lines split by position). */
async function pdfText(body: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(body), useSystemFonts: false, verbosity: 0 })
    .promise;
  const page = await pdf.getPage(1);
  const content = await page.getTextContent();
  const lines = new Map<number, string[]>();
  for (const item of content.items) {
    if (!("str" in item)) continue;
    const y = Math.round(item.transform[5] as number);
    lines.set(y, [...(lines.get(y) ?? []), item.str]);
  }
  return [...lines.entries()]
    .sort((a, b) => b[0] - a[0])
    .map(([, parts]) => parts.join(" "))
    .join("\n");
}

async function shopWithOffer() {
  const { merchant, shopId } = await kit().connectedShop();
  await t.database.db
    .update(shops)
    .set({ name: "Corner Bakery", timeZone: "America/Los_Angeles", primaryColor: "#7c3aed" })
    .where(eq(shops.id, shopId));
  const offer = await createOffer(t.database.db, shopId, {
    offerName: "Coffee box",
    offerPriceCents: 1250,
    originalPriceCents: 2000,
  });
  const owner = await loginAs(t.app, merchant);
  return { shopId, offer, owner: { authorization: owner.authorization }, merchant };
}

type Merchant = Awaited<ReturnType<typeof shopWithOffer>>["merchant"];

/** A membership sold at the counter for cash, then refunded: the refunded payment's id. */
async function refundedCounterSale(
  shopId: number,
  merchant: Merchant,
  tierId: number,
  customerId: number,
): Promise<number> {
  const sale = await t.app.services.payments.counter.sellMembershipAtCounter({
    shopId,
    customerId,
    tierId,
    paymentType: "cash",
    discountPercent: 0,
    actor: { kind: "merchant", userId: merchant.user.id, name: "Olive Owner" },
  });
  expect(sale.outcome).toBe("completed");
  const [row] = await t.database.db
    .select()
    .from(transactions)
    .where(eq(transactions.customerId, customerId));
  const transactionId = row?.id as number;
  await t.app.services.payments.refunds.refundTransaction({ shopId, transactionId });
  return transactionId;
}

describe("PDF receipts", () => {
  it("gives the customer and the shop the receipt's content, cashback apart, to the cent", async () => {
    const { shopId, offer, owner, merchant } = await shopWithOffer();
    const who = await kit().customerOf(shopId);
    await giveCashback(t.database.db, { shopId, customerId: who.customer.id }, 300);
    const { txnId } = await kit().buyOffer(who, shopId, offer.id, { cashbackUsed: 3 });
    const [row] = await t.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.providerReference, txnId));
    const id = row?.id as number;
    // A known payment time: 15:00 UTC is 7:00 AM in Los Angeles (PST) that day.
    await t.database.db
      .update(transactions)
      .set({ createdAt: new Date("2026-11-22T15:00:00Z") })
      .where(eq(transactions.id, id));

    const mine = await t.app.inject({
      method: "GET",
      url: `/api/v1/customer/transactions/${id}/receipt`,
      headers: who.headers,
    });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.headers["content-type"]).toBe("application/pdf");
    expect(mine.headers["content-disposition"]).toBe(
      `attachment; filename="receipt-${shopId}-${id}.pdf"`,
    );
    const text = await pdfText(mine.rawPayload);
    expect(text).toContain("Corner Bakery");
    expect(text).toContain("Payment receipt");
    expect(text).toMatch(/Item\s+Coffee box/);
    expect(text).toMatch(/Price\s+\$12\.50/);
    expect(text).toMatch(/Paid with cashback\s+\$3\.00/);
    expect(text).toMatch(/Paid by card or cash\s+\$9\.50/);
    expect(text).toMatch(/Payment method\s+Visa .*1111/);
    expect(text).toMatch(/Date\s+Nov 22, 2026, 7:00\s?AM PST/);
    expect(text).toMatch(new RegExp(`Transaction id\\s+${txnId}`));
    expect(text).toMatch(new RegExp(`Receipt number\\s+${shopId}-${id}`));
    expect(text).toMatch(/Billed to\s+Cleo Customer/);
    expect(text).toContain(`Contact Corner Bakery at ${merchant.email}`);

    const shopCopy = await t.app.inject({
      method: "GET",
      url: `/api/v1/member/transactions/${id}/receipt`,
      headers: owner,
    });
    expect(shopCopy.statusCode).toBe(200);
    expect(await pdfText(shopCopy.rawPayload)).toBe(text);

    // Another customer of the same shop, and another shop's owner, see nothing.
    const other = await kit().customerOf(shopId);
    const theirs = await t.app.inject({
      method: "GET",
      url: `/api/v1/customer/transactions/${id}/receipt`,
      headers: other.headers,
    });
    expect(theirs.statusCode).toBe(404);
    const stranger = await createMerchant(t.database.db);
    const strangerHeaders = { authorization: (await loginAs(t.app, stranger)).authorization };
    const foreign = await t.app.inject({
      method: "GET",
      url: `/api/v1/member/transactions/${id}/receipt`,
      headers: strangerHeaders,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it("notes a refund on the receipt", async () => {
    const { shopId, merchant, owner } = await shopWithOffer();
    const tier = await createTier(t.database.db, shopId, { name: "Gold", priceCents: 2499 });
    const who = await kit().customerOf(shopId);
    const id = await refundedCounterSale(shopId, merchant, tier.id, who.customer.id);
    const res = await t.app.inject({
      method: "GET",
      url: `/api/v1/member/transactions/${id}/receipt`,
      headers: owner,
    });
    expect(res.statusCode).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain("Receipt (refunded)");
    expect(text).toMatch(/Amount paid\s+\$24\.99/);
    expect(text).toMatch(/Payment method\s+Cash/);
    expect(text).toMatch(/Refunded\s+\$24\.99/);
    expect(text).toMatch(/Refund date\s+Nov 22, 2026, 7:00\s?AM PST/);
  });

  it("reads in the customer's language for them, in English for the shop", async () => {
    const { shopId, merchant, owner } = await shopWithOffer();
    await t.database.db
      .update(shops)
      .set({ timeZone: "Europe/Berlin", name: "Bäckerei Groß" })
      .where(eq(shops.id, shopId));
    const tier = await createTier(t.database.db, shopId, { name: "Gold", priceCents: 123456 });
    const who = await kit().customerOf(shopId);
    await t.database.db
      .update(customers)
      .set({ locale: "de" })
      .where(eq(customers.id, who.customer.id));
    const id = await refundedCounterSale(shopId, merchant, tier.id, who.customer.id);
    const url = (side: string) => `/api/v1/${side}/transactions/${id}/receipt`;

    const theirs = await t.app.inject({
      method: "GET",
      url: url("customer"),
      headers: who.headers,
    });
    expect(theirs.statusCode, theirs.body).toBe(200);
    const german = await pdfText(theirs.rawPayload);
    expect(german).toContain("Bäckerei Groß");
    expect(german).toContain("Beleg (erstattet)");
    expect(german).toMatch(/Diese Zahlung wurde am 22\.11\.2026, 16:00 MEZ erstattet\./);
    expect(german).toMatch(/Artikel\s+Mitgliedschaft Gold \(monatlich\)/);
    // German groups thousands with a dot and puts the currency after the amount.
    expect(german).toMatch(/Bezahlter Betrag\s+1\.234,56\s\$/);
    expect(german).toMatch(/Zahlungsart\s+Bargeld/);
    expect(german).toMatch(/Erstattet\s+1\.234,56\s\$/);
    expect(german).toContain(`Kontaktieren Sie Bäckerei Groß unter ${merchant.email}.`);
    expect(german).not.toContain("Receipt");

    const shopCopy = await t.app.inject({ method: "GET", url: url("member"), headers: owner });
    const english = await pdfText(shopCopy.rawPayload);
    expect(english).toContain("Receipt (refunded)");
    expect(english).toMatch(/Amount paid\s+\$1,234\.56/);
  });
});
