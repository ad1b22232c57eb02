import { type PublicTier, type Tier, toDollars } from "@tessera/shared";
import type { PublishedTier, TierWithBenefits } from "./repo";

export function toPublicTierDto(tier: TierWithBenefits | PublishedTier): PublicTier {
  return {
    id: tier.id,
    name: tier.name,
    description: tier.description,
    price: toDollars(tier.priceCents),
    cashbackReward: toDollars(tier.cashbackRewardCents),
    renewal: tier.renewal,
    rewardFrequency: tier.rewardFrequency,
    Benefits: tier.benefits.map((benefit) => ({
      id: benefit.id,
      name: benefit.name,
      worth: toDollars(benefit.worthCents),
      benefitType: benefit.benefitType,
    })),
  };
}

export function toTierDto(
  tier: TierWithBenefits,
  stats: { customerCount: number; revenueCents: number },
): Tier {
  return {
    ...toPublicTierDto(tier),
    shopId: tier.shopId,
    status: tier.status,
    customerCount: stats.customerCount,
    currentMonthPeriod: { totalRevenue: toDollars(stats.revenueCents) },
    createdAt: tier.createdAt.toISOString(),
    updatedAt: tier.updatedAt.toISOString(),
  };
}
