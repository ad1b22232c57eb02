import { and, asc, count, eq, gte, inArray, notInArray, or, type SQL, sql } from "drizzle-orm";
import {
  customerMemberships,
  type MembershipBenefit,
  type MembershipTier,
  membershipBenefits,
  membershipTiers,
  type NewMembershipBenefit,
  shops,
  transactions,
} from "../../db/schema";
import type { Database, Executor } from "../../infra/db";
import { countRows } from "../../infra/db/pages";
import { shopTable } from "../../infra/db/rows";
import { groupBenefits } from "./tier-rows";

export type TierStatus = MembershipTier["status"];
export type TierWithBenefits = MembershipTier & { benefits: MembershipBenefit[] };

/** A shop's tiers with their benefits in one query, in creation order. */
export async function listTiersWithBenefits(
  db: Executor,
  shopId: number,
  filter: { statuses?: readonly TierStatus[]; ids?: readonly number[] } = {},
): Promise<TierWithBenefits[]> {
  const conditions: SQL[] = [eq(membershipTiers.shopId, shopId)];
  if (filter.statuses) conditions.push(inArray(membershipTiers.status, [...filter.statuses]));
  if (filter.ids) conditions.push(inArray(membershipTiers.id, [...filter.ids]));
  const rows = await db
    .select({ tier: membershipTiers, benefit: membershipBenefits })
    .from(membershipTiers)
    .leftJoin(membershipBenefits, eq(membershipBenefits.tierId, membershipTiers.id))
    .where(and(...conditions))
    .orderBy(asc(membershipTiers.id), asc(membershipBenefits.position), asc(membershipBenefits.id));
  return groupBenefits(rows);
}

export async function findTierWithBenefits(
  db: Executor,
  shopId: number,
  id: number,
): Promise<TierWithBenefits | undefined> {
  const [tier] = await listTiersWithBenefits(db, shopId, { ids: [id] });
  return tier;
}

const tierRows = shopTable(membershipTiers, "tier");

/** The tier, locked until the transaction ends, so a concurrent delete or edit waits. */
export const lockTier = tierRows.lock;
export const insertTier = tierRows.insert;
export const updateTier = tierRows.update;
/** Removes a tier; its benefits go with it (cascade). */
export const deleteTier = tierRows.delete;

export async function listBenefitIdsOfTier(db: Executor, shopId: number, tierId: number) {
  const rows = await db
    .select({ id: membershipBenefits.id })
    .from(membershipBenefits)
    .where(and(eq(membershipBenefits.shopId, shopId), eq(membershipBenefits.tierId, tierId)));
  return rows.map((row) => row.id);
}

export async function insertBenefits(db: Executor, values: NewMembershipBenefit[]) {
  if (values.length === 0) return;
  await db.insert(membershipBenefits).values(values);
}

export async function updateBenefit(
  db: Executor,
  shopId: number,
  tierId: number,
  id: number,
  values: Pick<NewMembershipBenefit, "name" | "worthCents" | "benefitType" | "position">,
) {
  await db
    .update(membershipBenefits)
    .set({ ...values, updatedAt: new Date() })
    .where(
      and(
        eq(membershipBenefits.shopId, shopId),
        eq(membershipBenefits.tierId, tierId),
        eq(membershipBenefits.id, id),
      ),
    );
}

/** Deletes the tier's benefits other than `keepIds`. */
export async function deleteBenefitsExcept(
  db: Executor,
  shopId: number,
  tierId: number,
  keepIds: readonly number[],
) {
  const conditions = [eq(membershipBenefits.shopId, shopId), eq(membershipBenefits.tierId, tierId)];
  if (keepIds.length > 0) conditions.push(notInArray(membershipBenefits.id, [...keepIds]));
  await db.delete(membershipBenefits).where(and(...conditions));
}

/** How many customers have or had a membership of this tier (a used tier is archived, not removed). */
export async function countMembersOfTier(
  db: Executor,
  shopId: number,
  tierId: number,
): Promise<number> {
  return countRows(
    db,
    customerMemberships,
    and(
      eq(customerMemberships.shopId, shopId),
      or(eq(customerMemberships.tierId, tierId), eq(customerMemberships.nextTierId, tierId)),
    ),
  );
}

