import { type AuditAction, type AuditActorKind, toDollars } from "@tessera/shared";
import type { Executor } from "../../infra/db";
import { currentRequest } from "./context";
import * as repo from "./repo";

/**
 * Writing the audit log. Every audited action calls one of these with its own transaction (or
 * the database, for a single statement), so the record commits with the change or not at all.
 */

export type AuditActor = { kind: AuditActorKind; id: number | null; name: string | null };

export type AuditTarget = { type: string; id: number | null; label?: string | null };

export type AuditEntry = {
  shopId: number;
  action: AuditAction;
  target?: AuditTarget;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** Who acted, when no session says it yet (a sign-in). */
  actor?: AuditActor;
};

function fullName(person: { firstName: string; lastName: string }) {
  return `${person.firstName} ${person.lastName}`.trim();
}

const SYSTEM: AuditActor = { kind: "system", id: null, name: null };

/** The request's signed-in person; the system outside a request or without a session. */
async function currentActor(): Promise<AuditActor> {
  const request = currentRequest();
  // The route's guard already resolved the session; this reads the request's cached answer.
  const session = request ? await request.getSession().catch(() => null) : null;
  if (!session) return SYSTEM;
  if (session.kind === "merchant") {
    return {
      kind: session.isOwner ? "owner" : "staff",
      id: session.user.id,
      name: fullName(session.user),
    };
  }
  // Customers' names are never copied into the log: erasure could not take them back out.
  return { kind: "customer", id: session.customer.id, name: null };
}

/** Appends one record: the entry, who acted and from where (IP, browser). */
export async function record(db: Executor, entry: AuditEntry) {
  const request = currentRequest();
  const actor = entry.actor ?? (await currentActor());
  const userAgent = request?.headers["user-agent"];
  await repo.insertRecord(db, {
    shopId: entry.shopId,
    actorKind: actor.kind,
    actorId: actor.id,
    actorName: actor.name?.slice(0, 210) ?? null,
    action: entry.action,
    targetType: entry.target?.type ?? null,
    targetId: entry.target?.id ?? null,
    targetLabel: entry.target?.label?.slice(0, 200) ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: request?.ip ?? null,
    userAgent: typeof userAgent === "string" ? userAgent.slice(0, 1000) : null,
  });
}

function pick(row: Record<string, unknown>, fields: readonly string[]) {
  return Object.fromEntries(fields.map((field) => [field, row[field] ?? null]));
}

/**
 * Records a change of the named fields only when one of them changed: `before` and `after` hold
 * just those fields. Money fields ending in `Cents` are written in dollars under their plain name.
 */
export async function recordChange(
  db: Executor,
  entry: AuditEntry & {
    before: Record<string, unknown>;
    after: Record<string, unknown>;
    fields: readonly string[];
  },
) {
  const before = readable(pick(entry.before, entry.fields));
  const after = readable(pick(entry.after, entry.fields));
  if (JSON.stringify(before) === JSON.stringify(after)) return;
  const { fields: _fields, ...rest } = entry;
  await record(db, { ...rest, before, after });
}

function readable(values: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (key.endsWith("Cents") && typeof value === "number")
      out[key.slice(0, -5)] = toDollars(value);
    else out[key] = value;
  }
  return out;
}

type MerchantUser = { id: number; shopId: number | null; firstName: string; lastName: string };

/** A merchant's sign-in or failed attempt, in the shop they work at (none yet: not recorded). */
export async function recordSignIn(db: Executor, user: MerchantUser, outcome: "ok" | "failed") {
  const shopId = await repo.shopOfUser(db, user);
  if (shopId === null) return;
  await record(db, {
    shopId,
    action: outcome === "ok" ? "auth.sign_in" : "auth.sign_in_failed",
    actor: { kind: user.shopId === null ? "owner" : "staff", id: user.id, name: fullName(user) },
    target: { type: "user", id: user.id, label: fullName(user) },
  });
}

type PaymentRow = {
  id: number;
  shopId: number;
  customerId: number | null;
  paymentType: string;
  amountCents: number;
  status: string;
  offerName: string | null;
  membershipName: string | null;
};

/** A record of something the shop did for one of its customers: a payment or a redemption. */
function recordForCustomer(
  db: Executor,
  row: { shopId: number; customerId: number | null },
  action: AuditAction,
  change: Pick<AuditEntry, "before" | "after">,
) {
  return record(db, {
    shopId: row.shopId,
    action,
    target: { type: "customer", id: row.customerId },
    ...change,
  });
}

function paymentFacts(t: PaymentRow) {
  return {
    item: t.offerName ?? t.membershipName ?? null,
    amount: toDollars(t.amountCents),
    paymentType: t.paymentType,
    status: t.status,
  };
}

/** A payment taken in cash at the counter (other payment types are not recorded here). */
export async function recordCashSale(db: Executor, t: PaymentRow) {
  if (t.paymentType !== "cash") return;
  await recordForCustomer(db, t, "payment.cash_sale", {
    after: { transactionId: t.id, ...paymentFacts(t) },
  });
}

/** A refunded payment: its state before and after. */
export async function recordRefund(db: Executor, before: PaymentRow, after: PaymentRow) {
  await recordForCustomer(db, before, "payment.refunded", {
    before: { transactionId: before.id, ...paymentFacts(before) },
    after: { transactionId: after.id, ...paymentFacts(after) },
  });
}

type RedemptionRow = {
  id: number;
  shopId: number;
  customerId: number | null;
  redemptionType: string;
  item: string;
  valueCents: number;
  performedBy: string;
};

/** A redemption made by the shop at the counter (customers' own are not staff actions). */
export async function recordCounterRedemption(db: Executor, row: RedemptionRow) {
  if (row.performedBy !== "merchant") return;
  await recordForCustomer(db, row, "redemption.counter", {
    after: {
      redemptionId: row.id,
      type: row.redemptionType,
      item: row.item,
      value: toDollars(row.valueCents),
    },
  });
}

/** A download of the shop's data (reports, the audit log itself, a member's data). */
export async function recordExport(
  db: Executor,
  shopId: number,
  what: string,
  details: Record<string, unknown> = {},
) {
  await record(db, { shopId, action: "export.downloaded", after: { export: what, ...details } });
}

/** The shop's card-payment settings: onboarding started, the provider account connected. */
export async function recordPaymentSettings(
  db: Executor,
  shopId: number,
  change: "onboarding_started" | "connected",
  details: Record<string, unknown>,
) {
  await record(db, {
    shopId,
    action: "payments.settings_changed",
    target: { type: "shop", id: shopId },
    after: { change, ...details },
  });
}
