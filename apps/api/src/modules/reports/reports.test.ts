import { csvField, csvText, formatCents, formatShortDate } from "@tessera/shared";
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { redemptions, shops, type transactions } from "../../db/schema";
import { queryRows } from "../../infra/db";
import { createMerchant, createTransaction, loginAs } from "../../test/factories";
import { appForFile, signedInStaff } from "../../test/file-app";
import { csvDateCellSql, csvFieldCellSql, csvMoneyCellSql, csvTextCellSql } from "./csv-sql";
import { createReportsService } from "./service";

/** 2025-06-10 12:00 in Auckland (NZST, UTC+12). */
const NOW = new Date("2025-06-10T00:00:00Z");

const t = appForFile({ env: { RATE_LIMIT_PER_MINUTE: "1000" }, now: () => NOW });

async function shopIn(timeZone: string) {
  const owner = await createMerchant(t.database.db);
  const shopId = owner.shop?.id as number;
  await t.database.db.update(shops).set({ timeZone }).where(eq(shops.id, shopId));
  const { authorization } = await loginAs(t.app, owner);
  return { shopId, authorization, owner };
}

type NewTransaction = typeof transactions.$inferInsert;

function pay(shopId: number, at: string, values: Partial<NewTransaction> = {}) {
  return createTransaction(t.database.db, shopId, { createdAt: new Date(at), ...values });
}

async function redeem(
  shopId: number,
  at: string,
  values: Partial<typeof redemptions.$inferInsert> = {},
) {
  const [row] = await t.database.db
    .insert(redemptions)
    .values({
      shopId,
      customerName: "Cleo Customer",
      redemptionType: "cashback",
      item: "Cashback",
      valueCents: 450,
      performedBy: "merchant",
      performedByName: "Mo Merchant",
      redemptionDate: new Date(at),
      ...values,
    })
    .returning();
  if (!row) throw new Error("no redemption");
  return row;
}

async function get(authorization: string, url: string) {
  return t.app.inject({ method: "GET", url, headers: { authorization } });
}

const T = "/api/v1/reports";

