import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, timestamp, varchar } from "drizzle-orm/pg-core";
import { shops } from "./shops";

/**
 * A shop's membership tier. Money is integer cents. `status`: `active` (published), `inactive`
 * (archived by the Publish switch), `deleted` (deleted while it had members: kept for their
 * history, never sold or changed again).
 */
export const membershipTiers = pgTable(
  "membership_tiers",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 100 }).notNull(),
    description: varchar("description", { length: 1000 }).notNull(),
    priceCents: integer("price_cents").notNull(),
    cashbackRewardCents: integer("cashback_reward_cents").notNull(),
    renewal: varchar("renewal", { length: 16, enum: ["monthly", "yearly"] }).notNull(),
    /** How often the cashback is credited; the renewal period unless shorter. */
    rewardFrequency: varchar("reward_frequency", {
      length: 16,
      enum: ["monthly", "yearly"],
    }).notNull(),
    status: varchar("status", { length: 16, enum: ["active", "inactive", "deleted"] })
      .notNull()
      .default("active"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("membership_tiers_shop_status_idx").on(t.shopId, t.status),
    check("membership_tiers_price_positive", sql`${t.priceCents} > 0`),
    check("membership_tiers_cashback_positive", sql`${t.cashbackRewardCents} > 0`),
  ],
);

/** A benefit of a tier, redeemable once per month of membership (`benefitType` monthly). */
export const membershipBenefits = pgTable(
  "membership_benefits",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    tierId: integer("tier_id")
      .notNull()
      .references(() => membershipTiers.id, { onDelete: "cascade" }),
    /** The tier's shop, so every benefit query can be scoped to the tenant directly. */
    shopId: integer("shop_id")
      .notNull()
      .references(() => shops.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 100 }).notNull(),
    worthCents: integer("worth_cents").notNull(),
    benefitType: varchar("benefit_type", { length: 16, enum: ["monthly"] })
      .notNull()
      .default("monthly"),
    /** Order of the rows as the merchant entered them. */
    position: integer("position").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("membership_benefits_tier_idx").on(t.tierId, t.position),
    index("membership_benefits_shop_idx").on(t.shopId),
    check("membership_benefits_worth_positive", sql`${t.worthCents} > 0`),
  ],
);

export type MembershipTier = typeof membershipTiers.$inferSelect;
export type NewMembershipTier = typeof membershipTiers.$inferInsert;
export type MembershipBenefit = typeof membershipBenefits.$inferSelect;
export type NewMembershipBenefit = typeof membershipBenefits.$inferInsert;
