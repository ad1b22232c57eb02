import {
  importMessage,
  MEMBER_IMPORT_MESSAGES as M,
  MEMBER_CSV_FIELDS,
  type MemberImport,
  type MemberImportProgress,
  type MemberImportRow,
  SOCKET_EVENTS,
} from "@tessera/shared";
import { and, asc, eq, sql } from "drizzle-orm";
import { io as connect } from "socket.io-client";
import { beforeAll, describe, expect, it } from "vitest";
import { cashbackLedger, customerMemberships, customers } from "../../../db/schema";
import { queryRows } from "../../../infra/db";
import { listRecentOutboxEmails } from "../../../infra/mailer/outbox-repo";
import {
  createCustomer,
  createMerchant,
  createStaff,
  createTier,
  loginAs,
  uniqueEmail,
} from "../../../test/factories";
import { appForFile } from "../../../test/file-app";
import { sendMultipart } from "../../../test/multipart";
import { importAll } from "./test-import";

const t = appForFile({ env: { RATE_LIMIT_PER_MINUTE: "100000" } });
let url: string;

beforeAll(async () => {
  // Listening too: the progress test connects a real socket.
  url = await t.app.listen({ port: 0, host: "127.0.0.1" });
});

const HEADER = MEMBER_CSV_FIELDS.map((f) => f.label);
const EXPORT_MAPPING = MEMBER_CSV_FIELDS.map((f) => f.key);

type Auth = { authorization: string };

function csv(rows: string[][]): string {
  return `${[HEADER, ...rows].map((r) => r.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(",")).join("\r\n")}\r\n`;
}

async function upload(auth: Auth, text: string, name = "members.csv") {
  return sendMultipart(
    t.app,
    { method: "POST", url: "/api/v1/member/imports", headers: auth },
    {},
    { file: { buffer: Buffer.from(text), filename: name, type: "text/csv" } },
  );
}

async function uploaded(auth: Auth, text: string): Promise<MemberImport> {
  const res = await upload(auth, text);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().import;
}

