import { integer, timestamp } from "drizzle-orm/pg-core";
import { customers } from "./customers";
import { shops, users } from "./shops";

/**
 * Column groups many tables share. Each is a function: a drizzle column belongs to one table,
 * so every table needs its own. The SQL they make is the SQL the columns made when they were
 * written out in each table (the migrations do not change).
 */

/** Every moment is stored with its time zone. */
export const at = (name: string) => timestamp(name, { withTimezone: true });

export const createdAt = () => at("created_at").notNull().defaultNow();

export const identityId = () => integer("id").primaryKey().generatedAlwaysAsIdentity();

/** The shop a row belongs to: the row goes with the shop. */
export const shopRef = () =>
  integer("shop_id")
    .notNull()
    .references(() => shops.id, { onDelete: "cascade" });

/** The customer a row belongs to: the row goes with the customer. */
export const customerRef = () =>
  integer("customer_id")
    .notNull()
    .references(() => customers.id, { onDelete: "cascade" });

/** A row a shop owns. */
export const shopOwned = () => ({ id: identityId(), shopId: shopRef() });

/** A row one customer of the shop owns. */
export const customerOwned = () => ({ ...shopOwned(), customerId: customerRef() });

/** A merchant user named on a row the user may outlive or not (null once deleted). */
export const userLink = (name: string) =>
  integer(name).references(() => users.id, { onDelete: "set null" });