describe("transaction report", () => {
  let shop: Awaited<ReturnType<typeof shopIn>>;
  beforeEach(async () => {
    shop = await shopIn("Pacific/Auckland");
  });

  it("pages the period's transactions newest first, filtered by payment type", async () => {
    const { shopId, authorization } = shop;
    // 1 Jun 00:00 in Auckland: this month's first instant.
    const first = await pay(shopId, "2025-05-31T12:00:00Z", { paymentType: "cash" });
    await pay(shopId, "2025-05-31T11:59:59Z"); // 31 May there: last month
    const online = await pay(shopId, "2025-06-02T00:00:00Z", {
      kind: "offer_purchase",
      offerName: "Two for one",
      membershipName: null,
      plan: null,
      providerReference: "txn_1",
      priceCents: 500,
      amountCents: 300,
      cashbackUsedCents: 200,
    });
    const pos = await pay(shopId, "2025-06-03T00:00:00Z", {
      paymentType: "pos",
      status: "refunded",
    });
    const other = await shopIn("Pacific/Auckland");
    await pay(other.shopId, "2025-06-03T00:00:00Z");

    const res = await get(authorization, `${T}/get-transaction-report`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    expect(body.transactions.map((r: { id: number }) => r.id)).toEqual([
      pos.id,
      online.id,
      first.id,
    ]);
    expect(body.transactions[1]).toMatchObject({
      id: online.id,
      transactionId: "txn_1",
      item: "Two for one",
      transactionType: "Offer",
      paymentType: "online",
      price: 5,
      amount: 3,
      cashbackUsed: 2,
      status: "succeeded",
    });
    expect(body.transactions[2]).toMatchObject({ item: "Silver", transactionId: null });

    const page2 = await get(authorization, `${T}/get-transaction-report?pageSize=2&page=2`);
    expect(page2.json()).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page2.json().transactions.map((r: { id: number }) => r.id)).toEqual([first.id]);

    for (const [type, ids] of [
      ["cash", [first.id]],
      ["pos", [pos.id]],
      ["online", [online.id]],
      ["all", [pos.id, online.id, first.id]],
    ] as const) {
      const filtered = await get(
        authorization,
        `${T}/get-transaction-report?timeFilter=currentMonth&paymentType=${type}&shopId=${shopId}`,
      );
      expect(filtered.statusCode, type).toBe(200);
      expect(filtered.json().transactions.map((r: { id: number }) => r.id)).toEqual(ids);
      expect(filtered.json().total).toBe(ids.length);
    }
    const year = await get(authorization, `${T}/get-transaction-report?timeFilter=1year`);
    expect(year.json().total).toBe(4);
  });

  it("refuses unknown values and another shop's claim", async () => {
    const { authorization } = shop;
    const other = await shopIn("Pacific/Auckland");
    const claim = await get(authorization, `${T}/get-transaction-report?shopId=${other.shopId}`);
    expect(claim.statusCode).toBe(404);
    expect(
      (await get(authorization, `${T}/export-transaction-report?shopId=${other.shopId}`))
        .statusCode,
    ).toBe(404);
    expect(
      (await get(authorization, `${T}/get-redemption-report?shopId=${other.shopId}`)).statusCode,
    ).toBe(404);
    // Reports say 1year; lastYear is the dashboard's name.
    const period = await get(authorization, `${T}/get-transaction-report?timeFilter=lastYear`);
    expect(period.statusCode).toBe(400);
    expect(period.json().message).toContain("1year");
    const payment = await get(authorization, `${T}/get-transaction-report?paymentType=card`);
    expect(payment.statusCode).toBe(400);
    expect(payment.json().message).toContain("online");
    expect(
      (await t.app.inject({ method: "GET", url: `${T}/get-transaction-report` })).statusCode,
    ).toBe(401);
  });

  it("lets staff read the shop's report", async () => {
    const { shopId } = shop;
    await pay(shopId, "2025-06-02T00:00:00Z");
    const { authorization } = await signedInStaff(t, shopId);
    expect((await get(authorization, `${T}/get-transaction-report`)).json().total).toBe(1);
  });

  it("exports the period as CSV with escaping, $ prices and the spec's file name", async () => {
    const { shopId, authorization } = shop;
    await pay(shopId, "2025-06-01T00:00:00Z", {
      customerName: 'Ann "Nan" O\'Neil, Jr.',
      membershipName: "Gold\nPlus",
      paymentType: "cash",
      priceCents: 123456,
      amountCents: 123456,
    });
    await pay(shopId, "2025-06-02T00:00:00Z", {
      kind: "offer_purchase",
      offerName: "=HYPERLINK(1)",
      providerReference: "txn_2",
      paymentType: "pos",
      priceCents: 500,
      discountCents: 50,
      cashbackUsedCents: 100,
      amountCents: 350,
    });
    const res = await get(
      authorization,
      `${T}/export-transaction-report?paymentType=all&timeFilter=currentMonth`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe(
      "attachment; filename=\"transactions_All_This month_2025-06-10.csv\"; filename*=UTF-8''transactions_All_This%20month_2025-06-10.csv",
    );
    expect(res.body).toBe(
      "\uFEFF" +
        "Transaction ID,Transaction Date,Item,Customer,Payment type,Price,Discount,Cashback used,Amount paid,Status\r\n" +
        `txn_2,"2 Jun, 2025",'=HYPERLINK(1),Cleo Customer,POS,$5.00,$0.50,$1.00,$3.50,Succeeded\r\n` +
        `N/A,"1 Jun, 2025","Gold\nPlus","Ann ""Nan"" O'Neil, Jr.",Cash,"$1,234.56",$0.00,$0.00,"$1,234.56",Succeeded\r\n`,
    );

    const cash = await get(
      authorization,
      `${T}/export-transaction-report?paymentType=pos&timeFilter=30Days`,
    );
    expect(cash.headers["content-disposition"]).toContain(
      'filename="transactions_POS_Last 30 days_2025-06-10.csv"',
    );
    expect(cash.body.split("\r\n")).toHaveLength(3);
  });

  it("answers an empty export with the spec's alert", async () => {
    const { shopId, authorization } = shop;
    await pay(shopId, "2025-06-02T00:00:00Z", { paymentType: "cash" });
    const res = await get(authorization, `${T}/export-transaction-report?paymentType=online`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("No transaction data available to download");
    const none = await get(authorization, `${T}/export-redemption-report`);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe("No redemption data available to download");
  });

  it("streams every row in keyset batches, ties on the date included", async () => {
    const { shopId } = shop;
    const ids: number[] = [];
    for (let i = 0; i < 7; i++) {
      // Pairs share an instant, so a batch can end in the middle of a tie.
      const at = new Date(Date.UTC(2025, 5, 2, 0, 0, Math.floor(i / 2))).toISOString();
      ids.push((await pay(shopId, at, { providerReference: `ref_${i}` })).id);
    }
    // Microseconds a JS Date cannot hold: ref_2 300 µs and ref_3 100 µs after their second,
    // so a batch ending on ref_2 must not skip ref_3 (a cursor cut to milliseconds would).
    for (const [ref, micros] of [
      ["ref_2", 300],
      ["ref_3", 100],
    ] as const) {
      await t.database.db.execute(
        sql`update transactions set created_at = created_at + make_interval(secs => ${micros / 1e6})
          where shop_id = ${shopId} and provider_reference = ${ref}`,
      );
    }
    const reports = createReportsService({ db: t.database.db, now: () => NOW, exportBatchSize: 2 });
    const file = await reports.exportTransactions(
      { shopId },
      { timeFilter: "currentMonth", paymentType: "all" },
    );
    let text = "";
    for await (const chunk of file.body) text += chunk.toString();
    const refs = text
      .trim()
      .split("\r\n")
      .slice(1)
      .map((line) => line.split(",")[0]);
    expect(refs).toEqual(["ref_6", "ref_5", "ref_4", "ref_2", "ref_3", "ref_1", "ref_0"]);
  });
});

describe("redemption report", () => {
  it("pages and exports the period's redemptions in the shop's zone", async () => {
    const { shopId, authorization } = await shopIn("America/Los_Angeles");
    // Los Angeles (PDT): this month starts 1 Jun 07:00 UTC; now is 9 Jun 17:00.
    const inside = await redeem(shopId, "2025-06-01T07:00:00Z", {
      redemptionType: "benefit",
      item: 'Free "large" coffee, any size',
      customerName: "Zoë\r\nSmith",
    });
    await redeem(shopId, "2025-06-01T06:59:59Z");
    const latest = await redeem(shopId, "2025-06-09T23:59:59Z", { valueCents: 1050 });
    await redeem(shopId, "2025-06-10T00:00:00Z");

    const res = await get(
      authorization,
      `${T}/get-redemption-report?timeFilter=currentMonth&shopId=${shopId}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: 2, page: 1, pageSize: 20 });
    expect(res.json().redemptions).toEqual([
      {
        id: latest.id,
        redemptionDate: "2025-06-09T23:59:59.000Z",
        redemptionType: "cashback",
        item: "Cashback",
        customerName: "Cleo Customer",
        value: 10.5,
        performedBy: "merchant",
        performedByName: "Mo Merchant",
      },
      expect.objectContaining({ id: inside.id, value: 4.5 }),
    ]);
    expect(
      (await get(authorization, `${T}/get-redemption-report?timeFilter=60Days`)).json().total,
    ).toBe(3);

    const csv = await get(authorization, `${T}/export-redemption-report?timeFilter=currentMonth`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-disposition"]).toContain(
      'filename="redemptions_This month_2025-06-09.csv"',
    );
    expect(csv.body).toBe(
      "\uFEFFRedemption Date,Item,Customer,Type,Value,Redeemed by\r\n" +
        '"9 Jun, 2025",Cashback,Cleo Customer,Cashback,$10.50,Mo Merchant\r\n' +
        '"1 Jun, 2025","Free ""large"" coffee, any size","Zoë\r\nSmith",Benefit,$4.50,Mo Merchant\r\n',
    );
    const year = await get(authorization, `${T}/export-redemption-report?timeFilter=1year`);
    expect(year.headers["content-disposition"]).toContain(
      "filename*=UTF-8''redemptions_Last%201%20year_2025-06-09.csv",
    );
  });
});

describe("CSV cells written by the database", () => {
  async function one(expression: ReturnType<typeof sql>): Promise<string> {
    const [row] = await queryRows<{ v: string }>(t.database.db, sql`select ${expression} as v`);
    return row?.v ?? "missing";
  }

  it("writes money as csvField(formatCents()) does", async () => {
    for (const cents of [0, 5, 10, 99, 100, 1999, 123456, 100000000, 123456789, -500, -123456]) {
      expect(await one(csvMoneyCellSql(sql`${cents}::integer`)), String(cents)).toBe(
        csvField(formatCents(cents)),
      );
    }
  });

  it("escapes text as csvField(csvText()) does", async () => {
    for (const text of [
      "Plain",
      'Ann "Nan" O\'Neil, Jr.',
      "Gold\nPlus",
      "Zoë\r\nSmith",
      "=HYPERLINK(1)",
      "+1",
      "-2",
      "@me",
      "\tTab",
      "\rReturn",
      "a-b=c",
      "",
      '"',
      ",",
    ]) {
      const value = sql`${text}::text`;
      expect(await one(csvTextCellSql(value)), JSON.stringify(text)).toBe(csvField(csvText(text)));
      expect(await one(csvFieldCellSql(value)), JSON.stringify(text)).toBe(csvField(text));
    }
    expect(await one(csvTextCellSql(sql`null::text`))).toBe("");
    expect(await one(csvFieldCellSql(sql`null::text`))).toBe("");
  });

  it("writes dates in the shop's zone as csvField(formatShortDate()) does", async () => {
    for (const [at, zone] of [
      ["2025-06-01T06:59:59Z", "America/Los_Angeles"],
      ["2025-06-01T07:00:00Z", "America/Los_Angeles"],
      ["2024-09-05T11:59:59Z", "Pacific/Auckland"],
      ["2024-09-05T12:00:00Z", "Pacific/Auckland"],
      ["2024-12-31T23:30:00Z", "UTC"],
    ] as const) {
      expect(await one(csvDateCellSql(sql`${at}::timestamptz`, zone)), `${at} ${zone}`).toBe(
        csvField(formatShortDate(new Date(at), zone)),
      );
    }
  });
});
