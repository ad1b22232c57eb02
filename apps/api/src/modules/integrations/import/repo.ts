import { and, asc, count, desc, eq, inArray, ne, sql } from "drizzle-orm";
import {
  cashbackLedger,
  customerMemberships,
  customers,
  type MemberImportRecord,
  memberImportRows,
  memberImports,
  membershipTiers,
} from "../../../db/schema";
import type { Executor } from "../../../infra/db";
import { findOfShop, returnedRow } from "../../../infra/db/rows";
import type { ImportRowError, ImportTier } from "./rows";

/**
 * The import's tables, and the members' state it compares against. Batches move as one JSON
 * parameter read by `jsonb_to_recordset`: one statement per batch whatever its size, the same on
 * PostgreSQL and PGlite.
 */

/** The rows of a raw statement (node-postgres and PGlite both answer `{ rows }`). */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export async function insertImport(
  db: Executor,
  values: { shopId: number; userId: number | null; fileName: string },
) {
  return returnedRow(
    await db
      .insert(memberImports)
      .values({ ...values, header: [] })
      .returning(),
    "member import insert",
  );
}

export function findImport(db: Executor, shopId: number, id: number) {
  return findOfShop(db, memberImports, shopId, id);
}

export async function updateImport(
  db: Executor,
  id: number,
  values: Partial<Omit<MemberImportRecord, "id" | "shopId">>,
) {
  const [row] = await db
    .update(memberImports)
    .set(values)
    .where(eq(memberImports.id, id))
    .returning();
  return row;
}

/** Queues a checked import; undefined when it is no longer `checked` (started twice at once). */
export async function queueImport(db: Executor, id: number, sendInvitations: boolean) {
  const [row] = await db
    .update(memberImports)
    .set({ status: "queued", sendInvitations, processed: 0 })
    .where(and(eq(memberImports.id, id), eq(memberImports.status, "checked")))
    .returning();
  return row;
}

export async function deleteImport(db: Executor, id: number) {
  await db.delete(memberImports).where(eq(memberImports.id, id));
}

export async function insertStagedRows(
  db: Executor,
  importId: number,
  rows: { rowNo: number; cells: string[] }[],
) {
  if (rows.length === 0) return;
  await db.execute(sql`
    insert into member_import_rows (import_id, row_no, cells)
    select ${importId}, v.row_no, array(select e from jsonb_array_elements_text(v.cells) with ordinality as t(e, i) order by i)
    from jsonb_to_recordset(${JSON.stringify(rows.map((r) => ({ row_no: r.rowNo, cells: r.cells })))}::jsonb)
      as v(row_no int, cells jsonb)`);
}

/**
 * Staged rows in file order, each row's cells as a JSON text parsed here: the driver's `text[]`
 * parser builds each cell character by character, and a batch's garbage is what sets the
 * server's peak memory (docs/benchmarks.md, issue 18). One small text per row, not one for
 * the batch: a string that large would be allocated straight into the old generation.
 */
export async function stagedRows(
  db: Executor,
  importId: number,
  options: { afterRow: number; limit: number; pendingOnly?: boolean },
): Promise<{ rowNo: number; cells: string[] }[]> {
  const pending = options.pendingOnly ? sql`and r.action <> 'error' and r.outcome is null` : sql``;
  const result = await db.execute(sql`
    select r.row_no as "rowNo", array_to_json(r.cells)::text as cells
    from member_import_rows r
    where r.import_id = ${importId} and r.row_no > ${options.afterRow} ${pending}
    order by r.row_no limit ${options.limit}`);
  const rows = rowsOf<{ rowNo: number; cells: string }>(result);
  return rows.map((row) => ({ rowNo: row.rowNo, cells: JSON.parse(row.cells) as string[] }));
}

export async function sampleRows(db: Executor, importId: number, limit: number) {
  const rows = await stagedRows(db, importId, { afterRow: 0, limit });
  return rows.map((row) => row.cells);
}

/**
 * A batch's first and last row: the planner cannot see into the JSON, and without the range it
 * reads every row of the import to join a batch (quadratic over a large file).
 */
function rowRange(rows: { rowNo: number }[]) {
  let first = Number.POSITIVE_INFINITY;
  let last = 0;
  for (const { rowNo } of rows) {
    if (rowNo < first) first = rowNo;
    if (rowNo > last) last = rowNo;
  }
  return { first, last };
}

