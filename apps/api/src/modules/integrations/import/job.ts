import { MEMBER_IMPORT_MESSAGES as M, type MemberImportMapping } from "@tessera/shared";
import { inArray, sql } from "drizzle-orm";
import { type Customer, customers, type MemberImportRecord } from "../../../db/schema";
import type { Database, Executor } from "../../../infra/db";
import { raise } from "../../../infra/events";
import type { AuthService } from "../../auth/service";
import { findShopById, findShopTimeZone } from "../../shops/lookups";
import { changesAnything, type PlanContext, planRow, startOfDayIn } from "./plan";
import * as repo from "./repo";
import { type ImportRowValues, type ImportTier, parseImportRow } from "./rows";
import { analyzeStagedRows, staleStatistics } from "./statistics";

/**
 * The import job: takes a queued import and writes the rows its dry run passed, in batches.
 * A batch is one transaction of multi-row statements; when it fails, its rows are written one
 * transaction each, so a bad row is rolled back and reported alone and nothing is half-written.
 * Each row's outcome is stored with it, so a run cut short resumes at the first row without one,
 * and the same file imported again finds nothing to change (every write compares first).
 */

export const MEMBER_IMPORT_JOB = "member-import";
// Rows per batch: 1,000 ran the 100,000-row bench's job in 15.3-15.9 s against 17.3-17.6 s for
// 500 (back to back, quiet, docs/benchmarks.md): each batch's three rollup recomputations have a
// fixed cost, paid half as often.
const BATCH = 1000;
const LEASE_MS = 5 * 60_000;

type Row = { rowNo: number; values: ImportRowValues };
type Outcome = {
  rowNo: number;
  outcome: "created" | "updated" | "unchanged" | "failed";
  errors?: { field: string; message: string }[];
};
type BatchResult = { outcomes: Outcome[]; createdIds: { id: number; tierId: number | null }[] };

export type ImportJobDeps = {
  db: Database;
  now: () => Date;
  auth: Pick<AuthService, "sendMemberWelcome">;
};

/** A row as a new member would take it: the member, the membership, the opening balance. */
function asNewMember({ rowNo, values: v }: Row, ctx: PlanContext): repo.NewMemberWrite {
  const plan = planRow(v, undefined, ctx);
  return {
    rowNo,
    email: v.email,
    firstName: v.firstName ?? "",
    lastName: v.lastName ?? "",
    phone: v.phone ?? null,
    createdAt: v.joined ? startOfDayIn(v.joined, ctx.timeZone) : null,
    membership: plan.membership?.kind === "insert" ? plan.membership.write : null,
    openingCents: plan.balanceDiffCents,
  };
}

/** The rows naming members the shop has: compared with them as stored (locked), then written. */
async function writeExisting(
  tx: Executor,
  shopId: number,
  rows: Row[],
  ctx: PlanContext,
): Promise<Outcome[]> {
  if (rows.length === 0) return [];
  const existing = await repo.loadExisting(
    tx,
    shopId,
    rows.map((r) => r.values.email),
    { lock: true },
  );
  const outcomes: Outcome[] = [];
  const customerUpdates: Parameters<typeof repo.updateCustomers>[1] = [];
  const inserts: repo.MembershipWrite[] = [];
  const updates: (repo.MembershipWrite & { id: number })[] = [];
  const balances: { customerId: number; cents: number }[] = [];
  for (const { rowNo, values } of rows) {
    const member = existing.get(values.email);
    if (!member) throw new Error(`member ${values.email} vanished during the import`);
    const plan = planRow(values, member, ctx);
    if (plan.customer) customerUpdates.push({ id: member.id, ...plan.customer });
    if (plan.membership?.kind === "insert")
      inserts.push({ customerId: member.id, ...plan.membership.write });
    if (plan.membership?.kind === "update") {
      updates.push({ id: plan.membership.id, customerId: member.id, ...plan.membership.write });
    }
    if (plan.balanceDiffCents !== 0)
      balances.push({ customerId: member.id, cents: plan.balanceDiffCents });
    outcomes.push({ rowNo, outcome: changesAnything(plan) ? "updated" : "unchanged" });
  }
  await repo.updateCustomers(tx, customerUpdates);
  await repo.insertMemberships(tx, shopId, inserts);
  await repo.updateMemberships(tx, updates);
  await repo.insertOpeningBalances(tx, shopId, balances);
  return outcomes;
}