async function dryRun(auth: Auth, id: number, mapping: (string | null)[] = EXPORT_MAPPING) {
  const res = await t.app.inject({
    method: "POST",
    url: `/api/v1/member/imports/${id}/dry-run`,
    headers: auth,
    payload: { mapping },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().import as MemberImport;
}

/** Asks to bring a checked import's members in: 202, or refused. */
function start(auth: Auth, id: number) {
  return t.app.inject({
    method: "POST",
    url: `/api/v1/member/imports/${id}/start`,
    headers: auth,
    payload: {},
  });
}

async function rows(
  auth: Auth,
  id: number,
  only: "all" | "errors" = "all",
): Promise<MemberImportRow[]> {
  const res = await t.app.inject({
    method: "GET",
    url: `/api/v1/member/imports/${id}/rows?only=${only}&pageSize=100`,
    headers: auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().rows;
}

async function shopWithOwner() {
  const owner = await createMerchant(t.database.db);
  const shopId = owner.shop?.id as number;
  const auth = await loginAs(t.app, owner);
  const gold = await createTier(t.database.db, shopId, { name: "Gold", renewal: "monthly" });
  const yearly = await createTier(t.database.db, shopId, {
    name: "Annual",
    renewal: "yearly",
    rewardFrequency: "yearly",
  });
  return { owner, shopId, auth, gold, yearly };
}

async function ledgerOf(shopId: number) {
  return t.database.db
    .select({
      customerId: cashbackLedger.customerId,
      amountCents: cashbackLedger.amountCents,
      kind: cashbackLedger.kind,
    })
    .from(cashbackLedger)
    .where(eq(cashbackLedger.shopId, shopId))
    .orderBy(asc(cashbackLedger.id));
}

async function memberByEmail(shopId: number, email: string) {
  const [row] = await t.database.db
    .select()
    .from(customers)
    .where(
      and(eq(customers.shopId, shopId), sql`lower(${customers.email}) = ${email.toLowerCase()}`),
    );
  return row;
}

describe("member import: the dry run", () => {
  it("gives every kind of bad row its exact message, and passes the good ones", async () => {
    const s = await shopWithOwner();
    const other = await createMerchant(t.database.db);
    await createTier(t.database.db, other.shop?.id as number, { name: "Platinum" });
    const good = uniqueEmail("good");
    const dup = uniqueEmail("dup");
    const cells = (email: string, over: Partial<Record<string, string>> = {}) => {
      const base: Record<string, string> = {
        "First name": "Ann",
        "Last name": "Lee",
        Email: email,
        Phone: "",
        Tier: "",
        Plan: "",
        "Membership start": "",
        "Next renewal": "",
        "Payment type": "",
        "Cashback balance": "",
        Joined: "",
        ...over,
      };
      return HEADER.map((h) => base[h] ?? "");
    };
    const file = csv([
      cells(good, {
        Tier: "Gold",
        Plan: "monthly",
        "Membership start": "2026-01-15",
        "Payment type": "cash",
        "Cashback balance": "12.50",
        Phone: "+14155550123",
        Joined: "2025-12-01",
      }),
      cells("not-an-email"),
      cells(uniqueEmail(), { Tier: "Diamond" }),
      cells(uniqueEmail(), { Tier: "Platinum" }),
      cells(uniqueEmail(), { Tier: "Gold", "Membership start": "01/15/2026" }),
      cells(uniqueEmail(), { "Cashback balance": "-5.00" }),
      cells(uniqueEmail(), { "Cashback balance": "12,5x" }),
      cells(dup),
      cells(dup.toUpperCase()),
      cells(uniqueEmail(), { Tier: "Gold", Plan: "weekly" }),
      cells(uniqueEmail(), { Tier: "Gold", "Payment type": "bitcoin" }),
      cells(uniqueEmail(), { "First name": "" }),
      cells(""),
      cells(uniqueEmail(), { Phone: "12345" }),
      cells(uniqueEmail(), { Tier: "Gold", Plan: "yearly" }),
      cells(uniqueEmail(), { Plan: "monthly" }),
      cells(uniqueEmail(), {
        Tier: "Gold",
        "Membership start": "2026-03-01",
        "Next renewal": "2026-02-01",
      }),
      cells(uniqueEmail(), { Joined: "2026-02-30" }),
    ]);
    const imp = await uploaded(s.auth, file);
    expect(imp.header).toEqual(HEADER);
    expect(imp.rowCount).toBe(18);
    expect(imp.sample).toHaveLength(5);
    expect(imp.suggestedMapping).toEqual(EXPORT_MAPPING);
    const checked = await dryRun(s.auth, imp.id);
    expect(checked).toMatchObject({ status: "checked", toCreate: 2, toUpdate: 0, invalid: 16 });
    const messages = Object.fromEntries(
      (await rows(s.auth, imp.id, "errors")).map((r) => [r.row, r.errors.map((e) => e.message)]),
    );
    expect(messages).toEqual({
      3: [M.emailInvalid],
      4: [importMessage(M.tierUnknown, { value: "Diamond" })],
      // Another shop's tier is unknown here.
      5: [importMessage(M.tierUnknown, { value: "Platinum" })],
      6: [importMessage(M.dateInvalid, { field: "Membership start" })],
      7: [M.balanceNegative],
      8: [M.balanceInvalid],
      10: [importMessage(M.duplicateEmail, { row: 9 })],
      11: [M.planInvalid],
      12: [M.paymentTypeInvalid],
      13: [M.firstNameRequired],
      14: [M.emailRequired],
      15: [M.phoneInvalid],
      16: [importMessage(M.planMismatch, { tier: "Gold", renewal: "monthly", plan: "yearly" })],
      17: [M.tierNeeded],
      18: [M.renewalBeforeStart],
      19: [importMessage(M.dateInvalid, { field: "Joined" })],
    });
    const all = await rows(s.auth, imp.id);
    expect(all.filter((r) => r.action === "create").map((r) => r.row)).toEqual([2, 9]);
    // A dry run writes no member.
    expect(await memberByEmail(s.shopId, good)).toBeUndefined();
  });

  it("refuses a mapping without e-mail, a field chosen twice, and an unreadable file", async () => {
    const s = await shopWithOwner();
    const imp = await uploaded(
      s.auth,
      csv([["Ann", "Lee", uniqueEmail(), "", "", "", "", "", "", "", ""]]),
    );
    const bad = async (mapping: (string | null)[], message: string) => {
      const res = await t.app.inject({
        method: "POST",
        url: `/api/v1/member/imports/${imp.id}/dry-run`,
        headers: s.auth,
        payload: { mapping },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    };
    await bad(["firstName", "lastName", null], M.emailNotMapped);
    await bad(["firstName", "firstName", "email"], M.columnMappedTwice);
    const unchecked = await start(s.auth, imp.id);
    expect(unchecked.statusCode).toBe(409);
    expect(unchecked.json().message).toBe(M.notChecked);
    const broken = await upload(s.auth, 'First name,Email\r\n"Ann,ann@example.com\r\n');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toMatch(M.fileUnreadable);
    const empty = await upload(s.auth, "First name,Email\r\n");
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(M.fileEmpty);
  });
});

describe("member import: the job", () => {
  it("imports the good rows, re-import changes nothing, and ledger sums equal balances", async () => {
    const s = await shopWithOwner();
    const existing = await createCustomer(t.database.db, s.shopId);
    await t.database.db.insert(cashbackLedger).values({
      shopId: s.shopId,
      customerId: existing.customer.id,
      amountCents: 300,
      kind: "reward",
      description: "Reward",
    });
    const fresh = uniqueEmail("fresh");
    const file = csv([
      [
        "Nia",
        "Moss",
        fresh,
        "+14155550123",
        "Gold",
        "monthly",
        "2026-01-15",
        "2026-12-15",
        "card",
        "$12.50",
        "2025-12-01",
      ],
      ["Cleo", "Updated", existing.email, "", "Annual", "", "2025-06-01", "", "pos", "10", ""],
      ["Bad", "Row", "bad@", "", "", "", "", "", "", "", ""],
    ]);
    const imp = await uploaded(s.auth, file);
    expect(await dryRun(s.auth, imp.id)).toMatchObject({
      toCreate: 1,
      toUpdate: 1,
      unchanged: 0,
      invalid: 1,
      toImport: 2,
    });
    const done = await importAll(t, s.auth, imp.id);
    expect(done).toMatchObject({ status: "done", processed: 2, created: 1, updated: 1, failed: 0 });

    const nia = await memberByEmail(s.shopId, fresh);
    expect(nia).toMatchObject({
      firstName: "Nia",
      lastName: "Moss",
      phoneNumber: "+14155550123",
      passwordHash: null,
    });
    expect(nia?.createdAt.toISOString()).toBe("2025-12-01T05:00:00.000Z");
    const [membership] = await t.database.db
      .select()
      .from(customerMemberships)
      .where(eq(customerMemberships.customerId, nia?.id as number));
    expect(membership).toMatchObject({
      tierId: s.gold.id,
      plan: "monthly",
      paymentType: "online",
      status: "active",
    });
    expect(membership?.startDate.toISOString()).toBe("2026-01-15T05:00:00.000Z");
    expect(membership?.expireDate.toISOString()).toBe("2026-12-15T05:00:00.000Z");
    // The retention rollup's triggers saw the membership written with its member.
    const cohort = await queryRows<{ tier_id: number; first_start: string | Date }>(
      t.database.db,
      sql`select tier_id, first_start from analytics_cohort_members where customer_id = ${nia?.id}`,
    );
    expect(cohort.map((c) => [c.tier_id, new Date(c.first_start).toISOString()])).toEqual([
      [s.gold.id, "2026-01-15T05:00:00.000Z"],
    ]);
    const cleo = await memberByEmail(s.shopId, existing.email);
    expect(cleo).toMatchObject({ firstName: "Cleo", lastName: "Updated" });
    const [cleoPlan] = await t.database.db
      .select()
      .from(customerMemberships)
      .where(eq(customerMemberships.customerId, existing.customer.id));
    expect(cleoPlan).toMatchObject({ tierId: s.yearly.id, plan: "yearly", paymentType: "pos" });
    expect(await memberByEmail(s.shopId, "bad@")).toBeUndefined();

    const ledger = await ledgerOf(s.shopId);
    // Opening balances are the difference only: 12.50 for Nia, 10.00 − 3.00 for Cleo.
    expect(
      ledger
        .filter((l) => l.kind === "opening_balance")
        .map((l) => l.amountCents)
        .sort(),
    ).toEqual([1250, 700]);
    const sums = new Map<number, number>();
    for (const l of ledger) sums.set(l.customerId, (sums.get(l.customerId) ?? 0) + l.amountCents);
    expect(sums.get(nia?.id as number)).toBe(1250);
    expect(sums.get(existing.customer.id)).toBe(1000);

    // The same file again: every row unchanged, nothing written.
    const again = await uploaded(s.auth, file);
    expect(await dryRun(s.auth, again.id)).toMatchObject({
      toCreate: 0,
      toUpdate: 0,
      unchanged: 2,
      invalid: 1,
    });
    const updatedAt = (await memberByEmail(s.shopId, fresh))?.updatedAt;
    expect(await importAll(t, s.auth, again.id)).toMatchObject({
      status: "done",
      created: 0,
      updated: 0,
      processed: 2,
    });
    expect(await ledgerOf(s.shopId)).toEqual(ledger);
    expect((await memberByEmail(s.shopId, fresh))?.updatedAt).toEqual(updatedAt);
  });

  it("reads its own export back as unchanged", async () => {
    const s = await shopWithOwner();
    const file = csv([
      [
        "Zed",
        "=Formula",
        uniqueEmail(),
        "",
        "Gold",
        "monthly",
        "2026-02-10",
        "",
        "cash",
        "4.05",
        "2026-02-01",
      ],
    ]);
    await importAll(t, s.auth, (await dryRun(s.auth, (await uploaded(s.auth, file)).id)).id);
    const exported = await t.app.inject({
      method: "GET",
      url: "/api/v1/member/export-members",
      headers: s.auth,
    });
    expect(exported.statusCode).toBe(200);
    const back = await uploaded(s.auth, exported.body);
    expect(back.suggestedMapping).toEqual(EXPORT_MAPPING);
    expect(await dryRun(s.auth, back.id)).toMatchObject({
      toCreate: 0,
      toUpdate: 0,
      unchanged: 1,
      invalid: 0,
    });
  });

  it("rolls back a row the database refuses, alone, and imports the rest", async () => {
    const s = await shopWithOwner();
    const boom = uniqueEmail("boom");
    await t.database.db.execute(
      sql.raw(`
      create or replace function import_test_refuse() returns trigger language plpgsql as $$
      begin
        if new.email = '${boom}' then raise exception 'refused by test'; end if;
        return new;
      end $$`),
    );
    await t.database.db.execute(
      sql.raw(
        "create trigger import_test_refuse before insert on customers for each row execute function import_test_refuse()",
      ),
    );
    try {
      const ok = uniqueEmail("ok");
      const file = csv([
        ["Ok", "One", ok, "", "Gold", "", "", "", "", "5.00", ""],
        ["Boom", "Two", boom, "", "Gold", "", "", "", "", "5.00", ""],
      ]);
      const imp = await dryRun(s.auth, (await uploaded(s.auth, file)).id);
      expect(await importAll(t, s.auth, imp.id)).toMatchObject({
        created: 1,
        failed: 1,
        processed: 2,
      });
      const results = await rows(s.auth, imp.id, "errors");
      expect(results).toEqual([
        {
          row: 3,
          email: boom,
          action: "create",
          outcome: "failed",
          errors: [{ field: "", message: M.rowFailed }],
        },
      ]);
      expect(await memberByEmail(s.shopId, boom)).toBeUndefined();
      const okMember = await memberByEmail(s.shopId, ok);
      expect((await ledgerOf(s.shopId)).filter((l) => l.customerId === okMember?.id)).toHaveLength(
        1,
      );
    } finally {
      await t.database.db.execute(sql.raw("drop trigger import_test_refuse on customers"));
      await t.database.db.execute(sql.raw("drop function import_test_refuse()"));
    }
  });

  it("sends invitations only when asked, with the shop's set-password link", async () => {
    const s = await shopWithOwner();
    const quiet = uniqueEmail("quiet");
    const invited = uniqueEmail("invited");
    const one = await dryRun(
      s.auth,
      (await uploaded(s.auth, csv([["Quinn", "Q", quiet, "", "", "", "", "", "", "", ""]]))).id,
    );
    await importAll(t, s.auth, one.id, false);
    expect(await listRecentOutboxEmails(t.database.db, { to: quiet, limit: 5 })).toHaveLength(0);
    const two = await dryRun(
      s.auth,
      (await uploaded(s.auth, csv([["Ivy", "I", invited, "", "Gold", "", "", "", "", "", ""]]))).id,
    );
    await importAll(t, s.auth, two.id, true);
    const [mail] = await listRecentOutboxEmails(t.database.db, { to: invited, limit: 5 });
    expect(mail?.text).toContain(`/${s.shopId}/pass/reset-password`);
  });
});

describe("member import: progress", () => {
  it("reaches the owner's socket live, batch by batch, up to done", async () => {
    const s = await shopWithOwner();
    const socket = connect(url, {
      transports: ["websocket"],
      query: { authToken: s.auth.token },
      reconnection: false,
      forceNew: true,
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once("connect_error", reject);
        socket.emit(SOCKET_EVENTS.connectUser, "owner", () => resolve());
      });
      const events: MemberImportProgress[] = [];
      socket.on(SOCKET_EVENTS.importProgress, (event: MemberImportProgress) => events.push(event));
      const file = csv([
        ["Pia", "P", uniqueEmail(), "", "", "", "", "", "", "", ""],
        ["Quy", "Q", uniqueEmail(), "", "", "", "", "", "", "", ""],
      ]);
      const imp = await dryRun(s.auth, (await uploaded(s.auth, file)).id);
      await importAll(t, s.auth, imp.id);
      await expect.poll(() => events.at(-1)?.status, { timeout: 10_000 }).toBe("done");
      expect(events.at(-1)).toEqual({
        importId: imp.id,
        status: "done",
        processed: 2,
        toImport: 2,
      });
      expect(events.every((event) => event.importId === imp.id)).toBe(true);
    } finally {
      socket.close();
    }
  });
});

describe("member import: who may", () => {
  it("refuses staff and read-only keys, lets a read-write key import, starts once, and hides an import from another shop", async () => {
    const s = await shopWithOwner();
    const staff = await createStaff(t.database.db, s.shopId);
    const staffAuth = await loginAs(t.app, staff);
    const refused = await upload(
      staffAuth,
      csv([["A", "B", uniqueEmail(), "", "", "", "", "", "", "", ""]]),
    );
    expect(refused.statusCode).toBe(403);
    const imp = await uploaded(
      s.auth,
      csv([["A", "B", uniqueEmail(), "", "", "", "", "", "", "", ""]]),
    );
    const asStaff = await t.app.inject({
      method: "GET",
      url: `/api/v1/member/imports/${imp.id}`,
      headers: staffAuth,
    });
    expect(asStaff.statusCode).toBe(403);
    // A read-write API key may import (the shop's own system); a read-only one may not.
    const keyOf = async (scope: string) => {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/v1/integrations/api-keys",
        headers: s.auth,
        payload: { name: scope, scope },
      });
      return { authorization: `Bearer ${res.json().token}` };
    };
    const file = csv([["K", "Ey", uniqueEmail(), "", "", "", "", "", "", "", ""]]);
    expect((await upload(await keyOf("read_write"), file)).statusCode).toBe(201);
    expect((await upload(await keyOf("read_only"), file)).statusCode).toBe(403);
    const again = await start(s.auth, (await dryRun(s.auth, imp.id)).id);
    expect(again.statusCode).toBe(202);
    const twice = await start(s.auth, imp.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(M.alreadyStarted);
    const stranger = await createMerchant(t.database.db);
    const strangerAuth = await loginAs(t.app, stranger);
    for (const [method, url] of [
      ["GET", `/api/v1/member/imports/${imp.id}`],
      ["GET", `/api/v1/member/imports/${imp.id}/rows`],
      ["POST", `/api/v1/member/imports/${imp.id}/dry-run`],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: strangerAuth,
        ...(method === "POST" ? { payload: { mapping: EXPORT_MAPPING } } : {}),
      });
      expect(res.statusCode, url).toBe(404);
    }
  });
});
