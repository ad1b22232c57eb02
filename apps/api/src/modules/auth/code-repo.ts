import { and, desc, eq, gt, isNull } from "drizzle-orm";
import { customers, type NewCustomer, type SignInCode, signInCodes } from "../../db/schema";
import type { Executor } from "../../infra/db";
import { requestLocale } from "../../infra/request-context";

/** The e-mailed sign-in codes' rows (sign-in-codes.ts). */

/** Closes the address's open codes and stores a new one: only the latest code works. */
export async function replaceCode(
  tx: Executor,
  values: { shopId: number; email: string; codeHash: string; linkHash: string; expiresAt: Date },
) {
  await tx
    .update(signInCodes)
    .set({ closedAt: new Date() })
    .where(
      and(
        eq(signInCodes.shopId, values.shopId),
        eq(signInCodes.email, values.email),
        isNull(signInCodes.closedAt),
      ),
    );
  await tx.insert(signInCodes).values(values);
}

/**
 * The open, unexpired code of an address (the latest) or of a link's token, locked until the
 * transaction ends.
 */
export async function lockOpenCode(
  tx: Executor,
  shopId: number,
  by: { email: string } | { linkHash: string },
  now: Date,
): Promise<SignInCode | undefined> {
  const [row] = await tx
    .select()
    .from(signInCodes)
    .where(
      and(
        eq(signInCodes.shopId, shopId),
        "email" in by ? eq(signInCodes.email, by.email) : eq(signInCodes.linkHash, by.linkHash),
        isNull(signInCodes.closedAt),
        gt(signInCodes.expiresAt, now),
      ),
    )
    .orderBy(desc(signInCodes.id))
    .limit(1)
    .for("update");
  return row;
}

export async function recordWrongCode(tx: Executor, row: SignInCode, maxTries: number) {
  const failedAttempts = row.failedAttempts + 1;
  await tx
    .update(signInCodes)
    .set({ failedAttempts, ...(failedAttempts >= maxTries ? { closedAt: new Date() } : {}) })
    .where(eq(signInCodes.id, row.id));
  return failedAttempts;
}

export async function closeCode(tx: Executor, id: number) {
  await tx.update(signInCodes).set({ closedAt: new Date() }).where(eq(signInCodes.id, id));
}

/** A new customer, or undefined when the address signed up in the meantime. */
export async function insertCustomerIfNew(tx: Executor, values: NewCustomer) {
  const [customer] = await tx
    .insert(customers)
    .values({ locale: requestLocale(), ...values })
    .onConflictDoNothing()
    .returning();
  return customer;
}
