import {
  type CustomerMembership,
  formatMoneyIn,
  formatShortDateIn,
  type Locale,
  type NextRenewalMembership,
  PAYMENT_MESSAGES,
} from "@tessera/shared";
import { CalendarClock, CreditCard, Gift, RefreshCw, Sparkles } from "lucide-react";
import type { ReactNode } from "react";
import { useNavigate } from "react-router";
import { ConfirmButton } from "@/components/confirm-button";
import { Alert, Badge, Button, Card, EmptyState, statusTone } from "@/components/ui";
import { useCancelMembership } from "@/features/payments";
import { ApiError } from "@/lib/api-client";
import { type MessageKey, t } from "@/lib/i18n";
import { useT } from "@/lib/i18n/use-t";
import { notifyError, notifySuccess } from "@/lib/notify";
import { useCurrentShop } from "@/lib/shop-branding";
import { canCancelMembership, dashboardPath } from "../dashboard";

const STATUS_LABELS: Record<CustomerMembership["status"], MessageKey> = {
  active: "Active",
  cancelled: "Cancelled",
  pending: "Pending",
  expired: "Expired",
};

const PLAN_LABELS = { monthly: "Monthly", yearly: "Yearly" } as const;
const perPeriod = (plan: CustomerMembership["plan"]) => (plan === "yearly" ? "/ year" : "/ month");

/** The renewal date while it renews; when it stops, the last day it is usable. */
function dateFact(membership: CustomerMembership, locale: Locale, timeZone: string) {
  const date = formatShortDateIn(locale, membership.expireDate, timeZone);
  switch (membership.status) {
    case "active":
      return { label: t("Renews on"), value: date };
    case "cancelled":
      return { label: t("Expires on"), value: date };
    case "expired":
      return { label: t("Expired on"), value: date };
    default:
      // Pending: the renewal due at the end of the paid time is not paid yet.
      return { label: t("Renewal due since"), value: date };
  }
}

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  // The icon sits inside the <dt>: a <dl> group may hold only its terms and descriptions.
  return (
    <div className="relative min-w-0 ps-11">
      <dt className="text-fg-muted text-xs">
        <span className="absolute start-0 top-0.5 flex size-8 items-center justify-center rounded-full bg-primary-soft text-primary-ink [&_svg]:size-4">
          {icon}
        </span>
        {label}
      </dt>
      <dd className="font-medium text-fg text-sm">{children}</dd>
    </div>
  );
}

/** What happens at the next renewal: another tier, or none after a cancellation. */
function RenewalNotice({
  current,
  nextRenewal,
  expires,
}: {
  current: CustomerMembership;
  nextRenewal: NextRenewalMembership | null;
  expires: string;
}) {
  const { locale } = useT();
  if (nextRenewal && nextRenewal.membershipId !== current.membershipId) {
    return (
      <Alert
        tone="info"
        className="mt-5"
        title={t("Switching to {name}", { name: nextRenewal.name })}
      >
        {t(
          nextRenewal.plan === "yearly"
            ? "From your next renewal on {date}: {price} / year."
            : "From your next renewal on {date}: {price} / month.",
          { date: expires, price: formatMoneyIn(locale, nextRenewal.price) },
        )}
      </Alert>
    );
  }
  if (current.status !== "cancelled") return null;
  return (
    <Alert tone="warning" className="mt-5" title={t("Renewal cancelled")}>
      {t("Your benefits last until {date}. Choose a membership below to renew again.", {
        date: expires,
      })}
    </Alert>
  );
}

/**
 * The customer's membership (spec §2 "the active membership"): name, plan and price, status,
 * the renewal or end date, cashback per period and the saved card, with Cancel Membership
 * (enabled only while active, after a confirmation). Without one, a pointer to the tiers.
 */
