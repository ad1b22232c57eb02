import { integer } from "drizzle-orm/pg-core";
import { belongsTo, identityId, keyedBy } from "./columns";
import { shops, users } from "./shops";

/** The shop a row belongs to: the row goes with the shop. */
export const shopRef = () => belongsTo("shop_id", () => shops.id);

/** A row per shop (its settings, its progress): the shop is the key. */
export const shopKey = () => keyedBy("shop_id", () => shops.id);

/** A row a shop owns. */
export const shopOwned = () => ({ id: identityId(), shopId: shopRef() });

/** The merchant user a row belongs to: the row goes with the user. */
export const userRef = () => belongsTo("user_id", () => users.id);

/** A row per merchant user: the user is the key. */
export const userKey = () => keyedBy("user_id", () => users.id);

/** A merchant user named on a row the user may outlive or not (null once deleted). */
export const userLink = (name: string) =>
  integer(name).references(() => users.id, { onDelete: "set null" });
