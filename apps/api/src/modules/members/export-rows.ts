import { and, asc, eq, gt, sql } from "drizzle-orm";
import { customerMemberships, customers, membershipTiers } from "../../db/schema";
import type { Executor } from "../../infra/db";
import { currentMembershipJoin, listConditions, type MemberFilter } from "./repo";

/**
 * The members list's rows for a CSV export, in keyset batches by id (after the last one), with
 * the list's own filter and search: the export is the list the merchant is looking at.
 */
export type MemberExportRow = {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string | null;
  createdAt: Date;
  tierName: string | null;
  plan: "monthly" | "yearly" | null;
  status: "pending" | "active" | "cancelled" | "expired" | null;
  paymentType: "online" | "pos" | "cash" | null;
  startDate: Date | null;
  expireDate: Date | null;
  balanceCents: string;
};

const sqlBalance = sql<string>`(select coalesce(sum(l.amount_cents), 0) from cashback_ledger l where l.customer_id = ${customers.id})`;

export async function memberExportBatch(
  db: Executor,
  shopId: number,
  options: { filter: MemberFilter; search?: string | undefined; afterId: number; limit: number },
): Promise<MemberExportRow[]> {
  return db
    .select({
      id: customers.id,
      firstName: customers.firstName,
      lastName: customers.lastName,
      email: customers.email,
      phoneNumber: customers.phoneNumber,
      createdAt: customers.createdAt,
      tierName: membershipTiers.name,
      plan: customerMemberships.plan,
      status: customerMemberships.status,
      paymentType: customerMemberships.paymentType,
      startDate: customerMemberships.startDate,
      expireDate: customerMemberships.expireDate,
      balanceCents: sqlBalance,
    })
    .from(customers)
    .leftJoin(customerMemberships, currentMembershipJoin)
    .leftJoin(membershipTiers, eq(membershipTiers.id, customerMemberships.tierId))
    .where(and(listConditions(shopId, options), gt(customers.id, options.afterId)))
    .orderBy(asc(customers.id))
    .limit(options.limit);
}
