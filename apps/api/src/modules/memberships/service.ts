import {
  ACCESS_MESSAGES,
  CATALOGUE_MESSAGES,
  DEFAULT_TIME_ZONE,
  getPeriodRange,
  type MembershipListQuery,
  type MembershipTierValues,
  toCents,
  type UpdateMembershipTierValues,
} from "@tessera/shared";
import { AppError } from "../../errors";
import type { Database, Executor } from "../../infra/db";
import { recordTierChange } from "../audit/catalogue";
import { findShopTimeZone } from "../shops/lookups";
import { toPublicTierDto, toTierDto } from "./dto";
import * as repo from "./repo";

export type MembershipsDeps = {
  db: Database;
  /** The clock; tests move it. */
  now?: () => Date;
};

/** The caller's tenant: always the session's shop, never an id from the request. */
type ShopScope = { shopId: number };

function notFound(): AppError {
  return new AppError("NOT_FOUND", CATALOGUE_MESSAGES.membershipNotFound);
}

function tierColumns(values: MembershipTierValues) {
  return {
    name: values.name,
    description: values.description,
    priceCents: toCents(values.price),
    cashbackRewardCents: toCents(values.cashbackReward),
    renewal: values.renewal,
    rewardFrequency: values.rewardFrequency,
    status: values.status,
  };
}

function benefitColumns(benefit: MembershipTierValues["Benefits"][number], position: number) {
  return {
    name: benefit.name,
    worthCents: toCents(benefit.worth),
    benefitType: benefit.benefitType,
    position,
  };
}

/** The tier, locked for the rest of the transaction; deleted tiers are read-only. */
async function lockEditableTier(tx: Executor, shopId: number, id: number) {
  const tier = await repo.lockTier(tx, shopId, id);
  if (!tier) throw notFound();
  if (tier.status === "deleted") {
    throw new AppError("UNPROCESSABLE", CATALOGUE_MESSAGES.membershipReadOnly);
  }
  return tier;
}

export function createMembershipsService({ db, now = () => new Date() }: MembershipsDeps) {
  /** Member counts and this month's revenue, for the merchant's view of tiers. */
  async function withStats(shopId: number, tiers: repo.TierWithBenefits[]) {
    if (tiers.length === 0) return [];
    const ids = tiers.map((tier) => tier.id);
    const timeZone = (await findShopTimeZone(db, shopId)) ?? DEFAULT_TIME_ZONE;
    const monthStart = getPeriodRange("currentMonth", now(), timeZone).start;
    const [counts, revenue] = await Promise.all([
      repo.countCurrentMembersByTier(db, shopId, ids),
      repo.sumTierRevenueSince(db, shopId, ids, monthStart),
    ]);
    return tiers.map((tier) =>
      toTierDto(tier, {
        customerCount: counts.get(tier.id) ?? 0,
        revenueCents: revenue.get(tier.id) ?? 0,
      }),
    );
  }

  async function viewOf(shopId: number, tierId: number, executor: Executor = db) {
    const tier = await repo.findTierWithBenefits(executor, shopId, tierId);
    if (!tier) throw notFound();
    const [view] = await withStats(shopId, [tier]);
    if (!view) throw notFound();
    return view;
  }

  return {
    /**
     * `active` keeps published tiers, `inactive` archived ones (including deleted, which the
     * Archived tab shows read-only); neither or both keep every status. `tiers` keeps those ids.
     */
    async listMemberships({ shopId }: ShopScope, query: MembershipListQuery) {
      let statuses: repo.TierStatus[] | undefined;
      if (query.active && !query.inactive) statuses = ["active"];
      if (query.inactive && !query.active) statuses = ["inactive", "deleted"];
      const tiers = await repo.listTiersWithBenefits(db, shopId, {
        ...(statuses ? { statuses } : {}),
        ...(query.tiers ? { ids: query.tiers } : {}),
      });
      return { memberships: await withStats(shopId, tiers) };
    },

    async getMembership({ shopId }: ShopScope, id: number) {
      return { membership: await viewOf(shopId, id) };
    },

    /** The tier and its benefits are written together or not at all. */
    async createMembership({ shopId }: ShopScope, values: MembershipTierValues) {
      const tierId = await db.transaction(async (tx) => {
        const tier = await repo.insertTier(tx, { shopId, ...tierColumns(values) });
        await repo.insertBenefits(
          tx,
          values.Benefits.map((benefit, position) => ({
            tierId: tier.id,
            shopId,
            ...benefitColumns(benefit, position),
          })),
        );
        return tier.id;
      });
      return {
        message: CATALOGUE_MESSAGES.membershipCreated,
        membership: await viewOf(shopId, tierId),
      };
    },

    /**
     * Benefits keep their ids when the row is sent back with its id (future redemptions refer to
     * them); rows without a known id are added, rows not sent are removed.
     */
    async updateMembership({ shopId }: ShopScope, values: UpdateMembershipTierValues) {
      await db.transaction(async (tx) => {
        const before = await lockEditableTier(tx, shopId, values.id);
        await repo.updateTier(tx, shopId, values.id, tierColumns(values));
        await recordTierChange(tx, before, tierColumns(values));
        const existing = new Set(await repo.listBenefitIdsOfTier(tx, shopId, values.id));
        const kept: number[] = [];
        const added: Parameters<typeof repo.insertBenefits>[1] = [];
        const changed: { id: number; columns: ReturnType<typeof benefitColumns> }[] = [];
        values.Benefits.forEach((benefit, position) => {
          const columns = benefitColumns(benefit, position);
          if (benefit.id !== undefined && existing.has(benefit.id) && !kept.includes(benefit.id)) {
            kept.push(benefit.id);
            changed.push({ id: benefit.id, columns });
          } else {
            added.push({ tierId: values.id, shopId, ...columns });
          }
        });
        await repo.deleteBenefitsExcept(tx, shopId, values.id, kept);
        for (const { id, columns } of changed) {
          await repo.updateBenefit(tx, shopId, values.id, id, columns);
        }
        await repo.insertBenefits(tx, added);
      });
      return {
        message: CATALOGUE_MESSAGES.membershipUpdated,
        membership: await viewOf(shopId, values.id),
      };
    },

    /** A tier that has or had members is archived as `deleted`; one never used is removed. */
    async deleteMembership({ shopId }: ShopScope, id: number) {
      return db.transaction(async (tx) => {
        const tier = await lockEditableTier(tx, shopId, id);
        if ((await repo.countMembersOfTier(tx, shopId, id)) > 0) {
          await repo.updateTier(tx, shopId, id, { status: "deleted" });
          await recordTierChange(tx, tier, { status: "deleted" });
          return { message: CATALOGUE_MESSAGES.membershipArchived, outcome: "archived" as const };
        }
        await repo.deleteTier(tx, shopId, id);
        await recordTierChange(tx, tier, { status: "removed" });
        return { message: CATALOGUE_MESSAGES.membershipDeleted, outcome: "removed" as const };
      });
    },

    /** The storefront: published tiers only, cheapest first, without member figures. */
    async listPublishedMemberships(shopId: number) {
      const tiers = await repo.listPublishedTiers(db, shopId);
      if (!tiers) throw new AppError("NOT_FOUND", ACCESS_MESSAGES.storeNotFound);
      return { memberships: tiers.map(toPublicTierDto) };
    },
  };
}

export type MembershipsService = ReturnType<typeof createMembershipsService>;
