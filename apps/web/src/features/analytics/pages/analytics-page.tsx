import {
  DASHBOARD_PERIOD_OPTIONS,
  type DashboardPeriod,
  DEFAULT_PERIOD,
  formatMoney,
  optionLabel,
  todayInTimeZone,
} from "@tessera/shared";
import { type ComponentProps, type ReactNode, useState } from "react";
import { Card, QueryErrorState, Select, Skeleton } from "@/components/ui";
import { PeriodFigures, PeriodPageHeader } from "@/features/dashboard/components/period-page";
import { cn } from "@/lib/cn";
import { useCurrentShop } from "@/lib/shop-branding";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useAnalytics } from "../api";
import { CohortCard } from "../components/cohort-card";
import { SubscriptionCards } from "../components/subscription-cards";
import { BenefitCard, LifetimeValueCard, OfferCard } from "../components/value-cards";
import { formatRate } from "../format";

export const ANALYTICS_PATH = "/merchant/analytics";

function Figure({
  label,
  value,
  hint,
  loading,
}: {
  label: string;
  value: string;
  hint?: string;
  loading: boolean;
}) {
  return (
    <div className="rounded-card border border-line bg-surface px-4 py-3">
      <dt className="text-fg-muted text-sm">{label}</dt>
      <dd className="mt-1 font-semibold text-2xl text-fg tabular-nums">
        {loading ? <Skeleton className="h-8 w-24" /> : value}
      </dd>
      {hint && !loading ? <dd className="mt-0.5 text-fg-subtle text-xs">{hint}</dd> : null}
    </div>
  );
}

function Loading({ height = "h-72" }: { height?: string }) {
  return (
    <Card>
      <Skeleton className="mb-4 h-6 w-48" />
      <Skeleton className={cn("w-full", height)} />
    </Card>
  );
}

/** A figure with its own query: the error and Retry, a skeleton while it loads, then the card. */
function QueryFigure<Data>({
  query,
  errorTitle,
  height = "h-40",
  children,
}: {
  query: { data: Data | undefined; isError: boolean } & ComponentProps<
    typeof QueryErrorState
  >["query"];
  errorTitle: string;
  height?: string;
  children: (data: Data) => ReactNode;
}) {
  if (query.isError) return <QueryErrorState query={query} title={errorTitle} />;
  return query.data ? children(query.data) : <Loading height={height} />;
}

/**
 * `/merchant/analytics`: the subscription business at a glance for the dashboard's periods and a
 * tier: MRR and its movements, members and churn, retention cohorts, lifetime value, benefit use
 * and offers. Read-only, so the shop's staff see it as the owner does (like Dashboard and
 * Reports). Definitions: docs/analytics.md.
 */
export function AnalyticsPage() {
  useDocumentTitle("Analytics");
  const shop = useCurrentShop();
  const [period, setPeriod] = useState<DashboardPeriod>(DEFAULT_PERIOD);
  const [tierId, setTierId] = useState<number | null>(null);
  const subscriptions = useAnalytics("subscriptions", period, tierId);
  const cohorts = useAnalytics("cohorts", period, tierId);
  // Every tier's row, whatever the filter: the filter's options come from it.
  const lifetime = useAnalytics("lifetime-value", period, null);
  const benefits = useAnalytics("benefits", period, tierId);
  const offers = useAnalytics("offers", period, null);
  const tiers = (lifetime.data?.tiers ?? []).filter((t) => t.tierId !== null);
  const tierOptions = [
    { value: "", label: "All tiers" },
    ...tiers.map((t) => ({ value: String(t.tierId), label: t.tierName })),
  ];
  const today = todayInTimeZone(shop.timeZone, new Date());
  const fileName = (name: string) =>
    `analytics_${name}_${optionLabel(DASHBOARD_PERIOD_OPTIONS, period)}_${today}.csv`;
  const s = subscriptions.data;
  const loading = subscriptions.isPending;

  return (
    <div className="flex flex-col gap-6">
      <PeriodPageHeader
        title="Analytics"
        description={`How ${shop.name}'s memberships grow, last and pay.`}
        period={period}
        onPeriodChange={setPeriod}
        selectClassName="min-w-0 flex-1 sm:w-44 sm:flex-none"
      >
        <Select
          label="Tier"
          options={tierOptions}
          value={tierId === null ? "" : String(tierId)}
          onChange={(event) => setTierId(event.target.value ? Number(event.target.value) : null)}
          containerClassName="min-w-0 flex-1 sm:w-44 sm:flex-none"
        />
      </PeriodPageHeader>

      <PeriodFigures
        query={subscriptions}
        errorTitle="Could not load the subscription figures"
        className="flex flex-col gap-6 transition-opacity"
      >
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-6">
          <Figure
            label="MRR"
            value={formatMoney(s?.mrr ?? 0)}
            hint={s ? `${formatMoney(s.mrrAtStart)} at the start` : undefined}
            loading={loading}
          />
          <Figure label="ARR" value={formatMoney(s?.arr ?? 0)} hint="MRR × 12" loading={loading} />
          <Figure
            label="Active members"
            value={String(s?.activeMembers ?? 0)}
            hint={s ? `${s.activeMembersAtStart} at the start` : undefined}
            loading={loading}
          />
          <Figure
            label="Churn rate"
            value={formatRate(s?.churn.logoChurnRate ?? null)}
            hint={
              s ? `${s.churn.membersLost} of ${s.activeMembersAtStart} members lost` : undefined
            }
            loading={loading}
          />
          <Figure
            label="Revenue churn"
            value={formatRate(s?.churn.revenueChurnRate ?? null)}
            hint={s ? `${formatMoney(s.churn.mrrLost)} of MRR lost` : undefined}
            loading={loading}
          />
          <Figure
            label="Recovered payments"
            value={s ? `${s.recoveries.recovered} of ${s.recoveries.failedRenewals}` : "0"}
            hint={
              s
                ? `${formatMoney(s.recoveries.recoveredRevenue)} recovered (${formatRate(s.recoveries.recoveryRate)})`
                : undefined
            }
            loading={loading}
          />
        </dl>
        {s ? <SubscriptionCards data={s} fileName={fileName} /> : <Loading />}
      </PeriodFigures>

      <QueryFigure query={cohorts} errorTitle="Could not load the cohorts" height="h-48">
        {(data) => <CohortCard data={data} fileName={fileName("cohorts")} />}
      </QueryFigure>

      <div className="grid gap-6">
        <QueryFigure query={lifetime} errorTitle="Could not load the lifetime value">
          {(data) => (
            <LifetimeValueCard data={data} tierId={tierId} fileName={fileName("lifetime-value")} />
          )}
        </QueryFigure>
        <QueryFigure query={benefits} errorTitle="Could not load the benefit use">
          {(data) => <BenefitCard data={data} fileName={fileName("benefit-use")} />}
        </QueryFigure>
      </div>

      <QueryFigure query={offers} errorTitle="Could not load the offers">
        {(data) => <OfferCard data={data} fileName={fileName("offers")} />}
      </QueryFigure>
    </div>
  );
}
