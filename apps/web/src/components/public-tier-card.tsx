import { computeSavings, formatMoneyIn, type PublicTier } from "@tessera/shared";
import type { ReactNode } from "react";
import { CheckedItem } from "@/components/checked-item";
import { TierCardFrame } from "@/components/tier-card-frame";
import { cn } from "@/lib/cn";
import { useT } from "@/lib/i18n/use-t";

/**
 * A tier as visitors and customers see it: name, price per period, description, cashback,
 * benefits, and what a member saves per period (shared `computeSavings`). `badge` sits beside
 * the name (the customer's "Subscribed"); `highlighted` outlines the card in the brand colour.
 */
export function PublicTierCard({
  tier,
  footer,
  badge,
  highlighted = false,
}: {
  tier: PublicTier;
  footer?: ReactNode;
  badge?: ReactNode;
  highlighted?: boolean;
}) {
  const { t, locale } = useT();
  const money = (dollars: number) => formatMoneyIn(locale, dollars);
  const yearly = tier.renewal === "yearly";
  const savings = computeSavings(tier);
  const headingId = `public-tier-${tier.id}`;
  return (
    <TierCardFrame
      headingId={headingId}
      className={cn("h-full", highlighted ? "border-primary ring-1 ring-primary" : "border-line")}
    >
      <div className="flex items-start justify-between gap-3">
        <h3 id={headingId} className="min-w-0 font-semibold text-fg text-lg">
          {tier.name}
        </h3>
        {badge ? <div className="shrink-0">{badge}</div> : null}
      </div>
      <p className="mt-1">
        <span className="font-bold text-3xl text-fg">{money(tier.price)}</span>
        <span className="text-fg-muted text-sm"> {yearly ? t("/ year") : t("/ month")}</span>
      </p>
      <p className="text-fg-subtle text-xs">{yearly ? t("Yearly") : t("Monthly")}</p>
      <p className="mt-3 text-fg-muted text-sm">{tier.description}</p>
      <ul className="mt-4 flex flex-col gap-2 text-sm">
        <CheckedItem>{t("{amount} cashback", { amount: money(tier.cashbackReward) })}</CheckedItem>
        {tier.Benefits.map((benefit) => (
          <CheckedItem key={benefit.id} worth={money(benefit.worth)}>
            {benefit.name}
          </CheckedItem>
        ))}
      </ul>
      {savings > 0 ? (
        <p className="mt-4 rounded-control bg-success-soft px-3 py-2 font-medium text-sm text-success-ink">
          {yearly
            ? t("Save {amount} every year", { amount: money(savings) })
            : t("Save {amount} every month", { amount: money(savings) })}
        </p>
      ) : null}
      {footer ? <div className="mt-auto pt-4">{footer}</div> : null}
    </TierCardFrame>
  );
}
