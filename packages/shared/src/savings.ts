import { toCents, toDollars } from "./money.ts";

type Worth = { readonly worth: number };

export type SavingsInput = {
  readonly price: number;
  readonly cashbackReward: number;
  /** The benefits; the API's tier objects call the list `Benefits`, which is read too. */
  readonly benefits?: readonly Worth[] | null | undefined;
  readonly Benefits?: readonly Worth[] | null | undefined;
};

/**
 * What a member saves per renewal period (DOMAIN "Membership tiers"):
 * cashbackReward + Σ benefit worth − price, floored at 0, exact to the cent.
 */
export function computeSavings(tier: SavingsInput): number {
  const benefits = tier.benefits ?? tier.Benefits ?? [];
  let cents = toCents(tier.cashbackReward) - toCents(tier.price);
  for (const benefit of benefits) cents += toCents(benefit.worth);
  return toDollars(Math.max(0, cents));
}