/** The dry run's verdict per row. */
export async function saveVerdicts(
  db: Executor,
  importId: number,
  verdicts: { rowNo: number; email: string; action: string; errors: ImportRowError[] | null }[],
) {
  if (verdicts.length === 0) return;
  await db.execute(sql`
    update member_import_rows r
    set email = v.email, action = v.action, errors = v.errors, outcome = null
    from jsonb_to_recordset(${JSON.stringify(verdicts.map((v) => ({ row_no: v.rowNo, email: v.email.slice(0, 254), action: v.action, errors: v.errors })))}::jsonb)
      as v(row_no int, email text, action text, errors jsonb)
    where r.import_id = ${importId} and r.row_no = v.row_no
      and r.row_no between ${rowRange(verdicts).first} and ${rowRange(verdicts).last}`);
}

/** The job's outcome per row (and the reason of a failed one). */
export async function saveOutcomes(
  db: Executor,
  importId: number,
  outcomes: { rowNo: number; outcome: string; errors?: ImportRowError[] | undefined }[],
) {
  if (outcomes.length === 0) return;
  await db.execute(sql`
    update member_import_rows r
    set outcome = v.outcome, errors = coalesce(v.errors, r.errors)
    from jsonb_to_recordset(${JSON.stringify(outcomes.map((o) => ({ row_no: o.rowNo, outcome: o.outcome, errors: o.errors ?? null })))}::jsonb)
      as v(row_no int, outcome text, errors jsonb)
    where r.import_id = ${importId} and r.row_no = v.row_no
      and r.row_no between ${rowRange(outcomes).first} and ${rowRange(outcomes).last}`);
}

export async function listRowResults(
  db: Executor,
  importId: number,
  options: { errorsOnly: boolean; limit: number; offset: number },
) {
  const where = and(
    eq(memberImportRows.importId, importId),
    options.errorsOnly
      ? sql`(${memberImportRows.action} = 'error' or ${memberImportRows.outcome} = 'failed')`
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        row: memberImportRows.rowNo,
        email: memberImportRows.email,
        action: memberImportRows.action,
        errors: memberImportRows.errors,
        outcome: memberImportRows.outcome,
      })
      .from(memberImportRows)
      .where(where)
      .orderBy(asc(memberImportRows.rowNo))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ total: count() }).from(memberImportRows).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

/** The shop's tiers an import may name (not deleted), by lower-cased name. */
export async function importableTiers(db: Executor, shopId: number) {
  const rows = await db
    .select({
      id: membershipTiers.id,
      name: membershipTiers.name,
      renewal: membershipTiers.renewal,
    })
    .from(membershipTiers)
    .where(and(eq(membershipTiers.shopId, shopId), ne(membershipTiers.status, "deleted")))
    .orderBy(desc(membershipTiers.status), asc(membershipTiers.id));
  const map = new Map<string, ImportTier>();
  // An active tier wins over an archived one of the same name ("active" sorts after "inactive").
  for (const row of rows)
    if (!map.has(row.name.toLowerCase())) map.set(row.name.toLowerCase(), row);
  return map;
}

export type ExistingMember = {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string | null;
  balanceCents: number;
  membership: {
    id: number;
    tierId: number;
    plan: "monthly" | "yearly";
    paymentType: "online" | "pos" | "cash";
    startDate: Date;
    expireDate: Date;
  } | null;
};

/**
 * The shop's members with these (lower-cased) e-mails, with their current membership and
 * balance, by e-mail. `lock` takes their rows for the transaction, as every wallet writer does,
 * so a balance cannot move between the read and the opening-balance entry.
 */
