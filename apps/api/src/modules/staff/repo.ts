import { and, asc, eq, or, sql } from "drizzle-orm";
import { type NewUser, shops, type User, users } from "../../db/schema";
import type { Executor } from "../../infra/db";
import { type ShopRowUpdate, shopTable } from "../../infra/db/rows";

/** A platform user of the shop: its staff, or its owner (`isOwner`). */
export type ShopUserRow = { user: User; isOwner: boolean };

const isOwnerColumn = sql<boolean>`${shops.id} is not null`;

/** The shop's owner and staff: the owner first, then staff by when they were invited. */
export async function listUsersOfShop(db: Executor, shopId: number): Promise<ShopUserRow[]> {
  return db
    .select({ user: users, isOwner: isOwnerColumn })
    .from(users)
    .leftJoin(shops, and(eq(shops.ownerId, users.id), eq(shops.id, shopId)))
    .where(or(eq(users.shopId, shopId), eq(shops.id, shopId)))
    .orderBy(sql`${shops.id} is null`, asc(users.createdAt), asc(users.id));
}

/** One of the shop's users (owner or staff); another shop's answers undefined. */
export async function findUserOfShop(
  db: Executor,
  shopId: number,
  userId: number,
  options: { lock?: boolean } = {},
): Promise<ShopUserRow | undefined> {
  const query = db
    .select({ user: users, isOwner: isOwnerColumn })
    .from(users)
    .leftJoin(shops, and(eq(shops.ownerId, users.id), eq(shops.id, shopId)))
    .where(and(eq(users.id, userId), or(eq(users.shopId, shopId), eq(shops.id, shopId))));
  const [row] = options.lock ? await query.for("update", { of: users }) : await query;
  return row;
}

export async function findUserByEmail(db: Executor, email: string) {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return user;
}

const staffRows = shopTable(users, "staff");

/** What the shop may change of a staff account. */
type StaffChanges = Partial<Pick<NewUser, "firstName" | "lastName" | "role" | "status">>;

export const insertStaff = staffRows.insert;
export const updateStaff: ShopRowUpdate<typeof users, StaffChanges> = staffRows.update;
/**
 * Removes a staff account. Sessions, tokens and notices go with it; the shop's records keep the
 * name they were made under (`transactionBy`, `performedByName`) with the user id set null.
 */
export const deleteStaff = staffRows.delete;
