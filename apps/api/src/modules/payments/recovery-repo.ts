import { and, desc, eq, gt, lt, lte, or } from "drizzle-orm";
import { checkouts, shops, users } from "../../db/schema";
import type { Executor } from "../../infra/db";

/**
 * Checkouts still open and old enough that their browser should have reported back, newest
 * first, one page at a time (keyset on `createdAt`, `id`).
 */
export async function listOpenCheckouts(
  db: Executor,
  window: { since: Date; before: Date; after?: { createdAt: Date; id: string } },
  limit: number,
) {
  const { after } = window;
  return db
    .select({ id: checkouts.id, shopId: checkouts.shopId, createdAt: checkouts.createdAt })
    .from(checkouts)
    .where(
      and(
        eq(checkouts.status, "open"),
        gt(checkouts.createdAt, window.since),
        lte(checkouts.createdAt, window.before),
        after
          ? or(
              lt(checkouts.createdAt, after.createdAt),
              and(eq(checkouts.createdAt, after.createdAt), lt(checkouts.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(checkouts.createdAt), desc(checkouts.id))
    .limit(limit);
}

/** Closes a checkout nobody paid, only while it is still open (a completion may have won). */
export async function expireOpenCheckout(db: Executor, id: string) {
  const rows = await db
    .update(checkouts)
    .set({ status: "expired" })
    .where(and(eq(checkouts.id, id), eq(checkouts.status, "open")))
    .returning({ id: checkouts.id });
  return rows.length > 0;
}

/** The display name of the staff member who opened a counter checkout. */
export async function findUserName(db: Executor, userId: number) {
  const [row] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  return row ? `${row.firstName} ${row.lastName}`.trim() : null;
}

/** The shop of a checkout named by a provider's reference, with the shop's provider location. */
export async function findCheckoutShop(db: Executor, checkoutId: string) {
  if (!/^[0-9a-f-]{36}$/i.test(checkoutId)) return undefined;
  const [row] = await db
    .select({ shopId: checkouts.shopId, fortisId: shops.fortisId })
    .from(checkouts)
    .innerJoin(shops, eq(shops.id, checkouts.shopId))
    .where(eq(checkouts.id, checkoutId));
  return row;
}
