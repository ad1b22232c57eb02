import { z } from "zod";
import { MEMBERSHIP_STATUSES, OFFER_STATUSES, OFFER_TABS, RENEWALS } from "../options.ts";
import { idSchema } from "../validation/common.ts";
import { BENEFIT_TYPES } from "../validation/membership.ts";
import { moneySchema } from "../validation/money.ts";
import { shopSchema, userSchema } from "./access.ts";

/**
 * Response shapes and queries of the catalogue calls (membership tiers, offers, store settings,
 * profile, public storefront). Money is dollars (integer cents on the server); offer dates are
 * the shop's calendar days, "YYYY-MM-DD". Instants are ISO 8601 strings.
 */

const instantSchema = z.string();
const calendarDaySchema = z.string();

/** `?id=` of the single-item, update and delete calls. */
export const idQuerySchema = z.object({ id: idSchema });

// ---------------------------------------------------------------- membership tiers

export const tierBenefitSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  worth: moneySchema,
  benefitType: z.enum(BENEFIT_TYPES),
});
export type TierBenefit = z.infer<typeof tierBenefitSchema>;

/** A tier as a visitor sees it on the storefront: no member counts, no revenue. */
export const publicTierSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  price: moneySchema,
  cashbackReward: moneySchema,
  renewal: z.enum(RENEWALS),
  rewardFrequency: z.enum(RENEWALS),
  Benefits: z.array(tierBenefitSchema),
});
export type PublicTier = z.infer<typeof publicTierSchema>;

/**
 * A tier as the merchant sees it. `status`: `active` (published), `inactive` (archived by the
 * Publish switch), `deleted` (deleted while it had members: kept for their history, read-only).
 */
export const tierSchema = publicTierSchema.extend({
  shopId: z.number().int(),
  status: z.enum(MEMBERSHIP_STATUSES),
  /** Customers whose current membership is this tier. */
  customerCount: z.number().int().nonnegative(),
  /** Revenue from this tier since the 1st of this month (shop time zone). */
  currentMonthPeriod: z.object({ totalRevenue: moneySchema }),
  createdAt: instantSchema,
  updatedAt: instantSchema,
});
export type Tier = z.infer<typeof tierSchema>;

const queryFlag = z
  .enum(["true", "false", "1", "0"], { error: "Use true or false" })
  .optional()
  .transform((value) => value === "true" || value === "1");

/** A JSON list of tier ids ("[1,2]"), or the same ids comma-separated ("1,2"). */
const tierIdListSchema = z
  .string()
  .optional()
  .transform((value, ctx): number[] | undefined => {
    const text = value?.trim();
    if (!text) return undefined;
    let items: unknown;
    try {
      items = text.startsWith("[") ? JSON.parse(text) : text.split(",");
    } catch {
      items = null;
    }
    const ids = Array.isArray(items) ? items.map((item) => idSchema.safeParse(item)) : [];
    if (ids.length === 0 || ids.some((id) => !id.success)) {
      ctx.addIssue({ code: "custom", message: "Invalid id", input: value });
      return z.NEVER;
    }
    return ids.map((id) => id.data as number);
  });

/**
 * GET /memberships/get-all-memberships. Without filters: every tier of the shop. `active=true`
 * keeps published tiers; `inactive=true` keeps archived ones, i.e. `inactive` and `deleted`
 * (the Archived tab, where deleted tiers show with a red border and no menu); both flags keep
 * both. `tiers` keeps only the listed ids.
 */
export const membershipListQuerySchema = z.object({
  active: queryFlag,
  inactive: queryFlag,
  tiers: tierIdListSchema,
});
export type MembershipListQuery = z.output<typeof membershipListQuerySchema>;

/** GET /memberships/get-single-membership?id= */
export const getMembershipResponseSchema = z.object({ membership: tierSchema });
/** GET /memberships/get-all-memberships */
export const getMembershipsResponseSchema = z.object({ memberships: z.array(tierSchema) });
/** POST /memberships/create-membership → 201, PUT /memberships/update-membership-by-id */
export const saveMembershipResponseSchema = z.object({
  message: z.string(),
  membership: tierSchema,
});
/**
 * DELETE /memberships/delete-membership-by-id?id=: `removed` when the tier never had members,
 * `archived` when it had (its status is now `deleted`).
 */
export const deleteMembershipResponseSchema = z.object({
  message: z.string(),
  outcome: z.enum(["removed", "archived"]),
});
/** GET /customer/memberships/get-active-memberships?shopId= (public) */
export const getActiveMembershipsResponseSchema = z.object({
  memberships: z.array(publicTierSchema),
});

// ---------------------------------------------------------------- offers

export const offerTimingSchema = z.enum(OFFER_TABS);

