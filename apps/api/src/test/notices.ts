import { and, eq } from "drizzle-orm";
import { notifications } from "../db/schema";
import type { Database } from "../infra/db";

type Event = (typeof notifications.$inferSelect)["event"];

/**
 * The in-app notifications of one event, kept for a customer, for a merchant or staff member
 * (`userId`), or for anyone in a shop (`shopId`): whichever of them `to` names.
 */
export function noticesOf(
  db: Database,
  event: Event,
  to: { customerId?: number; userId?: number; shopId?: number },
) {
  const conditions = [eq(notifications.event, event)];
  if (to.customerId !== undefined) conditions.push(eq(notifications.customerId, to.customerId));
  if (to.userId !== undefined) conditions.push(eq(notifications.userId, to.userId));
  if (to.shopId !== undefined) conditions.push(eq(notifications.shopId, to.shopId));
  return db
    .select()
    .from(notifications)
    .where(and(...conditions));
}
