import type { CustomerMembership } from "@tessera/shared";
import { ChevronRight, Gift } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { Card, CardHeader, EmptyState } from "@/components/ui";
import { t } from "@/lib/i18n";
import { useT } from "@/lib/i18n/use-t";
import { useCurrentShop } from "@/lib/shop-branding";
import { useBenefitUsage } from "../benefit-usage";
import { PANEL_PREVIEW_COUNT, redeemBenefitPath } from "../dashboard";
import { BenefitList } from "./benefit-row";

export const NO_BENEFITS_TEXT = "No benefits available";

/** Opens the redeem-benefit modal on one benefit (`?benefitId=` keeps it across a reload). */
export function useOpenBenefit() {
  const shop = useCurrentShop();
  const navigate = useNavigate();
  return (benefitId: number) =>
    navigate(`${redeemBenefitPath(shop.id)}?benefitId=${benefitId}`, { state: { benefitId } });
}

/**
 * The dashboard's Redeem Benefit panel (spec §2): the membership's first two benefits with
 * Redeem, and See All (the redeem-benefit modal) when there are more; "No benefits available"
 * without a running membership or benefits.
 */
export function RedeemBenefitPanel({
  customerId,
  membership,
}: {
  customerId: number;
  membership: CustomerMembership | null;
}) {
  const shop = useCurrentShop();
  useT();
  const usage = useBenefitUsage(customerId, membership);
  const openBenefit = useOpenBenefit();
  const shown = usage.benefits.slice(0, PANEL_PREVIEW_COUNT);
  const hasMore = usage.benefits.length > PANEL_PREVIEW_COUNT;

  return (
    <section aria-label={t("Redeem Benefit")}>
      <Card>
        <CardHeader
          title={t("Redeem Benefit")}
          headingLevel={2}
          description={
            usage.benefits.length > 0
              ? membership
                ? t("Each benefit of {name} can be redeemed once a month.", {
                    name: membership.name,
                  })
                : t("Each benefit of your membership can be redeemed once a month.")
              : undefined
          }
          action={
            hasMore ? (
              <Link
                to={redeemBenefitPath(shop.id)}
                aria-label={t("See All {count} benefits", { count: usage.benefits.length })}
                className="inline-flex items-center gap-1 rounded-sm font-semibold text-primary-ink text-sm hover:underline"
              >
                {t("See All")}
                <ChevronRight aria-hidden="true" className="size-4" />
              </Link>
            ) : null
          }
        />
        {shown.length === 0 ? (
          <EmptyState
            icon={<Gift aria-hidden="true" />}
            title={t(NO_BENEFITS_TEXT)}
            hint={
              membership
                ? t("Your membership has no benefits to redeem right now.")
                : t("Benefits come with a membership.")
            }
            className="py-6"
          />
        ) : (
          <BenefitList
            benefits={shown}
            usage={usage}
            onRedeem={openBenefit}
            className="grid gap-3 md:grid-cols-2"
            rowClassName="h-full"
          />
        )}
      </Card>
    </section>
  );
}