/** Customers whose current membership is each tier (tier id → count; missing means 0). */
export async function countCurrentMembersByTier(
  db: Executor,
  shopId: number,
  tierIds: readonly number[],
): Promise<Map<number, number>> {
  const map = new Map<number, number>();
  if (tierIds.length === 0) return map;
  const rows = await db
    .select({ tierId: customerMemberships.tierId, n: count() })
    .from(customerMemberships)
    .where(
      and(
        eq(customerMemberships.shopId, shopId),
        inArray(customerMemberships.tierId, [...tierIds]),
        inArray(customerMemberships.status, ["active", "pending", "cancelled"]),
      ),
    )
    .groupBy(customerMemberships.tierId);
  for (const row of rows) map.set(row.tierId, row.n);
  return map;
}

/** Revenue in cents per tier from payments made since `since` (missing means 0). */
export async function sumTierRevenueSince(
  db: Executor,
  shopId: number,
  tierIds: readonly number[],
  since: Date,
): Promise<Map<number, number>> {
  const map = new Map<number, number>();
  if (tierIds.length === 0) return map;
  const rows = await db
    .select({
      tierId: transactions.tierId,
      cents: sql<string>`coalesce(sum(${transactions.amountCents}), 0)`,
    })
    .from(transactions)
    .where(
      and(
        eq(transactions.shopId, shopId),
        inArray(transactions.tierId, [...tierIds]),
        eq(transactions.status, "succeeded"),
        gte(transactions.createdAt, since),
      ),
    )
    .groupBy(transactions.tierId);
  for (const row of rows) if (row.tierId !== null) map.set(row.tierId, Number(row.cents));
  return map;
}

function preparePublishedTiers(db: Database) {
  return db
    .select({
      shopId: shops.id,
      tier: {
        id: membershipTiers.id,
        name: membershipTiers.name,
        description: membershipTiers.description,
        priceCents: membershipTiers.priceCents,
        cashbackRewardCents: membershipTiers.cashbackRewardCents,
        renewal: membershipTiers.renewal,
        rewardFrequency: membershipTiers.rewardFrequency,
      },
      benefit: {
        id: membershipBenefits.id,
        name: membershipBenefits.name,
        worthCents: membershipBenefits.worthCents,
        benefitType: membershipBenefits.benefitType,
      },
    })
    .from(shops)
    .leftJoin(
      membershipTiers,
      and(eq(membershipTiers.shopId, shops.id), eq(membershipTiers.status, "active")),
    )
    .leftJoin(membershipBenefits, eq(membershipBenefits.tierId, membershipTiers.id))
    .where(eq(shops.id, sql.placeholder("shopId")))
    .orderBy(
      asc(membershipTiers.priceCents),
      asc(membershipTiers.id),
      asc(membershipBenefits.position),
      asc(membershipBenefits.id),
    )
    .prepare("storefront_published_tiers");
}

type PublishedRow = Awaited<
  ReturnType<ReturnType<typeof preparePublishedTiers>["execute"]>
>[number];
export type PublishedTier = NonNullable<PublishedRow["tier"]> & {
  benefits: NonNullable<PublishedRow["benefit"]>[];
};

// One prepared statement per database: the storefront is the busiest read, so it is planned once
// per connection instead of built and parsed on every request.
const publishedTiersStatements = new WeakMap<Database, ReturnType<typeof preparePublishedTiers>>();

/**
 * The storefront's tiers: published ones with their benefits, cheapest first, in one query that
 * also tells whether the shop exists (undefined when it does not).
 */
export async function listPublishedTiers(
  db: Database,
  shopId: number,
): Promise<PublishedTier[] | undefined> {
  let statement = publishedTiersStatements.get(db);
  if (!statement) {
    statement = preparePublishedTiers(db);
    publishedTiersStatements.set(db, statement);
  }
  const rows = await statement.execute({ shopId });
  if (rows.length === 0) return undefined;
  return groupBenefits(rows);
}