export async function loadExisting(
  db: Executor,
  shopId: number,
  emails: string[],
  options: { lock: boolean },
): Promise<Map<string, ExistingMember>> {
  const map = new Map<string, ExistingMember>();
  if (emails.length === 0) return map;
  const lowerEmail = sql<string>`lower(${customers.email})`;
  const where = and(eq(customers.shopId, shopId), inArray(lowerEmail, emails));
  const base = db
    .select({
      id: customers.id,
      email: lowerEmail,
      firstName: customers.firstName,
      lastName: customers.lastName,
      phoneNumber: customers.phoneNumber,
    })
    .from(customers)
    .where(where);
  const people = options.lock ? await base.for("update") : await base;
  if (people.length === 0) return map;
  const ids = people.map((p) => p.id);
  const [memberships, balances] = await Promise.all([
    db
      .select({
        id: customerMemberships.id,
        customerId: customerMemberships.customerId,
        tierId: customerMemberships.tierId,
        plan: customerMemberships.plan,
        paymentType: customerMemberships.paymentType,
        startDate: customerMemberships.startDate,
        expireDate: customerMemberships.expireDate,
      })
      .from(customerMemberships)
      .where(
        and(
          inArray(customerMemberships.customerId, ids),
          ne(customerMemberships.status, "expired"),
        ),
      ),
    db
      .select({
        customerId: cashbackLedger.customerId,
        total: sql<string>`sum(${cashbackLedger.amountCents})`,
      })
      .from(cashbackLedger)
      .where(inArray(cashbackLedger.customerId, ids))
      .groupBy(cashbackLedger.customerId),
  ]);
  const byCustomer = new Map(memberships.map((m) => [m.customerId, m]));
  const balanceOf = new Map(balances.map((b) => [b.customerId, Number(b.total)]));
  for (const person of people) {
    const membership = byCustomer.get(person.id);
    map.set(person.email, {
      ...person,
      balanceCents: balanceOf.get(person.id) ?? 0,
      membership: membership
        ? {
            id: membership.id,
            tierId: membership.tierId,
            plan: membership.plan,
            paymentType: membership.paymentType,
            startDate: membership.startDate,
            expireDate: membership.expireDate,
          }
        : null,
    });
  }
  return map;
}

/** A row of the job planned as a new member: the member, their membership, their balance. */
export type NewMemberWrite = {
  rowNo: number;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  createdAt: Date | null;
  membership: Omit<MembershipWrite, "customerId"> | null;
  openingCents: number;
};

/**
 * New members with their memberships and opening-balance entries, in one statement: the
 * members are inserted, and what they get is inserted from the ids the insert returns. An
 * e-mail the shop already has is skipped (with all it would get); the caller updates those.
 * Answers each inserted row's member id by row number.
 */
export async function insertNewMembers(
  db: Executor,
  shopId: number,
  rows: NewMemberWrite[],
): Promise<Map<number, number>> {
  const ids = new Map<number, number>();
  if (rows.length === 0) return ids;
  const json = JSON.stringify(rows.map(newMemberJson));
  const result = await db.execute(sql`
    with v as materialized (
      select * from json_to_recordset(${json}::json) as v(row_no int, email text, first_name text,
        last_name text, phone text, created_at timestamptz, tier_id int, plan text,
        payment_type text, start_date timestamptz, period_start timestamptz,
        expire_date timestamptz, cents int)
    ), c as (
      insert into customers (shop_id, email, first_name, last_name, phone_number, created_at)
      select ${shopId}, v.email, v.first_name, v.last_name, v.phone, coalesce(v.created_at, now())
      from v
      on conflict (shop_id, lower(email)) do nothing
      returning id, email
    ), n as materialized (
      select v.*, c.id from c join v on v.email = c.email
    ), m as (
      insert into customer_memberships
        (shop_id, customer_id, tier_id, plan, status, payment_type, start_date, period_start, expire_date)
      select ${shopId}, n.id, n.tier_id, n.plan, 'active', n.payment_type, n.start_date,
        n.period_start, n.expire_date
      from n where n.tier_id is not null
    ), l as (
      insert into cashback_ledger (shop_id, customer_id, amount_cents, kind, description)
      select ${shopId}, n.id, n.cents, 'opening_balance', 'Opening balance (member import)'
      from n where n.cents <> 0
    )
    select n.row_no as "rowNo", n.id from n`);
  for (const row of rowsOf<{ rowNo: number; id: number }>(result)) ids.set(row.rowNo, row.id);
  return ids;
}

function newMemberJson(r: NewMemberWrite) {
  const m = r.membership;
  return {
    row_no: r.rowNo,
    email: r.email,
    first_name: r.firstName,
    last_name: r.lastName,
    phone: r.phone,
    created_at: r.createdAt?.toISOString() ?? null,
    tier_id: m?.tierId ?? null,
    plan: m?.plan ?? null,
    payment_type: m?.paymentType ?? null,
    start_date: m?.startDate.toISOString() ?? null,
    period_start: m?.periodStart.toISOString() ?? null,
    expire_date: m?.expireDate.toISOString() ?? null,
    cents: r.openingCents,
  };
}

