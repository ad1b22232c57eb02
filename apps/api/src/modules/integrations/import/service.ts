import type { Readable } from "node:stream";
import {
  importMessage,
  MEMBER_IMPORT_MESSAGES as M,
  MEMBER_IMPORT_SAMPLE_ROWS,
  type MemberImport,
  type MemberImportMapping,
  type MemberImportRowsQuery,
  memberImportRowsQuerySchema,
  suggestMemberImportMapping,
} from "@tessera/shared";
import type { MemberImportRecord } from "../../../db/schema";
import { AppError } from "../../../errors";
import type { Database } from "../../../infra/db";
import { findShopTimeZone } from "../../shops/lookups";
import { changesAnything, planRow } from "./plan";
import * as repo from "./repo";
import { parseImportRow } from "./rows";
import { readCsv } from "./upload";

/**
 * Member import (issue 18): the upload stores the file's rows, the dry run checks them with a
 * mapping and records each row's verdict, and `start` queues the job (job.ts) that imports the
 * rows the dry run passed. Every step is scoped to the caller's shop.
 */

export type ImportDeps = { db: Database; now: () => Date };

const DRY_RUN_BATCH = 2000;

function checkMapping(mapping: MemberImportMapping, columns: number) {
  if (mapping.length > columns) throw new AppError("BAD_REQUEST", M.columnOutOfRange);
  const chosen = mapping.filter((field) => field !== null);
  if (new Set(chosen).size !== chosen.length) {
    throw new AppError("BAD_REQUEST", M.columnMappedTwice);
  }
  if (!chosen.includes("email")) throw new AppError("BAD_REQUEST", M.emailNotMapped);
  if (!chosen.includes("firstName")) throw new AppError("BAD_REQUEST", M.firstNameNotMapped);
}