/**
 * Writes one batch in the caller's transaction. Every row is first offered as a new member in
 * one statement (with the membership and opening balance a new member gets, as `planRow` plans
 * them against nobody); the e-mails the shop already has are skipped there and updated after.
 */
async function writeBatch(
  tx: Executor,
  shopId: number,
  rows: Row[],
  ctx: PlanContext,
): Promise<BatchResult> {
  const newIds = await repo.insertNewMembers(
    tx,
    shopId,
    rows.map((row) => asNewMember(row, ctx)),
  );
  const outcomes: Outcome[] = [];
  const created: BatchResult["createdIds"] = [];
  const others: Row[] = [];
  for (const row of rows) {
    const id = newIds.get(row.rowNo);
    if (id === undefined) {
      others.push(row);
      continue;
    }
    created.push({ id, tierId: row.values.membership?.tier.id ?? null });
    outcomes.push({ rowNo: row.rowNo, outcome: "created" });
  }
  for (const outcome of await writeExisting(tx, shopId, others, ctx)) outcomes.push(outcome);
  return { outcomes, createdIds: created };
}

/**
 * The job's transactions commit without waiting for the write-ahead log's flush: a batch's
 * rows and its outcomes commit together, so one lost in a database crash is simply not done,
 * and the resumed job writes it again. The wait was a flush per batch.
 */
async function lazyCommit(tx: Executor) {
  await tx.execute(sql`set local synchronous_commit = off`);
}

/** The database's reason is for the logs; the merchant gets a plain one. */
function failure(rowNo: number): Outcome {
  return { rowNo, outcome: "failed", errors: [{ field: "", message: M.rowFailed }] };
}

/** The batch in one transaction; on failure, each row in its own. */
async function importBatch(
  db: Database,
  record: MemberImportRecord,
  rows: Row[],
  ctx: PlanContext,
) {
  const write = (part: Row[]) =>
    db.transaction(async (tx) => {
      await lazyCommit(tx);
      const result = await writeBatch(tx, record.shopId, part, ctx);
      await repo.saveOutcomes(tx, record.id, result.outcomes);
      return result;
    });
  try {
    return [await write(rows)];
  } catch {
    const results: BatchResult[] = [];
    for (const row of rows) {
      try {
        results.push(await write([row]));
      } catch {
        const outcome = failure(row.rowNo);
        await repo.saveOutcomes(db, record.id, [outcome]);
        results.push({ outcomes: [outcome], createdIds: [] });
      }
    }
    return results;
  }
}

async function invite(
  deps: ImportJobDeps,
  record: MemberImportRecord,
  created: BatchResult["createdIds"],
  tiers: Map<string, ImportTier>,
) {
  if (!record.sendInvitations || created.length === 0) return;
  const shop = await findShopById(deps.db, record.shopId);
  if (!shop) return;
  const tierName = new Map([...tiers.values()].map((t) => [t.id, t.name]));
  const people: Customer[] = await deps.db
    .select()
    .from(customers)
    .where(
      inArray(
        customers.id,
        created.map((c) => c.id),
      ),
    );
  const byId = new Map(created.map((c) => [c.id, c.tierId]));
  for (const person of people) {
    const tierId = byId.get(person.id);
    await deps.auth.sendMemberWelcome(person, shop, tierId ? (tierName.get(tierId) ?? null) : null);
  }
}

/**
 * The next batch of rows still to import, read through the mapping and checked again (a tier
 * may have been deleted since the dry run). The cells as read are dropped when this returns, so
 * they die young instead of living through the batch's writes.
 */
