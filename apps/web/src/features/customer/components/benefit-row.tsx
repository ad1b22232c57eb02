import { type CustomerMembership, formatMoneyIn } from "@tessera/shared";
import { CheckCircle2, Gift } from "lucide-react";
import { Button, Skeleton } from "@/components/ui";
import { cn } from "@/lib/cn";
import { translateText } from "@/lib/i18n";
import { useT } from "@/lib/i18n/use-t";
import type { BenefitStatus, BenefitUsage } from "../benefit-usage";

type Benefit = CustomerMembership["Benefits"][number];

/**
 * One benefit of the membership: its name and worth, whether it can be redeemed this month,
 * and Redeem. A benefit already used this month says when it is available again, and its
 * Redeem is disabled (its name stays "Redeem …", the note describes it).
 */
export function BenefitRow({
  benefit,
  status,
  checking = false,
  onRedeem,
  className,
}: {
  benefit: Benefit;
  status: BenefitStatus;
  /** The month's redemptions are still loading: Redeem waits. */
  checking?: boolean;
  onRedeem: () => void;
  className?: string;
}) {
  const noteId = `benefit-${benefit.id}-note`;
  const { t, locale } = useT();
  return (
    <div
      className={cn(
        "flex flex-col gap-3 rounded-control border border-line bg-surface p-3 min-[480px]:flex-row min-[480px]:items-center sm:p-4",
        className,
      )}
    >
      <div className="flex min-w-0 flex-1 items-center gap-3 sm:gap-4">
        <span
          className={cn(
            "flex size-10 shrink-0 items-center justify-center rounded-full [&_svg]:size-5",
            status.redeemable ? "bg-primary-soft text-primary-ink" : "bg-muted text-fg-subtle",
          )}
        >
          {status.redeemable ? <Gift aria-hidden="true" /> : <CheckCircle2 aria-hidden="true" />}
        </span>
        <div className="min-w-0 flex-1">
          <p className="font-semibold text-fg leading-snug">{benefit.name}</p>
          <div id={noteId} className="mt-0.5 text-fg-muted text-sm">
            {checking ? (
              <Skeleton className="mt-1 h-4 w-32" />
            ) : status.redeemable ? (
              t("Worth {amount} · available this month", {
                amount: formatMoneyIn(locale, benefit.worth),
              })
            ) : (
              translateText(status.note)
            )}
          </div>
        </div>
      </div>
      <Button
        size="sm"
        variant={status.redeemable ? "primary" : "outline"}
        disabled={checking || !status.redeemable}
        aria-label={t("Redeem {name}", { name: benefit.name })}
        aria-describedby={noteId}
        onClick={onRedeem}
        className="shrink-0 max-[479px]:w-full"
      >
        {t("Redeem")}
      </Button>
    </div>
  );
}

/**
 * Benefits as rows with their status this month (the dashboard panel's first ones, the
 * redeem-benefit modal's full list); Redeem hands the benefit's id to `onRedeem`.
 */
export function BenefitList({
  benefits,
  usage,
  onRedeem,
  className,
  rowClassName,
}: {
  benefits: Benefit[];
  usage: Pick<BenefitUsage, "statusOf" | "isPending">;
  onRedeem: (benefitId: number) => void;
  className: string;
  rowClassName?: string;
}) {
  return (
    <ul className={className}>
      {benefits.map((benefit) => (
        <li key={benefit.id}>
          <BenefitRow
            benefit={benefit}
            status={usage.statusOf(benefit.id)}
            checking={usage.isPending}
            onRedeem={() => onRedeem(benefit.id)}
            className={rowClassName}
          />
        </li>
      ))}
    </ul>
  );
}
