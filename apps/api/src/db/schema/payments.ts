import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { at, belongsTo, createdAt, startsAtZero } from "./columns";
import { customerOwned, customerRef } from "./customer-columns";
import { customers } from "./customers";
import { membershipTiers } from "./memberships";
import { offers } from "./offers";
import { shopOwned, shopRef, userLink } from "./owner-columns";
import { users } from "./shops";

const bytea = customType<{ data: Buffer }>({ dataType: () => "bytea" });

const PLANS = ["monthly", "yearly"] as const;
const PAYMENT_TYPES = ["online", "pos", "cash"] as const;
const PROVIDERS = ["sandbox", "fortis"] as const;

/** A history row keeps the customer's name: it reads right after the customer is deleted. */
const namedCustomer = () => ({
  ...shopOwned(),
  customerId: integer("customer_id").references(() => customers.id, { onDelete: "set null" }),
  customerName: varchar("customer_name", { length: 210 }).notNull(),
});

/** The membership a history row is about, if it still exists. */
const membershipLink = () =>
  integer("customer_membership_id").references(() => customerMemberships.id, {
    onDelete: "set null",
  });

/** The price before discounts and the discount off it, in cents. */
const priceAndDiscount = () => ({
  priceCents: integer("price_cents").notNull(),
  discountCents: startsAtZero("discount_cents"),
});

const sandboxLocation = () => varchar("location_id", { length: 64 }).notNull();

/**
 * A customer's membership of a tier (subscription). At most one current one per customer:
 * `active`, `pending` (a renewal payment is outstanding, retries running), `cancelled` (no
 * renewal, usable until `expireDate`); then `expired`. Money is integer cents.
 */
export const customerMemberships = pgTable(
  "customer_memberships",
  {
    ...customerOwned(),
    tierId: belongsTo("tier_id", () => membershipTiers.id, "restrict"),
    plan: varchar("plan", { length: 16, enum: PLANS }).notNull(),
    status: varchar("status", {
      length: 16,
      enum: ["pending", "active", "cancelled", "expired"],
    }).notNull(),
    paymentType: varchar("payment_type", { length: 16, enum: PAYMENT_TYPES }).notNull(),
    startDate: at("start_date").notNull(),
    /** Start of the paid period running now (benefit months count from `startDate`). */
    periodStart: at("period_start").notNull(),
    expireDate: at("expire_date").notNull(),
    cancelledAt: at("cancelled_at"),
    endedAt: at("ended_at"),
    /** The plan change that takes effect at the next renewal (`nextRenewalMembership`). */
    nextTierId: integer("next_tier_id").references(() => membershipTiers.id, {
      onDelete: "set null",
    }),
    nextPlan: varchar("next_plan", { length: 16, enum: PLANS }),
    /** The saved card renewals charge; null for cash and startsAtZero members. */
    cardToken: text("card_token"),
    cardLabel: varchar("card_label", { length: 64 }),
    /** When the next periodic cashback reward is due (yearly plans may reward monthly). */
    nextRewardAt: at("next_reward_at"),
    /** Renewal charge attempts for the period ending at `expireDate`; 0 until the first. */
    renewalAttempts: startsAtZero("renewal_attempts"),
    nextRenewalAttemptAt: at("next_renewal_attempt_at"),
    /**
     * The provider reference of a renewal charge sent but not yet recorded. A sweep that finds
     * it set sends the same reference again, which the provider answers with the same charge.
     */
    pendingChargeReference: varchar("pending_charge_reference", { length: 128 }),
    expiryNoticeSentFor: at("expiry_notice_sent_for"),
    createdAt: createdAt(),
    updatedAt: at("updated_at").notNull().defaultNow(),
  },
  (t) => [
    // One current membership per customer; expired ones are history.
    uniqueIndex("customer_memberships_current_unique")
      .on(t.customerId)
      .where(sql`${t.status} <> 'expired'`),
    index("customer_memberships_shop_tier_idx").on(t.shopId, t.tierId),
    index("customer_memberships_due_idx").on(t.status, t.expireDate),
    index("customer_memberships_reward_idx").on(t.nextRewardAt),
    // A customer's memberships, expired ones included (the cohort rollup's recomputation).
    index("customer_memberships_customer_start_idx").on(t.customerId, t.startDate),
  ],
);