async function toDto(db: Database, row: MemberImportRecord): Promise<MemberImport> {
  return {
    id: row.id,
    fileName: row.fileName,
    status: row.status,
    header: row.header,
    sample: await repo.sampleRows(db, row.id, MEMBER_IMPORT_SAMPLE_ROWS),
    rowCount: row.rowCount,
    mapping: row.mapping as MemberImportMapping | null,
    suggestedMapping: suggestMemberImportMapping(row.header),
    sendInvitations: row.sendInvitations,
    toCreate: row.toCreate,
    toUpdate: row.toUpdate,
    unchanged: row.unchanged,
    invalid: row.invalid,
    toImport: row.toImport,
    processed: row.processed,
    created: row.created,
    updated: row.updated,
    failed: row.failed,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** Checks every row with `mapping`, records its verdict, and returns the counts. */
async function dryRunRows(
  deps: ImportDeps,
  record: MemberImportRecord,
  mapping: MemberImportMapping,
) {
  const { db, now } = deps;
  const tiers = await repo.importableTiers(db, record.shopId);
  const ctx = { timeZone: (await findShopTimeZone(db, record.shopId)) ?? "UTC", now: now() };
  // The first row of each e-mail: later ones are refused as duplicates.
  const seen = new Map<string, number>();
  const counts = { toCreate: 0, toUpdate: 0, unchanged: 0, invalid: 0 };
  let afterRow = 0;
  for (;;) {
    const rows = await repo.stagedRows(db, record.id, { afterRow, limit: DRY_RUN_BATCH });
    if (rows.length === 0) break;
    afterRow = rows.at(-1)?.rowNo ?? afterRow;
    const parsed = rows.map((row) => ({
      rowNo: row.rowNo,
      result: parseImportRow(row.cells, mapping, tiers),
    }));
    const emails = parsed.flatMap((p) => (p.result.ok ? [p.result.values.email] : []));
    const existing = await repo.loadExisting(db, record.shopId, emails, { lock: false });
    const verdicts = parsed.map(({ rowNo, result }) => {
      const email = result.ok ? result.values.email : result.email;
      const errors = result.ok ? [] : [...result.errors];
      const first = email ? seen.get(email) : undefined;
      if (first !== undefined) {
        errors.unshift({
          field: "email",
          message: importMessage(M.duplicateEmail, { row: first }),
        });
      } else if (email) seen.set(email, rowNo);
      if (!result.ok || errors.length > 0) {
        counts.invalid += 1;
        return { rowNo, email, action: "error", errors };
      }
      const current = existing.get(email);
      const action = !current
        ? "create"
        : changesAnything(planRow(result.values, current, ctx))
          ? "update"
          : "unchanged";
      counts[action === "create" ? "toCreate" : action === "update" ? "toUpdate" : "unchanged"] +=
        1;
      return { rowNo, email, action, errors: null };
    });
    await repo.saveVerdicts(db, record.id, verdicts);
  }
  return counts;
}

export function createMemberImport(deps: ImportDeps) {
  const { db } = deps;
  let wake: () => void = () => {};

  async function requireImport(shopId: number, id: number) {
    const row = await repo.findImport(db, shopId, id);
    if (!row) throw new AppError("NOT_FOUND", M.notFound);
    return row;
  }

  return {
    /** Called by the wiring once the job scheduler exists: runs the job now on this instance. */
    onQueued(run: () => void) {
      wake = run;
    },

    /** Stores the CSV's rows (streamed, in batches) and answers the header, first rows, mapping. */
    async upload(
      scope: { shopId: number; userId: number },
      file: { stream: Readable; fileName: string; truncated: () => boolean },
    ) {
      const record = await repo.insertImport(db, {
        shopId: scope.shopId,
        userId: scope.userId,
        fileName: file.fileName.slice(0, 200) || "members.csv",
      });
      try {
        const { rowCount } = await readCsv(file.stream, {
          onHeader: async (header) => {
            await repo.updateImport(db, record.id, { header });
          },
          onRows: (rows) => repo.insertStagedRows(db, record.id, rows),
        });
        if (file.truncated()) throw new AppError("BAD_REQUEST", M.fileTooLarge);
        const saved = await repo.updateImport(db, record.id, { rowCount });
        return toDto(db, saved ?? record);
      } catch (error) {
        await repo.deleteImport(db, record.id);
        // A cut-off file reads as malformed CSV; the size is the reason to give.
        if (file.truncated()) throw new AppError("BAD_REQUEST", M.fileTooLarge);
        throw error;
      }
    },

    async get(shopId: number, id: number) {
      return toDto(db, await requireImport(shopId, id));
    },

    async dryRun(shopId: number, id: number, mapping: MemberImportMapping) {
      const record = await requireImport(shopId, id);
      if (record.status !== "uploaded" && record.status !== "checked") {
        throw new AppError("CONFLICT", M.alreadyStarted);
      }
      checkMapping(mapping, record.header.length);
      const counts = await dryRunRows(deps, record, mapping);
      const saved = await repo.updateImport(db, record.id, {
        mapping,
        status: "checked",
        ...counts,
        toImport: counts.toCreate + counts.toUpdate + counts.unchanged,
      });
      return toDto(db, saved ?? record);
    },

    async rows(shopId: number, id: number, query: MemberImportRowsQuery) {
      await requireImport(shopId, id);
      const q = memberImportRowsQuerySchema.parse(query);
      const result = await repo.listRowResults(db, id, {
        errorsOnly: q.only === "errors",
        limit: q.pageSize,
        offset: (q.page - 1) * q.pageSize,
      });
      return {
        rows: result.rows.map((row) => ({
          row: row.row,
          email: row.email,
          action: row.action ?? "error",
          errors: row.errors ?? [],
          outcome: row.outcome,
        })),
        total: result.total,
        page: q.page,
        pageSize: q.pageSize,
      };
    },

    /** Queues the import of the rows the dry run passed; the job does the work. */
    async start(shopId: number, id: number, options: { sendInvitations: boolean }) {
      const record = await requireImport(shopId, id);
      if (record.status === "uploaded") throw new AppError("CONFLICT", M.notChecked);
      if (record.status !== "checked") throw new AppError("CONFLICT", M.alreadyStarted);
      if (record.toImport === 0) throw new AppError("UNPROCESSABLE", M.nothingToImport);
      const saved = await repo.queueImport(db, record.id, options.sendInvitations);
      if (!saved) throw new AppError("CONFLICT", M.alreadyStarted);
      wake();
      return toDto(db, saved);
    },
  };
}

export type MemberImportService = ReturnType<typeof createMemberImport>;
