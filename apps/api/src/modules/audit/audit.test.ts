import { and, asc, eq, gt, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, membershipBenefits } from "../../db/schema";
import {
  connectSandbox,
  createCustomer,
  createMembership,
  createMerchant,
  createOffer,
  createStaff,
  createTier,
  loginAs,
  PASSWORD,
  uniqueEmail,
} from "../../test/factories";
import { appForFile } from "../../test/file-app";
import { expectFieldErrors } from "../../test/form-errors";

// Every request comes from one address here; sign-ins must not hit the per-IP limit.
const t = appForFile({ env: { RATE_LIMIT_PER_MINUTE: "1000" } });

const UA = "AuditTest/1.0 (Phone)";
const IP = "203.0.113.7";

function call(
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  authorization?: string,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url,
    remoteAddress: IP,
    headers: { "user-agent": UA, ...(authorization ? { authorization } : {}) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function shopWithOwner() {
  const merchant = await createMerchant(t.database.db);
  const shopId = merchant.shop?.id as number;
  const res = await call("POST", "/api/v1/auth/sign-in", undefined, {
    email: merchant.email,
    password: PASSWORD,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ...merchant, shopId, authorization: `Bearer ${res.json().token}` };
}

/** The shop's newest record id, so a test reads only what its next action wrote. */
async function mark(shopId: number) {
  const [row] = await t.database.db
    .select({ id: sql<number>`coalesce(max(${auditLog.id}), 0)` })
    .from(auditLog)
    .where(eq(auditLog.shopId, shopId));
  return Number(row?.id ?? 0);
}

async function since(shopId: number, after: number) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.shopId, shopId), gt(auditLog.id, after)))
    .orderBy(asc(auditLog.id));
}

/** Runs the action and expects exactly one record of the shop, returned. */
async function onlyRecord(
  shopId: number,
  action: () => Promise<{ statusCode: number; body: string }>,
  status = 200,
) {
  const before = await mark(shopId);
  const res = await action();
  expect(res.statusCode, res.body).toBe(status);
  const rows = await since(shopId, before);
  expect(rows, JSON.stringify(rows)).toHaveLength(1);
  const [row] = rows;
  expect(row?.ip).toBe(IP);
  expect(row?.userAgent).toBe(UA);
  return row as typeof auditLog.$inferSelect;
}

/**
 * The one record a sign-in writes, on the merchants' page or on the shop's own page (which
 * takes merchants too): 200 with the test password, 401 with any other.
 */
function signInRecord(shopId: number, email: string, password: string, page: "merchant" | "shop") {
  const url = page === "shop" ? "/api/v1/customer/auth/sign-in" : "/api/v1/auth/sign-in";
  const payload = page === "shop" ? { email, password, shopId } : { email, password };
  const status = password === PASSWORD ? 200 : 401;
  return onlyRecord(shopId, () => call("POST", url, undefined, payload), status);
}