/**
 * A checkout the customer opened: what is being bought and what the card must pay, fixed by the
 * server. A limited offer's checkout holds one unit until it expires.
 */
export const checkouts = pgTable(
  "checkouts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    shopId: shopRef(),
    customerId: customerRef(),
    type: varchar("type", { length: 16, enum: ["membership", "offer"] }).notNull(),
    tierId: integer("tier_id").references(() => membershipTiers.id, { onDelete: "cascade" }),
    offerId: integer("offer_id").references(() => offers.id, { onDelete: "cascade" }),
    plan: varchar("plan", { length: 16, enum: PLANS }),
    ...priceAndDiscount(),
    cashbackCents: startsAtZero("cashback_cents"),
    /** What the card pays: price − discount − cashback. */
    amountCents: integer("amount_cents").notNull(),
    paymentType: varchar("payment_type", { length: 16, enum: PAYMENT_TYPES })
      .notNull()
      .default("online"),
    /** Who opened it when it was a merchant at the startsAtZero. */
    createdByUserId: userLink("created_by_user_id"),
    /** Set when the checkout pays this membership's overdue renewal rather than a new one. */
    renewsMembershipId: integer("renews_membership_id").references(() => customerMemberships.id, {
      onDelete: "cascade",
    }),
    provider: varchar("provider", { length: 16, enum: PROVIDERS }).notNull(),
    clientToken: text("client_token").notNull(),
    status: varchar("status", { length: 16, enum: ["open", "completed", "failed", "expired"] })
      .notNull()
      .default("open"),
    providerTransactionId: varchar("provider_transaction_id", { length: 128 }),
    expiresAt: at("expires_at").notNull(),
    completedAt: at("completed_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("checkouts_offer_open_idx").on(t.offerId, t.status, t.expiresAt),
    index("checkouts_customer_idx").on(t.customerId, t.createdAt),
    check("checkouts_amount_positive", sql`${t.amountCents} > 0`),
  ],
);

/**
 * Every payment from a customer to the shop (DOMAIN "Transaction"). Names are copied so the
 * history reads right after a tier, offer or member is renamed or deleted.
 */
export const transactions = pgTable(
  "transactions",
  {
    ...namedCustomer(),
    kind: varchar("kind", {
      length: 24,
      enum: ["membership_purchase", "membership_renewal", "offer_purchase", "member_payment"],
    }).notNull(),
    customerMembershipId: membershipLink(),
    tierId: integer("tier_id").references(() => membershipTiers.id, { onDelete: "set null" }),
    membershipName: varchar("membership_name", { length: 100 }),
    plan: varchar("plan", { length: 16, enum: PLANS }),
    offerId: integer("offer_id").references(() => offers.id, { onDelete: "set null" }),
    offerName: varchar("offer_name", { length: 50 }),
    paymentType: varchar("payment_type", { length: 16, enum: PAYMENT_TYPES }).notNull(),
    ...priceAndDiscount(),
    cashbackUsedCents: startsAtZero("cashback_used_cents"),
    /** What was paid by card or cash. */
    amountCents: integer("amount_cents").notNull(),
    provider: varchar("provider", { length: 16, enum: PROVIDERS }),
    providerReference: varchar("provider_reference", { length: 128 }),
    /** The card the receipt names ("Visa •••• 1111"), kept so a later PDF receipt names it too. */
    cardLabel: varchar("card_label", { length: 64 }),
    status: varchar("status", { length: 16, enum: ["succeeded", "failed", "refunded"] }).notNull(),
    transactionBy: varchar("transaction_by", { length: 210 }).notNull(),
    transactionByUserId: userLink("transaction_by_user_id"),
    refundedAt: at("refunded_at"),
    createdAt: createdAt(),
  },
  (t) => [
    // A provider transaction is recorded once: a second completion finds it and grants nothing.
    uniqueIndex("transactions_provider_reference_unique")
      .on(t.provider, t.providerReference)
      .where(sql`${t.providerReference} is not null`),
    index("transactions_shop_created_idx").on(t.shopId, t.createdAt),
    // The Transactions report filtered by payment type, newest first (issue 9).
    index("transactions_shop_payment_created_idx").on(t.shopId, t.paymentType, t.createdAt),
    index("transactions_customer_idx").on(t.customerId, t.createdAt),
    index("transactions_offer_idx").on(t.offerId),
    index("transactions_tier_idx").on(t.tierId, t.createdAt),
    // A membership's payments in order: the analytics' price changes and renewal recoveries.
    index("transactions_membership_created_idx").on(t.customerMembershipId, t.createdAt),
    // Failed renewals are few: the recoveries read starts from them (issue 19).
    // Migration 0027 adds INCLUDE (customer_membership_id, id, tier_id), which this builder
    // cannot say: the subscriptions read's recoveries scan the index alone.
    index("transactions_failed_renewals_idx")
      .on(t.shopId, t.createdAt)
      .where(sql`${t.kind} = 'membership_renewal' and ${t.status} = 'failed'`),
  ],
);

