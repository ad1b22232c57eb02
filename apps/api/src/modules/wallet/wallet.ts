import { and, eq, sql } from "drizzle-orm";
import { cashbackLedger, customers } from "../../db/schema";
import type { Executor } from "../../infra/db";
import { findOfShop } from "../../infra/db/rows";

/**
 * The cashback wallet (DOMAIN "Cashback wallet"): ledger rows whose sum is the balance. Every
 * writer first locks the customer's row, so two debits in flight are serialised and the second
 * one sees the first: the balance can never be overdrawn.
 */

export type LedgerKind = (typeof cashbackLedger.$inferInsert)["kind"];

/** Locks the customer (until the transaction ends) and returns the row, or undefined. */
export function lockWalletOwner(tx: Executor, shopId: number, customerId: number) {
  return findOfShop(tx, customers, shopId, customerId, { lock: true });
}

export async function balanceCents(db: Executor, shopId: number, customerId: number) {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${cashbackLedger.amountCents}), 0)` })
    .from(cashbackLedger)
    .where(and(eq(cashbackLedger.shopId, shopId), eq(cashbackLedger.customerId, customerId)));
  return Number(row?.total ?? 0);
}

/** Balances of several customers at once (customer id → cents; missing means 0). */
export async function balancesCents(db: Executor, shopId: number, customerIds: number[]) {
  const map = new Map<number, number>();
  if (customerIds.length === 0) return map;
  const rows = await db
    .select({
      customerId: cashbackLedger.customerId,
      total: sql<string>`sum(${cashbackLedger.amountCents})`,
    })
    .from(cashbackLedger)
    .where(
      and(eq(cashbackLedger.shopId, shopId), sql`${cashbackLedger.customerId} in ${customerIds}`),
    )
    .groupBy(cashbackLedger.customerId);
  for (const row of rows) map.set(row.customerId, Number(row.total));
  return map;
}

type Entry = {
  shopId: number;
  customerId: number;
  kind: LedgerKind;
  description: string;
  transactionId?: number | null;
  customerMembershipId?: number | null;
};

/** A credit; the caller holds the wallet lock. */
export async function credit(tx: Executor, entry: Entry & { cents: number }) {
  if (entry.cents <= 0) return;
  await tx.insert(cashbackLedger).values({
    shopId: entry.shopId,
    customerId: entry.customerId,
    kind: entry.kind,
    description: entry.description,
    amountCents: entry.cents,
    transactionId: entry.transactionId ?? null,
    customerMembershipId: entry.customerMembershipId ?? null,
  });
}

/**
 * A debit of exactly `cents`; false (and nothing written) when the balance is short. The caller
 * must hold the wallet lock (`lockWalletOwner`) in the same transaction.
 */
export async function debit(tx: Executor, entry: Entry & { cents: number }): Promise<boolean> {
  if (entry.cents <= 0) return true;
  const balance = await balanceCents(tx, entry.shopId, entry.customerId);
  if (balance < entry.cents) return false;
  await tx.insert(cashbackLedger).values({
    shopId: entry.shopId,
    customerId: entry.customerId,
    kind: entry.kind,
    description: entry.description,
    amountCents: -entry.cents,
    transactionId: entry.transactionId ?? null,
    customerMembershipId: entry.customerMembershipId ?? null,
  });
  return true;
}
