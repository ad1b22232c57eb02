import { eq, sql } from "drizzle-orm";
import { type MembershipBenefit, type MembershipTier, type Offer, shops } from "../../db/schema";
import type { Database } from "../../infra/db";

/** A published tier as the JSON below spells it: the fields the public tier shows. */
type PublishedTier = Pick<
  MembershipTier,
  | "id"
  | "name"
  | "description"
  | "priceCents"
  | "cashbackRewardCents"
  | "renewal"
  | "rewardFrequency"
> & { benefits: Pick<MembershipBenefit, "id" | "name" | "worthCents" | "benefitType">[] };

/** An offer as the JSON below spells it: the fields the public offer shows. */
type StorefrontOffer = Pick<
  Offer,
  | "id"
  | "offerName"
  | "description"
  | "redemptionInstructions"
  | "originalPriceCents"
  | "offerPriceCents"
  | "isLimited"
  | "quantity"
  | "isLimitedPerUser"
  | "limitPerUser"
  | "hasValidity"
  | "validityDays"
  | "startDate"
  | "endDate"
  | "offerImage"
>;

/**
 * The whole storefront in one statement: the shop's row, its published tiers with their
 * benefits and its offers around today, the two lists built by PostgreSQL as JSON with the
 * field names and the order the three separate statements give (storefront_shop,
 * storefront_published_tiers, storefront_running_offers). One round trip and one pool checkout
 * instead of three: a storefront visit is the busiest public read.
 */
function prepareStorefront(db: Database) {
  // The subqueries name the outer row as "shops"."id": Drizzle writes a lone column of a
  // one-table select unqualified, which inside them would mean the inner table's own id.
  const tiers = sql<PublishedTier[]>`coalesce((
    select json_agg(json_build_object(
      'id', t.id, 'name', t.name, 'description', t.description,
      'priceCents', t.price_cents, 'cashbackRewardCents', t.cashback_reward_cents,
      'renewal', t.renewal, 'rewardFrequency', t.reward_frequency,
      'benefits', coalesce((
        select json_agg(json_build_object(
          'id', b.id, 'name', b.name, 'worthCents', b.worth_cents, 'benefitType', b.benefit_type
        ) order by b.position, b.id)
        from membership_benefits b where b.tier_id = t.id
      ), '[]'::json)
    ) order by t.price_cents, t.id)
    from membership_tiers t where t.shop_id = "shops"."id" and t.status = 'active'
  ), '[]'::json)`;
  const offers = sql<StorefrontOffer[]>`coalesce((
    select json_agg(json_build_object(
      'id', o.id, 'offerName', o.offer_name, 'description', o.description,
      'redemptionInstructions', o.redemption_instructions,
      'originalPriceCents', o.original_price_cents, 'offerPriceCents', o.offer_price_cents,
      'isLimited', o.is_limited, 'quantity', o.quantity,
      'isLimitedPerUser', o.is_limited_per_user, 'limitPerUser', o.limit_per_user,
      'hasValidity', o.has_validity, 'validityDays', o.validity_days,
      'startDate', o.start_date, 'endDate', o.end_date, 'offerImage', o.offer_image
    ) order by o.end_date, o.id)
    from offers o
    where o.shop_id = "shops"."id" and o.status = 'active'
      and o.start_date <= ${sql.placeholder("latest")}::date
      and o.end_date >= ${sql.placeholder("earliest")}::date
  ), '[]'::json)`;
  return db
    .select({ shop: shops, tiers, offers })
    .from(shops)
    .where(eq(shops.id, sql.placeholder("shopId")))
    .limit(1)
    .prepare("storefront_combined");
}

// One prepared statement per database: planned once per connection, not on every request.
const statements = new WeakMap<Database, ReturnType<typeof prepareStorefront>>();

/**
 * The shop, its published tiers and its offers that were not cancelled and run on some day from
 * `earliest` to `latest`; undefined for an unknown shop.
 */
export async function findStorefront(
  db: Database,
  shopId: number,
  window: { earliest: string; latest: string },
) {
  let statement = statements.get(db);
  if (!statement) {
    statement = prepareStorefront(db);
    statements.set(db, statement);
  }
  const [row] = await statement.execute({ shopId, ...window });
  return row;
}