/** An offer a customer bought (`customerOfferId`): redeemed once, until `expiresAt`. */
export const customerOffers = pgTable(
  "customer_offers",
  {
    ...customerOwned(),
    offerId: belongsTo("offer_id", () => offers.id, "restrict"),
    transactionId: integer("transaction_id").references(() => transactions.id, {
      onDelete: "set null",
    }),
    checkoutId: uuid("checkout_id").references(() => checkouts.id, { onDelete: "set null" }),
    pricePaidCents: integer("price_paid_cents").notNull(),
    purchasedAt: at("purchased_at").notNull(),
    expiresAt: at("expires_at"),
    redeemedAt: at("redeemed_at"),
    redeemedByUserId: userLink("redeemed_by_user_id"),
    /** A refunded purchase no longer counts as sold and cannot be redeemed. */
    voidedAt: at("voided_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("customer_offers_offer_idx").on(t.offerId),
    index("customer_offers_customer_idx").on(t.customerId, t.purchasedAt),
    index("customer_offers_shop_purchased_idx").on(t.shopId, t.purchasedAt),
    uniqueIndex("customer_offers_checkout_unique")
      .on(t.checkoutId)
      .where(sql`${t.checkoutId} is not null`),
  ],
);

/**
 * The cashback wallet: signed cents, credits positive, debits negative. The balance is the sum
 * and never goes below zero: writers lock the customer row first.
 */
export const cashbackLedger = pgTable(
  "cashback_ledger",
  {
    ...customerOwned(),
    amountCents: integer("amount_cents").notNull(),
    kind: varchar("kind", {
      length: 24,
      enum: [
        "reward",
        "refund",
        "redemption",
        "offer_payment",
        "reversal",
        // A member import's balance: the difference to the file's amount (issue 18).
        "opening_balance",
      ],
    }).notNull(),
    transactionId: integer("transaction_id").references(() => transactions.id, {
      onDelete: "set null",
    }),
    customerMembershipId: membershipLink(),
    description: varchar("description", { length: 200 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("cashback_ledger_customer_idx").on(t.customerId),
    check("cashback_ledger_not_zero", sql`${t.amountCents} <> 0`),
  ],
);

/** One row per recipient: a merchant user of the shop, or one customer. */
export const notifications = pgTable(
  "notifications",
  {
    ...shopOwned(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "cascade" }),
    event: varchar("event", { length: 48 }).notNull(),
    title: varchar("title", { length: 120 }).notNull(),
    message: varchar("message", { length: 500 }).notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    isRead: boolean("is_read").notNull().default(false),
    /** Claimed by the one instance that pushes it live, so it is pushed once. */
    deliveredAt: at("delivered_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("notifications_user_idx").on(t.userId, t.createdAt),
    index("notifications_customer_idx").on(t.customerId, t.createdAt),
    check("notifications_one_recipient", sql`(${t.userId} is null) <> (${t.customerId} is null)`),
  ],
);

/**
 * The built-in sandbox provider's own books: it plays the card processor so `npm start` can take
 * payments with no network, and the server verifies its transactions as it verifies Fortis ones.
 */
export const sandboxTransactions = pgTable(
  "sandbox_transactions",
  {
    id: varchar("id", { length: 40 }).primaryKey(),
    locationId: sandboxLocation(),
    amountCents: integer("amount_cents").notNull(),
    statusCode: integer("status_code").notNull(),
    /** The intention this transaction paid (form payments). */
    clientToken: text("client_token"),
    /** `transaction_api_id`: one charge per reference. */
    reference: varchar("reference", { length: 128 }),
    cardToken: varchar("card_token", { length: 40 }),
    cardLabel: varchar("card_label", { length: 64 }),
    refundOf: varchar("refund_of", { length: 40 }),
    refunded: boolean("refunded").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("sandbox_transactions_reference_unique")
      .on(t.locationId, t.reference)
      .where(sql`${t.reference} is not null`),
  ],
);

/** Sandbox intentions: a form may be paid once, before it expires. */
export const sandboxIntentions = pgTable("sandbox_intentions", {
  clientToken: text("client_token").primaryKey(),
  locationId: sandboxLocation(),
  amountCents: integer("amount_cents").notNull(),
  transactionId: varchar("transaction_id", { length: 40 }),
  expiresAt: at("expires_at").notNull(),
  createdAt: createdAt(),
});

/** Sandbox saved cards (the card number is never kept: only its label). */
export const sandboxCards = pgTable("sandbox_cards", {
  token: varchar("token", { length: 40 }).primaryKey(),
  locationId: sandboxLocation(),
  label: varchar("label", { length: 64 }).notNull(),
  /** Test cards keep their behaviour: a card that declined keeps declining. */
  declines: boolean("declines").notNull().default(false),
  createdAt: createdAt(),
});

export const sandboxRecurrings = pgTable("sandbox_recurrings", {
  id: varchar("id", { length: 40 }).primaryKey(),
  locationId: sandboxLocation(),
  cardToken: varchar("card_token", { length: 40 }).notNull(),
  amountCents: integer("amount_cents").notNull(),
  interval: varchar("interval", { length: 16 }).notNull(),
  startDate: varchar("start_date", { length: 10 }).notNull(),
  status: varchar("status", { length: 16, enum: ["active", "cancelled"] }).notNull(),
  createdAt: createdAt(),
});

export type CustomerMembershipRow = typeof customerMemberships.$inferSelect;
export type CheckoutRow = typeof checkouts.$inferSelect;
export type TransactionRow = typeof transactions.$inferSelect;
export type CustomerOfferRow = typeof customerOffers.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;

/**
 * Every benefit, offer and cashback redemption (DOMAIN "Redemption"), by the customer or at the
 * startsAtZero. Names are copied so the history survives renames and deleted members.
 */
export const redemptions = pgTable(
  "redemptions",
  {
    ...namedCustomer(),
    redemptionType: varchar("redemption_type", {
      length: 16,
      enum: ["benefit", "offer", "cashback"],
    }).notNull(),
    item: varchar("item", { length: 120 }).notNull(),
    valueCents: integer("value_cents").notNull(),
    customerMembershipId: membershipLink(),
    benefitId: integer("benefit_id"),
    /** The membership month (from its start date) a benefit was redeemed in. */
    membershipMonth: integer("membership_month"),
    customerOfferId: integer("customer_offer_id").references(() => customerOffers.id, {
      onDelete: "set null",
    }),
    performedBy: varchar("performed_by", { length: 16, enum: ["customer", "merchant"] }).notNull(),
    performedByUserId: userLink("performed_by_user_id"),
    performedByName: varchar("performed_by_name", { length: 210 }).notNull(),
    redemptionDate: at("redemption_date").notNull(),
  },
  (t) => [
    // A benefit once per membership month: the database refuses a second, also in parallel.
    uniqueIndex("redemptions_benefit_month_unique")
      .on(t.customerMembershipId, t.benefitId, t.membershipMonth)
      .where(sql`${t.redemptionType} = 'benefit'`),
    uniqueIndex("redemptions_customer_offer_unique")
      .on(t.customerOfferId)
      .where(sql`${t.redemptionType} = 'offer'`),
    index("redemptions_shop_date_idx").on(t.shopId, t.redemptionDate),
    index("redemptions_customer_idx").on(t.customerId, t.redemptionDate),
  ],
);

export type RedemptionRow = typeof redemptions.$inferSelect;

/** Large socket.io broadcasts between instances (the PostgreSQL adapter's attachments). */
export const socketIoAttachments = pgTable("socket_io_attachments", {
  id: bigserial("id", { mode: "number" }).unique(),
  createdAt: at("created_at").defaultNow(),
  payload: bytea("payload"),
});
