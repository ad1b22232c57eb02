import { type CustomerMembership, formatShortDateIn, MAX_PAGE_SIZE } from "@tessera/shared";
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";
import { t } from "@/lib/i18n";
import { useT } from "@/lib/i18n/use-t";
import { useCurrentShop } from "@/lib/shop-branding";
import { useCustomerRedemptions } from "./api";
import {
  hasBenefitUsage,
  redeemableBenefits,
  usedBenefits,
  usedBenefitsFromPayload,
} from "./dashboard";

/**
 * Benefits the server refused as "already redeemed this month" (409) while the dashboard is
 * open, with its message. They stay disabled even when the redemptions list cannot tell (a
 * benefit renamed since, or more redemptions this month than one page holds).
 */
type Refusals = {
  refused: ReadonlyMap<number, string>;
  refuse: (benefitId: number, message: string) => void;
};

const RefusalsContext = createContext<Refusals | null>(null);

/** Wraps the dashboard and the modals opened over it, so both see the same refusals. */
export function BenefitRefusalsProvider({ children }: { children: ReactNode }) {
  const [refused, setRefused] = useState<ReadonlyMap<number, string>>(() => new Map());
  const refuse = useCallback((benefitId: number, message: string) => {
    setRefused((current) => new Map(current).set(benefitId, message));
  }, []);
  const value = useMemo(() => ({ refused, refuse }), [refused, refuse]);
  return <RefusalsContext.Provider value={value}>{children}</RefusalsContext.Provider>;
}

export type BenefitStatus =
  | { redeemable: true }
  | {
      redeemable: false;
      /** Short text for a list row ("Available again on 22 Dec, 2026"). */
      note: string;
    };

/**
 * The current membership's redeemable benefits and whether each can be redeemed this month
 * (DOMAIN "Benefits": once per membership month): as the dashboard payload marks them
 * (`usedThisMonth`, `availableOn`), or, for a payload without those marks, read from the
 * customer's redemptions.
 */
/** What useBenefitUsage tells: the membership's benefits and each one's status this month. */
export type BenefitUsage = ReturnType<typeof useBenefitUsage>;

export function useBenefitUsage(customerId: number, membership: CustomerMembership | null) {
  const shop = useCurrentShop();
  const refusals = useContext(RefusalsContext);
  const { locale } = useT();
  const benefits = redeemableBenefits(membership);
  const serverKnows = hasBenefitUsage(benefits);
  // This month's benefit redemptions are the newest ones, so the first page holds them.
  const redemptions = useCustomerRedemptions(shop.id, customerId, 1, MAX_PAGE_SIZE, {
    enabled: benefits.length > 0 && !serverKnows,
  });
  const used = serverKnows
    ? usedBenefitsFromPayload(benefits)
    : usedBenefits(membership, redemptions.data?.redemptions ?? []);

  function statusOf(benefitId: number): BenefitStatus {
    const usedOne = used.get(benefitId);
    if (usedOne) {
      return {
        redeemable: false,
        note: usedOne.availableOn
          ? t("Redeemed this month · available again on {date}", {
              date: formatShortDateIn(locale, usedOne.availableOn, shop.timeZone),
            })
          : t("Redeemed this month"),
      };
    }
    const refusal = refusals?.refused.get(benefitId);
    if (refusal) return { redeemable: false, note: refusal };
    return { redeemable: true };
  }

  return {
    benefits,
    /** Until the redemptions load, no benefit is offered as redeemable. */
    isPending: benefits.length > 0 && !serverKnows && redemptions.isPending,
    statusOf,
    refuse: refusals?.refuse ?? (() => {}),
  };
}
