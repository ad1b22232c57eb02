import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, varchar } from "drizzle-orm/pg-core";
import { belongsTo, identityId, startsAtZero, timestamps } from "./columns";
import { shopOwned, shopRef } from "./owner-columns";

/**
 * A shop's membership tier. Money is integer cents. `status`: `active` (published), `inactive`
 * (archived by the Publish switch), `deleted` (deleted while it had members: kept for their
 * history, never sold or changed again).
 */
export const membershipTiers = pgTable(
  "membership_tiers",
  {
    ...shopOwned(),
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
    ...timestamps(),
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
    id: identityId(),
    tierId: belongsTo("tier_id", () => membershipTiers.id),
    /** The tier's shop, so every benefit query can be scoped to the tenant directly. */
    shopId: shopRef(),
    name: varchar("name", { length: 100 }).notNull(),
    worthCents: integer("worth_cents").notNull(),
    benefitType: varchar("benefit_type", { length: 16, enum: ["monthly"] })
      .notNull()
      .default("monthly"),
    /** Order of the rows as the merchant entered them. */
    position: startsAtZero("position"),
    ...timestamps(),
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