async function readBatch(
  db: Database,
  importId: number,
  afterRow: number,
  mapping: MemberImportMapping,
  tiers: Map<string, ImportTier>,
) {
  const staged = await repo.stagedRows(db, importId, { afterRow, limit: BATCH, pendingOnly: true });
  if (staged.length === 0) return null;
  const good: Row[] = [];
  const refused: Outcome[] = [];
  for (const row of staged) {
    const parsed = parseImportRow(row.cells, mapping, tiers);
    if (parsed.ok) good.push({ rowNo: row.rowNo, values: parsed.values });
    else refused.push({ rowNo: row.rowNo, outcome: "failed", errors: parsed.errors });
  }
  return { good, refused, lastRow: staged.at(-1)?.rowNo ?? afterRow };
}

type Counts = Awaited<ReturnType<typeof repo.outcomeCounts>>;

function tally(counts: Counts, outcomes: Outcome[]) {
  for (const { outcome } of outcomes) counts[outcome] += 1;
}

/** Stores the counts (kept in memory, read from the rows once at start) and tells the owner. */
async function progress(
  deps: ImportJobDeps,
  record: MemberImportRecord,
  counts: Counts,
  status: string,
  tx: Executor = deps.db,
) {
  const processed = counts.created + counts.updated + counts.unchanged + counts.failed;
  await repo.updateImport(tx, record.id, {
    processed,
    created: counts.created,
    updated: counts.updated,
    failed: counts.failed,
    leaseUntil: new Date(deps.now().getTime() + LEASE_MS),
  });
  if (record.userId !== null) {
    await raise(tx, {
      type: "import.progress",
      shopId: record.shopId,
      userId: record.userId,
      progress: { importId: record.id, status, processed, toImport: record.toImport },
    });
  }
}

export function createImportJob(deps: ImportJobDeps) {
  const { db, now } = deps;

  async function runOne(record: MemberImportRecord) {
    const mapping = (record.mapping ?? []) as MemberImportMapping;
    const tiers = await repo.importableTiers(db, record.shopId);
    const ctx = { timeZone: (await findShopTimeZone(db, record.shopId)) ?? "UTC", now: now() };
    // A resumed run starts from what the rows say was done.
    const counts = await repo.outcomeCounts(db, record.id);
    await analyzeStagedRows(db);
    const statistics = await staleStatistics(db);
    // The next batch is read and checked while this one is written: the read and the parsing
    // then overlap the batch's statement instead of waiting for it (rows after the batch are not
    // touched by its writes).
    const read = (after: number) => {
      const pending = readBatch(db, record.id, after, mapping, tiers);
      // A batch that fails stops the job before its successor is awaited: never unhandled.
      pending.catch(() => {});
      return pending;
    };
    let next = read(0);
    for (;;) {
      const batch = await next;
      if (!batch) break;
      next = read(batch.lastRow);
      const { good, refused } = batch;
      await repo.saveOutcomes(db, record.id, refused);
      const results = await importBatch(db, record, good, ctx);
      await invite(
        deps,
        record,
        results.flatMap((r) => r.createdIds),
        tiers,
      );
      tally(counts, refused);
      for (const result of results) tally(counts, result.outcomes);
      await statistics.wrote(good.length);
      await db.transaction(async (tx) => {
        await lazyCommit(tx);
        await progress(deps, record, counts, "running", tx);
      });
    }
    await statistics.finish();
    await db.transaction(async (tx) => {
      await repo.updateImport(tx, record.id, {
        status: "done",
        finishedAt: now(),
        leaseUntil: null,
      });
      await progress(deps, record, counts, "done", tx);
    });
  }

  return {
    /** Runs every waiting import, one after the other. */
    async runImports() {
      for (;;) {
        const claimed = await repo.claimImport(db, now(), LEASE_MS);
        if (!claimed) return;
        const record = await repo.findImport(db, claimed.shopId, claimed.id);
        if (!record) continue;
        try {
          await runOne(record);
        } catch (error) {
          await repo.updateImport(db, record.id, {
            status: "failed",
            error: error instanceof Error ? error.message.slice(0, 500) : String(error),
            finishedAt: now(),
          });
          throw error;
        }
      }
    },
  };
}
