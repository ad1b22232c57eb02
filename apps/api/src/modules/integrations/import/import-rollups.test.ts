import { MEMBER_CSV_FIELDS, type MemberImport } from "@tessera/shared";
import { type SQL, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../../infra/db";
import { createMerchant, createTier, loginAs, uniqueEmail } from "../../../test/factories";
import { appForFile } from "../../../test/file-app";
import { sendMultipart } from "../../../test/multipart";
import { importAll } from "./test-import";

/**
 * A large import keeps the analytics rollups (retention cohorts, benefit use, lifetime value)
 * exactly what recomputing every member of the shop from scratch gives: a first file of new
 * members large enough for the job to refresh the planner's statistics on the way, then a file
 * that changes some of them (other tiers, a membership for members who had none) and adds more.
 */
const t = appForFile({ env: { RATE_LIMIT_PER_MINUTE: "100000" } }, 180_000);

type Auth = { authorization: string };
const HEADER = MEMBER_CSV_FIELDS.map((f) => f.label);
const MAPPING = MEMBER_CSV_FIELDS.map((f) => f.key);

async function runImport(auth: Auth, rows: string[][]): Promise<MemberImport> {
  const text = `${[HEADER, ...rows].map((r) => r.join(",")).join("\r\n")}\r\n`;
  const up = await sendMultipart(
    t.app,
    { method: "POST", url: "/api/v1/member/imports", headers: auth },
    {},
    { file: { buffer: Buffer.from(text), filename: "members.csv", type: "text/csv" } },
  );
  expect(up.statusCode, up.body).toBe(201);
  const id = (up.json().import as MemberImport).id;
  const dry = await t.app.inject({
    method: "POST",
    url: `/api/v1/member/imports/${id}/dry-run`,
    headers: auth,
    payload: { mapping: MAPPING },
  });
  expect(dry.statusCode, dry.body).toBe(200);
  return importAll(t, auth, id);
}

/** A member's row: every third without a membership, the others on one of the tiers. */
function row(email: string, i: number, tiers: string[]): string[] {
  const tier = i % 3 === 0 ? "" : (tiers[i % tiers.length] as string);
  const day = String(1 + (i % 28)).padStart(2, "0");
  const month = String(1 + (i % 9)).padStart(2, "0");
  return [
    `First${i}`,
    `Last${i}`,
    email,
    "",
    tier,
    "",
    tier ? `2025-${month}-${day}` : "",
    "",
    tier ? ["card", "pos", "cash"][i % 3] : "",
    String(i % 50),
    `2024-${month}-${day}`,
  ] as string[];
}

/** The shop's rows of a rollup table, without the zero rows increments may leave behind. */
async function snapshot(table: string, shopId: number, nonZero: SQL = sql`true`) {
  return queryRows<Record<string, unknown>>(
    t.database.db,
    sql`select to_jsonb(x) as r from ${sql.raw(table)} x where shop_id = ${shopId} and ${nonZero}
      order by 1`,
  );
}

const ROLLUPS: [string, SQL][] = [
  ["analytics_cohort_members", sql`true`],
  [
    "analytics_cohort_days",
    sql`(size, m1, m2, m3, m4, m5, m6, m7, m8, m9, m10, m11, m12) <> (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)`,
  ],
  ["analytics_member_months", sql`true`],
  ["analytics_benefit_days", sql`months <> 0`],
  ["analytics_standings", sql`true`],
  ["analytics_standing_hours", sql`(members, arr_cents, lost) <> (0, 0, 0)`],
];

async function rollups(shopId: number) {
  const out: Record<string, unknown[]> = {};
  for (const [table, nonZero] of ROLLUPS) out[table] = await snapshot(table, shopId, nonZero);
  return out;
}

/** Every rollup of the shop emptied and rebuilt from its memberships, each recomputed once. */
async function fromScratch(shopId: number) {
  const db = t.database.db;
  for (const [table] of ROLLUPS)
    await db.execute(sql`delete from ${sql.raw(table)} where shop_id = ${shopId}`);
  const customers = sql`array(select distinct customer_id from customer_memberships
    where shop_id = ${shopId} order by 1)`;
  await db.execute(sql`select analytics_cohort_refresh(${customers})`);
  await db.execute(sql`select analytics_standing_refresh(${customers})`);
  await db.execute(sql`select analytics_benefit_refresh(array(select id from customer_memberships
    where shop_id = ${shopId} order by 1))`);
}

describe("member import: the analytics rollups", () => {
  it("equal a recomputation from scratch after a large import and a re-import that changes members", async () => {
    const owner = await createMerchant(t.database.db);
    const shopId = owner.shop?.id as number;
    const auth = await loginAs(t.app, owner);
    await createTier(t.database.db, shopId, { name: "Gold", renewal: "monthly" });
    await createTier(t.database.db, shopId, { name: "Silver", renewal: "monthly" });
    await createTier(t.database.db, shopId, {
      name: "Annual",
      renewal: "yearly",
      rewardFrequency: "yearly",
    });
    // Over the job's threshold for refreshing statistics (1,000 rows written).
    const emails = Array.from({ length: 1_100 }, () => uniqueEmail("bulk"));
    const first = await runImport(
      auth,
      emails.map((email, i) => row(email, i, ["Gold", "Annual"])),
    );
    expect(first).toMatchObject({ status: "done", created: 1_100, failed: 0 });
    const afterFirst = await rollups(shopId);
    expect(afterFirst.analytics_cohort_members?.length).toBeGreaterThan(700);
    expect(afterFirst.analytics_member_months?.length).toBeGreaterThan(700);

    // Members who had none get a membership, those who had one see it moved to another tier
    // and start (the rollups' update path: rows to take out and put back); new members come in.
    const second = await runImport(auth, [
      ...emails.slice(0, 300).map((email, i) => row(email, i + 1, ["Silver", "Gold"])),
      ...Array.from({ length: 50 }, (_, i) => row(uniqueEmail("late"), i, ["Silver"])),
    ]);
    expect(second).toMatchObject({ status: "done", created: 50, failed: 0 });
    expect(second.updated).toBeGreaterThan(0);
    const incremental = await rollups(shopId);
    expect(incremental.analytics_standings?.length).toBeGreaterThan(
      afterFirst.analytics_standings?.length ?? 0,
    );

    await fromScratch(shopId);
    expect(await rollups(shopId)).toEqual(incremental);
  }, 300_000);
});
