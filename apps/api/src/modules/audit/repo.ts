import { and, count, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import { type AnyPgColumn, alias } from "drizzle-orm/pg-core";
import { auditLog, customers, type NewAuditLogRow, shops, users } from "../../db/schema";
import type { Executor } from "../../infra/db";
import { findFields } from "../../infra/db/rows";

export async function insertRecord(db: Executor, values: NewAuditLogRow) {
  await db.insert(auditLog).values(values);
}

export type RecordFilter = {
  shopId: number;
  actorId?: number | undefined;
  action?: string | undefined;
  /** Instants bounding the range: [from, to). */
  from?: Date | undefined;
  to?: Date | undefined;
};

function conditions(filter: RecordFilter): SQL | undefined {
  return and(
    eq(auditLog.shopId, filter.shopId),
    filter.actorId !== undefined
      ? and(eq(auditLog.actorId, filter.actorId), sql`${auditLog.actorKind} in ('owner', 'staff')`)
      : undefined,
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    filter.from ? gte(auditLog.createdAt, filter.from) : undefined,
    filter.to ? lt(auditLog.createdAt, filter.to) : undefined,
  );
}

/**
 * The records, newest first. A customer actor's name is read from the customer row now, so an
 * erased customer shows as erased here too.
 */
const actorCustomers = alias(customers, "actor_customer");
const targetCustomers = alias(customers, "target_customer");
const nameOf = (c: { firstName: AnyPgColumn; lastName: AnyPgColumn }) =>
  sql<string | null>`nullif(trim(${c.firstName} || ' ' || ${c.lastName}), '')`;

/** The join to the customer a record names (`isCustomer`, by `id`), in the record's own shop. */
function sameShopCustomer(
  c: { id: AnyPgColumn; shopId: AnyPgColumn },
  isCustomer: SQL,
  id: AnyPgColumn,
) {
  return and(isCustomer, eq(c.id, id), eq(c.shopId, auditLog.shopId));
}

export async function listRecords(
  db: Executor,
  filter: RecordFilter,
  page: { limit: number; offset: number },
) {
  return db
    .select({
      record: auditLog,
      actorCustomerName: nameOf(actorCustomers),
      targetCustomerName: nameOf(targetCustomers),
    })
    .from(auditLog)
    .leftJoin(
      actorCustomers,
      sameShopCustomer(actorCustomers, eq(auditLog.actorKind, "customer"), auditLog.actorId),
    )
    .leftJoin(
      targetCustomers,
      sameShopCustomer(targetCustomers, eq(auditLog.targetType, "customer"), auditLog.targetId),
    )
    .where(conditions(filter))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countRecords(db: Executor, filter: RecordFilter) {
  const [row] = await db.select({ n: count() }).from(auditLog).where(conditions(filter));
  return row?.n ?? 0;
}

/** The shop's owner and staff, for the actor filter. */
export async function listShopUsers(db: Executor, shopId: number) {
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .leftJoin(shops, eq(shops.ownerId, users.id))
    .where(sql`${users.shopId} = ${shopId} or ${shops.id} = ${shopId}`)
    .orderBy(users.firstName, users.lastName, users.id);
}

/** The shop a merchant user acts in: the one they work at, or the one they own. */
export async function shopOfUser(db: Executor, user: { id: number; shopId: number | null }) {
  if (user.shopId !== null) return user.shopId;
  const [shop] = await db.select({ id: shops.id }).from(shops).where(eq(shops.ownerId, user.id));
  return shop?.id ?? null;
}

export async function shopTimeZone(db: Executor, shopId: number) {
  const shop = await findFields(db, shops, shopId, { timeZone: shops.timeZone });
  return shop?.timeZone ?? "UTC";
}
