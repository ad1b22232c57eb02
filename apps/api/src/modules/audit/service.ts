import {
  AUDIT_ACTIONS,
  type AuditAction,
  type AuditFilter,
  type AuditListQuery,
  type AuditRecord,
  addDays,
  csvLine,
  csvText,
  pageOffset,
  startOfDay,
} from "@tessera/shared";
import type { Database } from "../../infra/db";
import { recordExport } from "./record";
import * as repo from "./repo";

/** The most records one CSV holds; narrow the filters for more. */
export const AUDIT_CSV_MAX_ROWS = 50_000;
const CSV_BATCH = 1000;
const BOM = "\uFEFF";

type Row = Awaited<ReturnType<typeof repo.listRecords>>[number];

function toDto({ record, actorCustomerName, targetCustomerName }: Row): AuditRecord {
  const actorName =
    record.actorKind === "system"
      ? "System"
      : record.actorKind === "customer"
        ? (actorCustomerName ?? `Customer #${record.actorId}`)
        : (record.actorName ?? `User #${record.actorId}`);
  const targetLabel =
    record.targetType === "customer"
      ? (targetCustomerName ?? (record.targetId !== null ? `Customer #${record.targetId}` : null))
      : record.targetLabel;
  return {
    id: record.id,
    createdAt: record.createdAt.toISOString(),
    action: record.action as AuditAction,
    actorKind: record.actorKind,
    actorId: record.actorId,
    actorName,
    targetType: record.targetType,
    targetId: record.targetId,
    targetLabel,
    before: record.before ?? null,
    after: record.after ?? null,
    ip: record.ip,
    userAgent: record.userAgent,
  };
}

function changes(values: Record<string, unknown> | null): string {
  if (!values) return "";
  return Object.entries(values)
    .map(([key, value]) => `${key}: ${value === null ? "—" : String(value)}`)
    .join("; ");
}

/** Reading the shop's audit log (owner only): the screen's pages and the CSV. */
export function createAuditService(deps: { db: Database }) {
  const { db } = deps;

  /** Calendar days in the shop's zone become the instants [from 00:00, day after `to` 00:00). */
  async function toFilter(shopId: number, query: AuditFilter): Promise<repo.RecordFilter> {
    const timeZone = await repo.shopTimeZone(db, shopId);
    return {
      shopId,
      actorId: query.actorId,
      action: query.action,
      from: query.from ? startOfDay(query.from, timeZone) : undefined,
      to: query.to ? startOfDay(addDays(query.to, 1), timeZone) : undefined,
    };
  }

  return {
    async list(shopId: number, query: AuditListQuery) {
      const filter = await toFilter(shopId, query);
      const [rows, total, users] = await Promise.all([
        repo.listRecords(db, filter, { limit: query.pageSize, offset: pageOffset(query) }),
        repo.countRecords(db, filter),
        repo.listShopUsers(db, shopId),
      ]);
      return {
        records: rows.map(toDto),
        total,
        page: query.page,
        pageSize: query.pageSize,
        actors: users.map((u) => ({ id: u.id, name: `${u.firstName} ${u.lastName}`.trim() })),
      };
    },

    /** The filtered records as CSV (newest first); the download itself is recorded. */
    async exportCsv(shopId: number, query: AuditFilter) {
      const filter = await toFilter(shopId, query);
      let body =
        BOM +
        csvLine([
          "Time (UTC)",
          "Actor",
          "Role",
          "Action",
          "Target",
          "Before",
          "After",
          "IP",
          "Browser",
        ]);
      for (let offset = 0; offset < AUDIT_CSV_MAX_ROWS; offset += CSV_BATCH) {
        const rows = await repo.listRecords(db, filter, { limit: CSV_BATCH, offset });
        for (const row of rows) {
          const r = toDto(row);
          body += csvLine([
            r.createdAt,
            csvText(r.actorName),
            r.actorKind,
            AUDIT_ACTIONS[r.action] ?? r.action,
            csvText(r.targetLabel),
            csvText(changes(r.before)),
            csvText(changes(r.after)),
            r.ip,
            csvText(r.userAgent),
          ]);
        }
        if (rows.length < CSV_BATCH) break;
      }
      await recordExport(db, shopId, "audit_log", { ...query });
      const day = new Date().toISOString().slice(0, 10);
      return { fileName: `audit-log_${day}.csv`, body };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
