import { ERASED_MEMBER_NAME, PRIVACY_EXPORT_FILES } from "@tessera/shared";
import { and, eq, ne, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  cashbackLedger,
  customerMemberships,
  customerOffers,
  customers,
  notifications,
  redemptions,
  sessions,
  transactions,
} from "../../db/schema";
import { createStorage } from "../../infra/storage";
import { createTestApp, type TestApp } from "../../test/app";
import { createCustomer, loginAs, PASSWORD } from "../../test/factories";
import { buildIsolationFixture, type IsolationFixture } from "../../test/isolation/fixture";
import { unzip } from "../../test/zip";

const ids = (rows: { id: number }[]) => rows.map((r) => r.id).sort((a, b) => a - b);
const jsonIds = (text: string | undefined) => ids(JSON.parse(text ?? "null") as { id: number }[]);

describe("privacy: a customer's data export and erasure in one shop", () => {
  let t: TestApp;
  let f: IsolationFixture;
  let a2: { id: number; email: string };
  let b1: { id: number; email: string; shopId: number };

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: "1000000" } });
    f = await buildIsolationFixture(t);
    const db = t.database.db;
    const others = await db
      .select()
      .from(customers)
      .where(and(eq(customers.shopId, f.ids.shopId), ne(customers.id, f.ids.customerId)));
    const [other] = others;
    const [inB] = await db.select().from(customers).where(ne(customers.shopId, f.ids.shopId));
    if (!other || !inB) throw new Error("fixture without a second customer");
    a2 = { id: other.id, email: other.email };
    b1 = { id: inB.id, email: inB.email, shopId: inB.shopId };
    // Rows of the neighbours that must never reach A1's export.
    await db.insert(cashbackLedger).values([
      {
        shopId: f.ids.shopId,
        customerId: a2.id,
        amountCents: 700,
        kind: "reward",
        description: "A2-only credit",
      },
      {
        shopId: b1.shopId,
        customerId: b1.id,
        amountCents: 900,
        kind: "reward",
        description: "B1-only credit",
      },
    ]);
    await db.insert(notifications).values([
      {
        shopId: f.ids.shopId,
        customerId: a2.id,
        event: "cashback.credited",
        title: "A2-only notice",
        message: "x",
      },
      {
        shopId: b1.shopId,
        customerId: b1.id,
        event: "cashback.credited",
        title: "B1-only notice",
        message: "x",
      },
    ]);
  }, 120_000);
  afterAll(() => t.close());

  const exportAs = (actor: keyof IsolationFixture["headers"], url: string) =>
    t.app.inject({ method: "GET", url, headers: f.headers[actor] });
  const customerExport = () => `/api/v1/customer/privacy/export/${f.ids.customerId}`;
  const memberExport = (id: number) => `/api/v1/privacy/members/${id}/export`;
  /** The shop's erase (or, with `url`, the customer's own), confirmed as the form asks. */
  const erase = (
    headers: Record<string, string>,
    customerId: number,
    url = `/api/v1/privacy/members/${customerId}/erase`,
    confirm = "ERASE",
  ) => t.app.inject({ method: "POST", url, headers, payload: { confirm } });

  async function auditOf(action: string, customerId: number) {
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.action, action));
    return rows.filter(
      (r) =>
        r.targetId === customerId ||
        (r.after as { customerId?: number })?.customerId === customerId,
    );
  }

  it("exports every row of the customer in the shop and none of another customer's or shop's", async () => {
    const res = await exportAs("customerA1", customerExport());
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    expect(res.headers["content-disposition"]).toMatch(/attachment; filename="member-\d+-data_/);
    const files = await unzip(res.rawPayload);
    expect(Object.keys(files).sort()).toEqual([...PRIVACY_EXPORT_FILES].sort());

    const db = t.database.db;
    const who = f.ids.customerId;
    const profile = JSON.parse(files["profile.json"] ?? "{}");
    expect(profile.customer.id).toBe(who);
    expect(profile.shop.id).toBe(f.ids.shopId);
    // Each file holds exactly the customer's rows of its table.
    const tables = {
      "transactions.json": transactions,
      "redemptions.json": redemptions,
      "memberships.json": customerMemberships,
      "offers.json": customerOffers,
      "cashback-ledger.json": cashbackLedger,
      "notifications.json": notifications,
    } as const;
    for (const [file, table] of Object.entries(tables)) {
      const rows = await db.select({ id: table.id }).from(table).where(eq(table.customerId, who));
      expect(jsonIds(files[file]), file).toEqual(ids(rows));
    }
    // Every file has rows (the fixture gave A1 each kind), so the equalities above are not empty.
    for (const name of PRIVACY_EXPORT_FILES.filter(
      (n) => n.endsWith(".json") && n !== "profile.json",
    )) {
      expect(jsonIds(files[name]).length, name).toBeGreaterThan(0);
    }
    const all = Object.values(files).join("\n");
    for (const foreign of ["A2-only", "B1-only", a2.email, b1.email])
      expect(all).not.toContain(foreign);
    // Amounts in dollars, never the provider's card token.
    expect(files["transactions.json"]).toContain('"amount":');
    expect(files["memberships.json"]).not.toContain("cardToken");

    const records = await auditOf("export.downloaded", who);
    expect(records).toHaveLength(1);
    expect(records[0]?.actorKind).toBe("customer");
    expect(records[0]?.after).toMatchObject({ export: "member_data", customerId: who });
  });

  it("lets the owner download a member's data; staff, other shops and other customers are refused", async () => {
    const res = await exportAs("ownerA", memberExport(f.ids.customerId));
    expect(res.statusCode).toBe(200);
    const files = await unzip(res.rawPayload);
    expect(JSON.parse(files["profile.json"] ?? "{}").customer.id).toBe(f.ids.customerId);
    expect((await auditOf("export.downloaded", f.ids.customerId)).map((r) => r.actorKind)).toEqual([
      "customer",
      "owner",
    ]);

    expect((await exportAs("staffA", memberExport(f.ids.customerId))).statusCode).toBe(403);
    expect((await exportAs("ownerB", memberExport(f.ids.customerId))).statusCode).toBe(404);
    expect((await exportAs("readKeyA", memberExport(f.ids.customerId))).statusCode).toBe(403);
    expect((await exportAs("customerA2", customerExport())).statusCode).toBe(404);
    expect((await exportAs("customerB", customerExport())).statusCode).toBe(404);
    expect((await exportAs("ownerA", memberExport(b1.id))).statusCode).toBe(404);
    // Refusals are not downloads: still the two records.
    expect(await auditOf("export.downloaded", f.ids.customerId)).toHaveLength(2);
  });

  async function figures() {
    const headers = f.headers.ownerA;
    const dashboard = await t.app.inject({
      method: "GET",
      url: "/api/v1/shop/dashboard-stats?timeFilter=1year",
      headers,
    });
    const report = await t.app.inject({
      method: "GET",
      url: "/api/v1/reports/get-transaction-report?timeFilter=1year&pageSize=100",
      headers,
    });
    expect(dashboard.statusCode).toBe(200);
    expect(report.statusCode).toBe(200);
    const body = report.json() as { total: number; transactions: Record<string, unknown>[] };
    const [ledger] = await t.database.db
      .select({ sum: sql<string>`coalesce(sum(${cashbackLedger.amountCents}), 0)` })
      .from(cashbackLedger)
      .where(eq(cashbackLedger.customerId, f.ids.customerId));
    return {
      stats: dashboard.json().stats as Record<string, number>,
      series: dashboard.json().series,
      total: body.total,
      // The rows without the copied names: ids, amounts, statuses, items.
      rows: body.transactions.map(({ customerName: _n, name: _m, ...rest }) => rest),
      ledger: Number(ledger?.sum),
    };
  }

  it("erases A1: personal fields gone, sessions revoked, amounts and totals unchanged, once", async () => {
    const db = t.database.db;
    const who = f.ids.customerId;
    const storage = createStorage({ dataDir: t.config.dataDir, publicUrl: t.config.publicUrl });
    const picture = await storage.save(Buffer.from("picture"), {
      extension: "png",
      contentType: "image/png",
      folder: "customers",
    });
    await db
      .update(customers)
      .set({ profilePicture: picture.url, phoneNumber: "+14155550123" })
      .where(eq(customers.id, who));
    const [before] = await db.select().from(customers).where(eq(customers.id, who));
    const paymentsBefore = await db
      .select()
      .from(transactions)
      .where(eq(transactions.customerId, who));
    const totalsBefore = await figures();
    const url = `/api/v1/customer/privacy/erase/${who}`;
    const headers = f.headers.customerA1;

    const wrong = await erase(headers, who, url, "yes");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe("Type ERASE to confirm.");
    const asOther = await erase(f.headers.customerA2, who, url);
    expect(asOther.statusCode).toBe(404);
    const asStaff = await erase(f.headers.staffA, who);
    expect(asStaff.statusCode).toBe(403);
    expect(
      (await db.select().from(customers).where(eq(customers.id, who)))[0]?.erasedAt,
    ).toBeNull();

    const res = await erase(headers, who, url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ erased: true });

    const [after] = await db.select().from(customers).where(eq(customers.id, who));
    expect(after).toMatchObject({
      ...ERASED_MEMBER_NAME,
      phoneNumber: null,
      profilePicture: null,
      passwordHash: null,
      isDisabled: true,
    });
    expect(after?.email).toMatch(/^erased-\d+-[0-9a-f]{12}@erased\.invalid$/);
    expect(after?.erasedAt).toBeInstanceOf(Date);
    expect(after?.memberCode).not.toBe(before?.memberCode);
    expect(after?.walletSerial).not.toBe(before?.walletSerial);
    expect(await storage.read(picture.key)).toBeNull();

    // Signed out everywhere, and no way back in with the old address and password.
    expect(await db.select().from(sessions).where(eq(sessions.customerId, who))).toEqual([]);
    const old = await t.app.inject({
      method: "GET",
      url: `/api/v1/customer/profile/get-customer/${who}`,
      headers,
    });
    expect(old.statusCode).toBe(401);
    await expect(
      loginAs(t.app, { email: before?.email ?? "", password: PASSWORD }, f.ids.shopId),
    ).rejects.toThrow(/login failed/);

    // The shop's records keep every amount, under the placeholder name.
    const paymentsAfter = await db
      .select()
      .from(transactions)
      .where(eq(transactions.customerId, who));
    const money = (rows: typeof paymentsBefore) =>
      rows.map((r) => [r.id, r.amountCents, r.priceCents, r.status, r.cashbackUsedCents]).sort();
    expect(money(paymentsAfter)).toEqual(money(paymentsBefore));
    expect(new Set(paymentsAfter.map((r) => r.customerName))).toEqual(new Set(["Erased member"]));
    const totalsAfter = await figures();
    expect(totalsAfter.ledger).toBe(totalsBefore.ledger);
    expect(totalsAfter.total).toBe(totalsBefore.total);
    expect(totalsAfter.rows).toEqual(totalsBefore.rows);
    expect(totalsAfter.series).toEqual(totalsBefore.series);
    // Revenue figures stay; the membership no longer renews, so it leaves the active count.
    const { activeSubscriptions: activeBefore, ...revenueBefore } = totalsBefore.stats;
    const { activeSubscriptions: activeAfter, ...revenueAfter } = totalsAfter.stats;
    expect(revenueAfter).toEqual(revenueBefore);
    expect(activeAfter).toBe((activeBefore ?? 0) - 1);
    const [membership] = await db
      .select()
      .from(customerMemberships)
      .where(eq(customerMemberships.customerId, who));
    expect(membership).toMatchObject({ status: "cancelled", cardToken: null, cardLabel: null });
    // Nothing names the person any more: their notices and the shop's notices about them are gone.
    expect(await db.select().from(notifications).where(eq(notifications.customerId, who))).toEqual(
      [],
    );
    const aboutThem = await db
      .select()
      .from(notifications)
      .where(sql`${notifications.data}->>'customerId' = ${String(who)}`);
    expect(aboutThem).toEqual([]);

    const erasures = await auditOf("member.erased", who);
    expect(erasures).toHaveLength(1);
    expect(erasures[0]).toMatchObject({
      actorKind: "customer",
      actorId: who,
      targetType: "customer",
    });
    expect(erasures[0]?.after).toEqual({ requestedBy: "customer", membershipCancelled: true });

    // A second request (the owner acting on the same request) changes nothing.
    const again = await erase(f.headers.ownerA, who);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ erased: false });
    const [still] = await db.select().from(customers).where(eq(customers.id, who));
    expect(still).toEqual(after);
    expect(await auditOf("member.erased", who)).toHaveLength(1);
    // The audit log reads the erased name, and the owner cannot enable the account again.
    const enable = await t.app.inject({
      method: "PUT",
      url: `/api/v1/member/update-member-status/${who}`,
      headers: f.headers.ownerA,
      payload: { status: "active" },
    });
    expect(enable.statusCode, enable.body).toBe(409);
  });

  it("lets the owner erase a member on request; two requests at once erase once", async () => {
    const db = t.database.db;
    const { customer } = await createCustomer(db, f.ids.shopId);
    await db.insert(cashbackLedger).values({
      shopId: f.ids.shopId,
      customerId: customer.id,
      amountCents: 300,
      kind: "reward",
      description: "credit",
    });
    const { authorization } = await loginAs(
      t.app,
      { email: customer.email, password: PASSWORD },
      f.ids.shopId,
    );
    expect((await erase(f.headers.ownerB, customer.id)).statusCode).toBe(404);
    expect((await erase(f.headers.readKeyA, customer.id)).statusCode).toBe(403);
    const [first, second] = await Promise.all([
      erase(f.headers.ownerA, customer.id),
      erase(f.headers.ownerA, customer.id),
    ]);
    expect([first?.statusCode, second?.statusCode]).toEqual([200, 200]);
    expect([first?.json().erased, second?.json().erased].sort()).toEqual([false, true]);

    const [after] = await db.select().from(customers).where(eq(customers.id, customer.id));
    expect(after).toMatchObject({ firstName: "Erased", lastName: "member", isDisabled: true });
    const me = await t.app.inject({
      method: "GET",
      url: "/api/v1/customer/auth/me",
      headers: { authorization },
    });
    expect(me.statusCode).toBe(401);
    const [ledger] = await db
      .select()
      .from(cashbackLedger)
      .where(eq(cashbackLedger.customerId, customer.id));
    expect(ledger?.amountCents).toBe(300);
    const records = await auditOf("member.erased", customer.id);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ actorKind: "owner" });
    expect(records[0]?.after).toEqual({ requestedBy: "owner", membershipCancelled: false });

    const detail = await t.app.inject({
      method: "GET",
      url: `/api/v1/member/get-single-member/${customer.id}`,
      headers: f.headers.ownerA,
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.body).not.toContain(customer.email);
    expect(detail.json().member).toMatchObject({ firstName: "Erased", status: "disabled" });
    expect(detail.json().member.erasedAt).toEqual(expect.any(String));
  });
});