/** An offer as a visitor sees it: what it is, what it costs, when it runs, how it may be used. */
export const publicOfferSchema = z.object({
  id: z.number().int(),
  offerName: z.string(),
  description: z.string(),
  redemptionInstructions: z.string().nullable(),
  /** Null when the merchant gave no original price. */
  originalPrice: moneySchema.nullable(),
  offerPrice: moneySchema,
  isLimited: z.boolean(),
  /** 0 when not limited. */
  quantity: z.number().int().nonnegative(),
  isLimitedPerUser: z.boolean(),
  limitPerUser: z.number().int().nonnegative(),
  hasValidity: z.boolean(),
  /** Days a purchase stays redeemable; 0 means no expiry. */
  validityDays: z.number().int().nonnegative(),
  startDate: calendarDaySchema,
  endDate: calendarDaySchema,
  offerImage: z.string(),
});
export type PublicOffer = z.infer<typeof publicOfferSchema>;

/** An offer as the merchant sees it, with its timing (shop's today) and sales. */
export const offerSchema = publicOfferSchema.extend({
  shopId: z.number().int(),
  /** `cancelled`: deleted after it had sales, kept for their history. */
  status: z.enum(OFFER_STATUSES),
  /** From the dates and the shop's today: upcoming, active or expired. */
  timing: offerTimingSchema,
  /** Units sold. */
  soldCount: z.number().int().nonnegative(),
  /** Purchases made (one purchase may be several units once quantities per purchase exist). */
  purchaseCount: z.number().int().nonnegative(),
  totalRevenue: moneySchema,
  createdAt: instantSchema,
  updatedAt: instantSchema,
});
export type Offer = z.infer<typeof offerSchema>;

/** GET /offers/get-all-offers?timeFilter=upcoming|active|expired (none: all but deleted). */
export const offerListQuerySchema = z.object({
  timeFilter: z
    .union([offerTimingSchema, z.literal("")], {
      error: "Use upcoming, active or expired",
    })
    .optional()
    .transform((value) => value || undefined),
});
export type OfferListQuery = z.output<typeof offerListQuerySchema>;

/** GET /offers/get-all-offers */
export const getOffersResponseSchema = z.object({ offers: z.array(offerSchema) });
/** GET /offers/get-single-offer?id= */
export const getOfferResponseSchema = z.object({ offer: offerSchema });
/** POST /offers/create-offer → 201, PUT /offers/update-offer-by-id */
export const saveOfferResponseSchema = z.object({ message: z.string(), offer: offerSchema });
/**
 * DELETE /offers/delete-offer-by-id?id=: `removed` (with its image) when it never sold,
 * `cancelled` when it had sales (kept, shown as Deleted; purchases stay redeemable).
 */
export const deleteOfferResponseSchema = z.object({
  message: z.string(),
  outcome: z.enum(["removed", "cancelled"]),
});

/** GET /offers/stats?timeFilter=<period>: the Offers Overview figures for the period. */
export const offerStatsSchema = z.object({
  totalRevenue: moneySchema,
  /** Change against the preceding window of equal length; null when that window had none. */
  totalRevenuePercentage: z.number().nullable(),
  soldOffers: z.number().int().nonnegative(),
  soldOffersPercentage: z.number().nullable(),
  /** Offers not deleted, by their timing today. */
  activeOffers: z.number().int().nonnegative(),
  upcomingOffers: z.number().int().nonnegative(),
  expiredOffers: z.number().int().nonnegative(),
});
export type OfferStats = z.infer<typeof offerStatsSchema>;
export const offerStatsResponseSchema = z.object({ stats: offerStatsSchema });

/** GET /customer/offers/get-active-offers?shopId= (public) */
export const getActiveOffersResponseSchema = z.object({ offers: z.array(publicOfferSchema) });

/**
 * GET /api/v1/storefront?shopId= (public): everything the storefront page `/{shopId}` shows in
 * one round trip: the shop's public profile, its published tiers and its current offers. The
 * three separate calls (get-shop-by-Id, get-active-memberships, get-active-offers) stay.
 */
export const getStorefrontResponseSchema = z.object({
  shop: shopSchema,
  memberships: z.array(publicTierSchema),
  offers: z.array(publicOfferSchema),
});
export type StorefrontSnapshot = z.infer<typeof getStorefrontResponseSchema>;

// ---------------------------------------------------------------- store and profile

/** PUT /shop/update-shop */
export const updateShopResponseSchema = z.object({ message: z.string(), shop: shopSchema });
/** POST /user/update-user */
export const updateUserResponseSchema = z.object({ message: z.string(), user: userSchema });

export { CATALOGUE_MESSAGES } from "./texts.ts";