describe("every audited action writes exactly one record", () => {
  it("sign-ins and failed sign-ins of owner and staff", async () => {
    const o = await shopWithOwner();
    const ok = await signInRecord(o.shopId, o.email, PASSWORD, "merchant");
    expect(ok).toMatchObject({
      action: "auth.sign_in",
      actorKind: "owner",
      actorId: o.user.id,
      actorName: "Olive Owner",
      targetType: "user",
      targetId: o.user.id,
    });
    const staff = await createStaff(t.database.db, o.shopId);
    const failed = await signInRecord(o.shopId, staff.email, "Wrong@1234", "merchant");
    expect(failed).toMatchObject({
      action: "auth.sign_in_failed",
      actorKind: "staff",
      actorId: staff.user.id,
    });
    // The shop's own sign-in page takes merchants too: recorded the same way.
    const viaShop = await signInRecord(o.shopId, staff.email, PASSWORD, "shop");
    expect(viaShop).toMatchObject({
      action: "auth.sign_in",
      actorKind: "staff",
      actorId: staff.user.id,
    });
    const wrongViaShop = await signInRecord(o.shopId, o.email, "Wrong@1234", "shop");
    expect(wrongViaShop).toMatchObject({ action: "auth.sign_in_failed", actorKind: "owner" });
    // An address nobody has belongs to no shop: nothing is written anywhere for it.
    const before = await mark(o.shopId);
    await call("POST", "/api/v1/auth/sign-in", undefined, {
      email: uniqueEmail(),
      password: PASSWORD,
    });
    expect(await since(o.shopId, before)).toHaveLength(0);
  });

  it("staff invited, role changed, disabled, enabled and deleted", async () => {
    const o = await shopWithOwner();
    const email = uniqueEmail("invitee");
    const invited = await onlyRecord(
      o.shopId,
      () =>
        call("POST", "/api/v1/employees/create-employee", o.authorization, {
          firstName: "Ivy",
          lastName: "Invited",
          email,
          role: "Barista",
          shopId: o.shopId,
        }),
      201,
    );
    expect(invited).toMatchObject({
      action: "staff.invited",
      actorKind: "owner",
      actorId: o.user.id,
      targetType: "user",
      targetLabel: "Ivy Invited",
      before: null,
      after: { role: "Barista", status: "inactive", email },
    });
    const staff = await createStaff(t.database.db, o.shopId);
    const changed = await onlyRecord(o.shopId, () =>
      call("PUT", `/api/v1/employees/update-employee/${staff.user.id}`, o.authorization, {
        firstName: "Sam",
        lastName: "Staff",
        email: staff.email,
        role: "Manager",
        shopId: o.shopId,
      }),
    );
    expect(changed).toMatchObject({
      action: "staff.updated",
      targetId: staff.user.id,
      before: { role: "Barista" },
      after: { role: "Manager" },
    });
    const disabled = await onlyRecord(o.shopId, () =>
      call("PUT", `/api/v1/employees/disable-employee/${staff.user.id}`, o.authorization),
    );
    expect(disabled).toMatchObject({
      action: "staff.disabled",
      before: { status: "active" },
      after: { status: "disabled" },
    });
    const enabled = await onlyRecord(o.shopId, () =>
      call("PUT", `/api/v1/employees/update-employee-status/${staff.user.id}`, o.authorization, {
        status: "active",
      }),
    );
    expect(enabled).toMatchObject({ action: "staff.enabled", after: { status: "active" } });
    const deleted = await onlyRecord(o.shopId, () =>
      call("DELETE", `/api/v1/employees/delete-employee-by-id/${staff.user.id}`, o.authorization),
    );
    expect(deleted).toMatchObject({
      action: "staff.deleted",
      targetLabel: "Sam Staff",
      after: null,
    });
    // A refused change writes nothing.
    const before = await mark(o.shopId);
    const again = await call(
      "PUT",
      `/api/v1/employees/disable-employee/${staff.user.id}`,
      o.authorization,
    );
    expect(again.statusCode).toBe(404);
    expect(await since(o.shopId, before)).toHaveLength(0);
  });

  it("a tier's price or status, and an offer's price or status", async () => {
    const o = await shopWithOwner();
    const tier = await createTier(t.database.db, o.shopId, { benefits: [] });
    const payload = {
      id: tier.id,
      name: tier.name,
      description: tier.description,
      price: 24.5,
      cashbackReward: "5",
      renewal: "Monthly",
      status: "inactive",
      Benefits: [{ name: "Free coffee", worth: "4.50" }],
    };
    const changed = await onlyRecord(o.shopId, () =>
      call("PUT", "/api/v1/memberships/update-membership-by-id", o.authorization, payload),
    );
    expect(changed).toMatchObject({
      action: "tier.changed",
      targetType: "tier",
      targetId: tier.id,
      targetLabel: "Silver",
      before: { price: 19.99, status: "active" },
      after: { price: 24.5, status: "inactive" },
    });
    // A description alone is not a price or status change.
    const before = await mark(o.shopId);
    const res = await call("PUT", "/api/v1/memberships/update-membership-by-id", o.authorization, {
      ...payload,
      description: "Something else",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await since(o.shopId, before)).toHaveLength(0);

    const offer = await createOffer(t.database.db, o.shopId);
    const removed = await onlyRecord(o.shopId, () =>
      call("DELETE", `/api/v1/offers/delete-offer-by-id?id=${offer.id}`, o.authorization),
    );
    expect(removed).toMatchObject({
      action: "offer.changed",
      targetType: "offer",
      targetLabel: "Two for one",
      before: { offerPrice: 5, status: "active" },
      after: { offerPrice: 5, status: "removed" },
    });
  });

  it("member status, counter redemption, cash sale and refund, with the staff member who did it", async () => {
    const o = await shopWithOwner();
    await connectSandbox(t.app, o.shopId);
    const staff = await createStaff(t.database.db, o.shopId);
    const staffAuth = (await loginAs(t.app, staff)).authorization;
    const tier = await createTier(t.database.db, o.shopId);
    const { customer } = await createCustomer(t.database.db, o.shopId);
    await createMembership(t.database.db, {
      shopId: o.shopId,
      customerId: customer.id,
      tierId: tier.id,
      start: new Date(Date.now() - 5 * 86_400_000),
    });
    const [benefit] = await t.database.db
      .select()
      .from(membershipBenefits)
      .where(eq(membershipBenefits.tierId, tier.id));
    const redeemed = await onlyRecord(
      o.shopId,
      () =>
        call(
          "POST",
          `/api/v1/merchant-redemptions/create-redemption?benefitId=${benefit?.id}&customerId=${customer.id}`,
          staffAuth,
        ),
      201,
    );
    expect(redeemed).toMatchObject({
      action: "redemption.counter",
      actorKind: "staff",
      actorId: staff.user.id,
      actorName: "Sam Staff",
      targetType: "customer",
      targetId: customer.id,
      after: { type: "benefit", item: "Free coffee", value: 4.5 },
    });

    const offer = await createOffer(t.database.db, o.shopId);
    const sold = await onlyRecord(
      o.shopId,
      () =>
        call("POST", `/api/v1/member/purchase-offer/${customer.id}`, staffAuth, {
          offerId: offer.id,
          paymentType: "Cash",
          cashbackUsed: 0,
        }),
      201,
    );
    expect(sold).toMatchObject({
      action: "payment.cash_sale",
      actorKind: "staff",
      targetId: customer.id,
      after: { item: "Two for one", amount: 5, paymentType: "cash", status: "succeeded" },
    });
    const transactionId = (sold.after as { transactionId: number }).transactionId;
    const refunded = await onlyRecord(o.shopId, () =>
      call("POST", `/api/v1/transactions/refund/${transactionId}`, o.authorization),
    );
    expect(refunded).toMatchObject({
      action: "payment.refunded",
      actorKind: "owner",
      before: { transactionId, status: "succeeded", amount: 5 },
      after: { transactionId, status: "refunded", amount: 5 },
    });

    const status = await onlyRecord(o.shopId, () =>
      call("PUT", `/api/v1/member/update-member-status/${customer.id}`, o.authorization, {
        status: "disabled",
      }),
    );
    expect(status).toMatchObject({
      action: "member.status_changed",
      targetId: customer.id,
      before: { status: "active" },
      after: { status: "disabled" },
    });
  });

  it("payment settings and downloads", async () => {
    const o = await shopWithOwner();
    const started = await onlyRecord(o.shopId, () =>
      call("POST", "/api/v1/fortis/onboarding", o.authorization, {}),
    );
    expect(started).toMatchObject({
      action: "payments.settings_changed",
      actorKind: "owner",
      targetType: "shop",
      targetId: o.shopId,
      after: { change: "onboarding_started" },
    });
    const exported = await onlyRecord(o.shopId, () =>
      call("GET", "/api/v1/audit-log/export", o.authorization),
    );
    expect(exported).toMatchObject({
      action: "export.downloaded",
      actorKind: "owner",
      after: { export: "audit_log" },
    });
  });
});

describe("the log cannot be changed", () => {
  it("refuses UPDATE, DELETE and TRUNCATE at the database", async () => {
    const o = await shopWithOwner();
    const [row] = await since(o.shopId, 0);
    expect(row).toBeDefined();
    const db = t.database.db;
    const refusal = async (statement: ReturnType<typeof sql>) => {
      const error = await db.execute(statement).then(
        () => null,
        (e: Error & { cause?: Error }) => e,
      );
      return String(error?.cause?.message ?? error?.message);
    };
    expect(await refusal(sql`update audit_log set action = 'x' where id = ${row?.id}`)).toMatch(
      /append-only: UPDATE/,
    );
    expect(await refusal(sql`delete from audit_log where id = ${row?.id}`)).toMatch(
      /append-only: DELETE/,
    );
    expect(await refusal(sql`truncate audit_log`)).toMatch(/append-only: TRUNCATE/);
    expect(await since(o.shopId, 0)).toEqual([row]);
  });
});

describe("reading the log", () => {
  it("is the owner's alone: staff 403, customers 403, signed out 401, no other shop's rows", async () => {
    const o = await shopWithOwner();
    const other = await shopWithOwner();
    const staff = await createStaff(t.database.db, o.shopId);
    const staffAuth = (await loginAs(t.app, staff)).authorization;
    const { email } = await createCustomer(t.database.db, o.shopId);
    const customerAuth = (await loginAs(t.app, { email, password: PASSWORD }, o.shopId))
      .authorization;
    for (const url of ["/api/v1/audit-log", "/api/v1/audit-log/export"]) {
      expect((await call("GET", url, staffAuth)).statusCode).toBe(403);
      expect((await call("GET", url, customerAuth)).statusCode).toBe(403);
      expect((await call("GET", url)).statusCode).toBe(401);
    }
    const res = await call("GET", "/api/v1/audit-log", o.authorization);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.records.length).toBeGreaterThan(0);
    expect(body.records.every((r: { actorId: number | null }) => r.actorId !== other.user.id)).toBe(
      true,
    );
    const ids = (await since(other.shopId, 0)).map((r) => r.id);
    expect(body.records.some((r: { id: number }) => ids.includes(r.id))).toBe(false);
  });

  it("filters by actor, action and day, pages, and exports the same rows as CSV", async () => {
    const o = await shopWithOwner();
    const staff = await createStaff(t.database.db, o.shopId);
    await loginAs(t.app, staff);
    await call("POST", "/api/v1/auth/sign-in", undefined, {
      email: staff.email,
      password: "Nope@1234",
    });
    const list = async (query: string) => {
      const res = await call("GET", `/api/v1/audit-log?${query}`, o.authorization);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const byStaff = await list(`actorId=${staff.user.id}`);
    expect(byStaff.total).toBe(2);
    expect(byStaff.records.map((r: { action: string }) => r.action)).toEqual([
      "auth.sign_in_failed",
      "auth.sign_in",
    ]);
    expect(byStaff.actors.map((a: { id: number }) => a.id).sort()).toEqual(
      [o.user.id, staff.user.id].sort(),
    );
    const failures = await list("action=auth.sign_in_failed");
    expect(failures.total).toBe(1);
    expect(failures.records[0]).toMatchObject({
      actorName: "Sam Staff",
      actorKind: "staff",
      ip: IP,
    });
    const paged = await list("pageSize=1&page=2");
    expect(paged.records).toHaveLength(1);
    expect(paged.total).toBe(3);
    expect((await list("from=2001-01-01&to=2001-01-31")).total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    expect((await list(`from=2001-01-01&to=${tomorrow}`)).total).toBe(3);
    expect(today <= tomorrow).toBe(true);

    const bad = await call(
      "GET",
      "/api/v1/audit-log?from=2025-02-10&to=2025-02-01",
      o.authorization,
    );
    expectFieldErrors(bad, { to: "The end date must be on or after the start date." });
    expect((await call("GET", "/api/v1/audit-log?action=nope", o.authorization)).statusCode).toBe(
      400,
    );

    const csv = await call(
      "GET",
      `/api/v1/audit-log/export?actorId=${staff.user.id}`,
      o.authorization,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toMatch(/text\/csv/);
    const lines = csv.body
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe("Time (UTC),Actor,Role,Action,Target,Before,After,IP,Browser");
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain("Sign-in failed");
    expect(lines[1]).toContain(IP);
  });
});
