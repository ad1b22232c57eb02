import {
  type CustomerDashboard,
  formatMoneyIn,
  formatShortDateIn,
  type Locale,
  PAYMENT_MESSAGES,
  type PublicTier,
  RENEWAL_OPTIONS,
} from "@tessera/shared";
import { BadgeCheck } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { PublicTierCard } from "@/components/public-tier-card";
import { QueryCardGrid } from "@/components/query-card-grid";
import { Badge, Button, ConfirmDialog, EmptyState } from "@/components/ui";
import { CheckoutModal, useReportPaymentError, useScheduleMembership } from "@/features/payments";
import { t, translateText } from "@/lib/i18n";
import { useT } from "@/lib/i18n/use-t";
import { notifySuccess } from "@/lib/notify";
import { useCurrentShop } from "@/lib/shop-branding";
import { useShopTiers } from "../api";
import { dashboardPath, subscribedTierIds, tierPurchaseMode } from "../dashboard";

export const NO_MEMBERSHIP_TEXT = "No Membership available.";

const perPeriod = (renewal: PublicTier["renewal"]) => (renewal === "yearly" ? "/ year" : "/ month");
const renewalLabel = (renewal: PublicTier["renewal"]) =>
  translateText(RENEWAL_OPTIONS.find((option) => option.value === renewal)?.label ?? renewal);

function switchDescription(tier: PublicTier, from: string, locale: Locale, timeZone: string) {
  return t(
    "Your membership renews on {name} ({price} {period}) from {date}. Nothing is charged now.",
    {
      name: tier.name,
      price: formatMoneyIn(locale, tier.price),
      period: t(perPeriod(tier.renewal)),
      date: formatShortDateIn(locale, from, timeZone),
    },
  );
}

function SubscribedBadge() {
  useT();
  return (
    <Badge tone="success">
      <BadgeCheck aria-hidden="true" className="size-3.5" />
      {t("Subscribed")}
    </Badge>
  );
}

function TierCheckoutSummary({ tier }: { tier: PublicTier }) {
  const { locale } = useT();
  const money = (dollars: number) => formatMoneyIn(locale, dollars);
  return (
    <dl className="flex flex-col gap-2 rounded-control bg-muted p-4 text-sm">
      <div className="flex justify-between gap-4">
        <dt className="text-fg-muted">{t("Plan")}</dt>
        <dd className="font-medium text-fg">
          {renewalLabel(tier.renewal)}, {money(tier.price)} {t(perPeriod(tier.renewal))}
        </dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt className="text-fg-muted">{t("Cashback reward")}</dt>
        <dd className="font-medium text-fg">
          {t(tier.rewardFrequency === "yearly" ? "{amount} per year" : "{amount} per month", {
            amount: money(tier.cashbackReward),
          })}
        </dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt className="text-fg-muted">{t("Benefits")}</dt>
        <dd className="font-medium text-fg">{tier.Benefits.length}</dd>
      </div>
      <p className="mt-1 text-fg-muted text-xs">
        {t(
          tier.renewal === "yearly"
            ? "Your card is saved for renewals and charged every year until you cancel."
            : "Your card is saved for renewals and charged every month until you cancel.",
        )}
      </p>
    </dl>
  );
}

/**
 * The Memberships tab: the shop's published tiers. The current and the next-renewal tier show
 * Subscribed; another tier is bought by card, or, while a membership runs, becomes the next
 * renewal without a payment (spec §4 "Payment").
 */