export function MembershipSummaryCard({
  customerId,
  membership,
  nextRenewal,
  onBrowseTiers,
}: {
  customerId: number;
  membership: CustomerMembership | null;
  nextRenewal: NextRenewalMembership | null;
  onBrowseTiers: () => void;
}) {
  const shop = useCurrentShop();
  const navigate = useNavigate();
  const cancel = useCancelMembership(shop.id);
  const { locale } = useT();
  const money = (dollars: number) => formatMoneyIn(locale, dollars);

  if (!membership) {
    return (
      <Card padding="none">
        <EmptyState
          headingLevel={2}
          icon={<Sparkles aria-hidden="true" />}
          title={t("No membership yet")}
          hint={t("A membership brings monthly benefits and cashback on every renewal.")}
          action={<Button onClick={onBrowseTiers}>{t("See memberships")}</Button>}
        />
      </Card>
    );
  }

  const current = membership;
  const expires = formatShortDateIn(locale, current.expireDate, shop.timeZone);
  const date = dateFact(current, locale, shop.timeZone);

  function confirmCancel(close: () => void) {
    cancel.mutate(
      { membership: current, shopId: shop.id, customerId },
      {
        onSuccess: (response) => {
          notifySuccess(response.message || PAYMENT_MESSAGES.membershipCancelled);
          close();
          navigate(dashboardPath(shop.id), { replace: true, state: { tab: "memberships" } });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.sessionEnded) return;
          // The spec's wording, with the server's reason underneath when it gave one.
          notifyError({
            message: PAYMENT_MESSAGES.cancelFailed,
            title: error instanceof ApiError && error.status !== 0 ? error.message : undefined,
          });
        },
      },
    );
  }

  return (
    <section aria-labelledby="membership-summary-title">
      <Card>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="text-fg-muted text-sm">{t("Your membership")}</p>
            <h2 id="membership-summary-title" className="font-bold text-2xl text-fg">
              {current.name}
            </h2>
            <p className="mt-1 text-fg-muted text-sm">
              {t(PLAN_LABELS[current.plan])} ·{" "}
              <span className="font-semibold text-fg">{money(current.price)}</span>{" "}
              {t(perPeriod(current.plan))}
            </p>
          </div>
          <Badge tone={statusTone(current.status)} dot>
            {t(STATUS_LABELS[current.status])}
          </Badge>
        </div>

        <dl className="mt-5 grid gap-4 sm:grid-cols-3">
          <Fact icon={<CalendarClock aria-hidden="true" />} label={date.label}>
            {date.value}
          </Fact>
          <Fact icon={<Gift aria-hidden="true" />} label={t("Cashback reward")}>
            {t(current.plan === "yearly" ? "{amount} per year" : "{amount} per month", {
              amount: money(current.cashbackReward),
            })}
          </Fact>
          <Fact icon={<CreditCard aria-hidden="true" />} label={t("Paid with")}>
            {current.card ??
              (current.paymentType === "cash" ? t("Cash at the counter") : t("Card"))}
          </Fact>
        </dl>

        <RenewalNotice current={current} nextRenewal={nextRenewal} expires={expires} />

        <div className="mt-5 flex flex-wrap items-center justify-end gap-2 border-line border-t pt-4">
          {current.status === "active" ? (
            <p className="me-auto inline-flex items-center gap-1.5 text-fg-muted text-xs">
              <RefreshCw aria-hidden="true" className="size-3.5" />
              {t("Renews automatically until you cancel")}
            </p>
          ) : null}
          <ConfirmButton
            variant="outline"
            disabled={!canCancelMembership(current)}
            confirm={{
              title: t("Cancel membership?"),
              description: t(
                "{name} will not renew. Your benefits and cashback stay until {date}.",
                { name: current.name, date: expires },
              ),
              confirmLabel: t("Cancel Membership"),
              cancelLabel: t("Keep Membership"),
              pending: cancel.isPending,
              onConfirm: confirmCancel,
            }}
          >
            {t("Cancel Membership")}
          </ConfirmButton>
        </div>
      </Card>
    </section>
  );
}
