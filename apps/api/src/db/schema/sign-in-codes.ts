import { index, pgTable, smallint, varchar } from "drizzle-orm/pg-core";
import { at, createdAt } from "./columns";
import { shopOwned } from "./owner-columns";

/**
 * An e-mailed sign-in for a shop's customer: a 6-digit code and a one-click link, both good
 * for ten minutes and once. Keyed by address, not by account, because a shop that allows it
 * creates the account on first use. Only hashes are stored; a newer code replaces older ones.
 */
export const signInCodes = pgTable(
  "sign_in_codes",
  {
    ...shopOwned(),
    email: varchar("email", { length: 254 }).notNull(),
    /** HMAC of the code with the row's link hash as key: six digits alone are easy to brute-force. */
    codeHash: varchar("code_hash", { length: 64 }).notNull(),
    linkHash: varchar("link_hash", { length: 64 }).notNull().unique(),
    /** Wrong codes entered; the fifth kills it. */
    failedAttempts: smallint("failed_attempts").notNull().default(0),
    expiresAt: at("expires_at").notNull(),
    /** Set when used, replaced or killed by wrong tries: the code is dead from then on. */
    closedAt: at("closed_at"),
    createdAt: createdAt(),
  },
  (t) => [index("sign_in_codes_shop_email_idx").on(t.shopId, t.email)],
);

export type SignInCode = typeof signInCodes.$inferSelect;