export function MembershipsTab({
  customerId,
  dashboard,
}: {
  customerId: number;
  dashboard: CustomerDashboard;
}) {
  const shop = useCurrentShop();
  const { locale } = useT();
  const navigate = useNavigate();
  const tiers = useShopTiers(shop.id);
  const schedule = useScheduleMembership(shop.id);
  const reportError = useReportPaymentError(shop.id);
  // The tier stays set while a dialog closes, so its text does not change mid-animation.
  const [buying, setBuying] = useState<{ tier: PublicTier; open: boolean } | null>(null);
  const [switching, setSwitching] = useState<{ tier: PublicTier; open: boolean } | null>(null);
  const { membership, nextRenewalMembership } = dashboard;
  const subscribed = subscribedTierIds(membership, nextRenewalMembership);
  const mode = tierPurchaseMode(membership);

  function confirmSwitch() {
    if (!switching) return;
    const { tier } = switching;
    schedule.mutate(
      {
        customerId,
        transactionAmount: tier.price,
        membershipId: tier.id,
        plan: tier.renewal,
        shopId: shop.id,
        name: tier.name,
      },
      {
        onSuccess: (response) => {
          notifySuccess(response.message || PAYMENT_MESSAGES.renewalScheduled);
          setSwitching({ tier, open: false });
        },
        onError: (error) =>
          reportError(error, { fallback: PAYMENT_MESSAGES.purchaseFailed, toastId: "schedule" }),
      },
    );
  }

  return (
    <>
      <QueryCardGrid
        query={tiers}
        loadingLabel={t("Loading memberships")}
        className="sm:grid-cols-2 lg:grid-cols-3"
        placeholderClassName="h-80"
        empty={<EmptyState title={t(NO_MEMBERSHIP_TEXT)} />}
      >
        {(tier) => {
          const isSubscribed = subscribed.has(tier.id);
          const isNext =
            isSubscribed &&
            nextRenewalMembership?.membershipId === tier.id &&
            membership?.membershipId !== tier.id;
          return (
            <PublicTierCard
              tier={tier}
              highlighted={isSubscribed}
              badge={isSubscribed ? <SubscribedBadge /> : null}
              footer={
                isSubscribed ? (
                  isNext && membership ? (
                    <p className="text-fg-muted text-sm">
                      {t("From your next renewal on {date}", {
                        date: formatShortDateIn(locale, membership.expireDate, shop.timeZone),
                      })}
                    </p>
                  ) : null
                ) : mode === "schedule" ? (
                  <Button
                    variant="outline"
                    fullWidth
                    aria-label={t("Switch to {name}", { name: tier.name })}
                    onClick={() => setSwitching({ tier, open: true })}
                  >
                    {t("Switch plan")}
                  </Button>
                ) : (
                  <Button
                    fullWidth
                    aria-label={t("Buy {name}", { name: tier.name })}
                    onClick={() => setBuying({ tier, open: true })}
                  >
                    {t("Buy Now")}
                  </Button>
                )
              }
            />
          );
        }}
      </QueryCardGrid>

      {buying ? (
        <CheckoutModal
          open={buying.open}
          onOpenChange={(open) => setBuying({ ...buying, open })}
          title={t("{name} membership", { name: buying.tier.name })}
          description={t("The first period is paid now; cashback is credited once it is paid.")}
          showCancel
          amount={buying.tier.price}
          item={{ type: "membership", membershipId: buying.tier.id }}
          onDone={() => {
            setBuying({ ...buying, open: false });
            navigate(dashboardPath(shop.id), { replace: true, state: { tab: "memberships" } });
          }}
        >
          <TierCheckoutSummary tier={buying.tier} />
        </CheckoutModal>
      ) : null}

      {switching ? (
        <ConfirmDialog
          open={switching.open}
          onOpenChange={(open) => {
            if (!schedule.isPending) setSwitching({ ...switching, open });
          }}
          title={t("Switch to {name}?", { name: switching.tier.name })}
          description={
            membership
              ? switchDescription(switching.tier, membership.expireDate, locale, shop.timeZone)
              : undefined
          }
          confirmLabel={t("Switch plan")}
          cancelLabel={t("Keep current plan")}
          destructive={false}
          pending={schedule.isPending}
          onConfirm={confirmSwitch}
        />
      ) : null}
    </>
  );
}