export async function updateCustomers(
  db: Executor,
  rows: { id: number; firstName: string; lastName: string; phone: string | null }[],
) {
  if (rows.length === 0) return;
  await db.execute(sql`
    update customers c
    set first_name = v.first_name, last_name = v.last_name, phone_number = v.phone, updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(rows.map((r) => ({ id: r.id, first_name: r.firstName, last_name: r.lastName, phone: r.phone })))}::jsonb)
      as v(id int, first_name text, last_name text, phone text)
    where c.id = v.id`);
}

export type MembershipWrite = {
  customerId: number;
  tierId: number;
  plan: "monthly" | "yearly";
  paymentType: "online" | "pos" | "cash";
  startDate: Date;
  periodStart: Date;
  expireDate: Date;
};

export async function insertMemberships(db: Executor, shopId: number, rows: MembershipWrite[]) {
  if (rows.length === 0) return;
  await db.execute(sql`
    insert into customer_memberships
      (shop_id, customer_id, tier_id, plan, status, payment_type, start_date, period_start, expire_date)
    select ${shopId}, v.customer_id, v.tier_id, v.plan, 'active', v.payment_type, v.start_date, v.period_start, v.expire_date
    from jsonb_to_recordset(${JSON.stringify(rows.map(membershipJson))}::jsonb)
      as v(customer_id int, tier_id int, plan text, payment_type text, start_date timestamptz, period_start timestamptz, expire_date timestamptz)`);
}

function membershipJson(r: MembershipWrite & { id?: number }) {
  return {
    id: r.id,
    customer_id: r.customerId,
    tier_id: r.tierId,
    plan: r.plan,
    payment_type: r.paymentType,
    start_date: r.startDate.toISOString(),
    period_start: r.periodStart.toISOString(),
    expire_date: r.expireDate.toISOString(),
  };
}

export async function updateMemberships(db: Executor, rows: (MembershipWrite & { id: number })[]) {
  if (rows.length === 0) return;
  await db.execute(sql`
    update customer_memberships m
    set tier_id = v.tier_id, plan = v.plan, payment_type = v.payment_type,
      start_date = v.start_date, period_start = v.period_start, expire_date = v.expire_date,
      updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(rows.map(membershipJson))}::jsonb)
      as v(id int, tier_id int, plan text, payment_type text, start_date timestamptz, period_start timestamptz, expire_date timestamptz)
    where m.id = v.id`);
}

export async function insertOpeningBalances(
  db: Executor,
  shopId: number,
  rows: { customerId: number; cents: number }[],
) {
  if (rows.length === 0) return;
  await db.execute(sql`
    insert into cashback_ledger (shop_id, customer_id, amount_cents, kind, description)
    select ${shopId}, v.customer_id, v.cents, 'opening_balance', 'Opening balance (member import)'
    from jsonb_to_recordset(${JSON.stringify(rows.map((r) => ({ customer_id: r.customerId, cents: r.cents })))}::jsonb)
      as v(customer_id int, cents int)`);
}

/** Imports a worker may run: queued ones, and running ones whose worker's lease ran out. */
export async function claimImport(db: Executor, now: Date, leaseMs: number) {
  const result = await db.execute(sql`
    update member_imports set status = 'running', lease_until = ${new Date(now.getTime() + leaseMs).toISOString()}::timestamptz
    where id = (
      select id from member_imports
      where status = 'queued' or (status = 'running' and lease_until < ${now.toISOString()}::timestamptz)
      order by id limit 1 for update skip locked
    )
    returning id, shop_id as "shopId"`);
  return rowsOf<{ id: number; shopId: number }>(result)[0];
}

/** Rows done so far, counted from the rows themselves, so a resumed run counts right. */
export async function outcomeCounts(db: Executor, importId: number) {
  const rows = await db
    .select({ outcome: memberImportRows.outcome, n: count() })
    .from(memberImportRows)
    .where(
      and(eq(memberImportRows.importId, importId), sql`${memberImportRows.outcome} is not null`),
    )
    .groupBy(memberImportRows.outcome);
  const of = (name: string) => rows.find((r) => r.outcome === name)?.n ?? 0;
  return {
    created: of("created"),
    updated: of("updated"),
    unchanged: of("unchanged"),
    failed: of("failed"),
  };
}
