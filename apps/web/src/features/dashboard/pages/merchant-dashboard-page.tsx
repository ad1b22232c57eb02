import type { OfferPerformance } from "@tessera/shared";
import {
  type DashboardPeriod,
  type DashboardStats,
  DEFAULT_PERIOD,
  formatMoney,
  formatShortDate,
} from "@tessera/shared";
import { ExternalLink, KeyRound, Plus, Store, UserRound } from "lucide-react";
import { useState } from "react";
import { Link, Outlet } from "react-router";
import {
  Badge,
  buttonClassName,
  Card,
  CardHeader,
  EmptyState,
  numberColumn,
  PhoneList,
  QueryErrorState,
  Skeleton,
  statusTone,
  Table,
  type TableColumn,
} from "@/components/ui";
import { MERCHANT_PROFILE_PATH, useCurrentUser } from "@/features/session";
import { useCurrentShop } from "@/lib/shop-branding";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useDashboardStats, useOffersPerformance } from "../api";
import { PeriodFigures, PeriodPageHeader } from "../components/period-page";
import { RevenueChart, RevenueChartSkeleton } from "../components/revenue-chart";
import { type StatFigure, StatOverview } from "../components/stat-tile";

export const DASHBOARD_PATH = "/merchant/dashboard";
export const DASHBOARD_NEW_OFFER_PATH = `${DASHBOARD_PATH}/new-offer`;

/** The "Your account" card's shortcuts into the profile. */
const ACCOUNT_LINKS = [
  { to: MERCHANT_PROFILE_PATH, Icon: UserRound, label: "Profile" },
  { to: `${MERCHANT_PROFILE_PATH}/update-password`, Icon: KeyRound, label: "Update Password" },
];

/** The stats that come with their change against the previous window (`…Percentage`). */
type ComparedStat = "totalRecurringRevenue" | "newMemberships" | "totalRevenue" | "soldOffers";

function compared(
  label: string,
  kind: StatFigure["kind"],
  stats: DashboardStats | undefined,
  key: ComparedStat,
): StatFigure {
  return {
    label,
    kind,
    value: stats?.[key],
    percentage: stats?.[`${key}Percentage` as const] ?? null,
  };
}

/**
 * `/merchant/dashboard` (spec §2 "Dashboard"): Memberships and Offers Overview for the chosen
 * period, revenue over time, the Offers Performance table (a list on phones), then the storefront
 * link.
 * `/merchant/dashboard/new-offer` opens the Create Offer form as a modal over it (the Outlet).
 */
export function MerchantDashboardPage() {
  useDocumentTitle("Dashboard");
  const shop = useCurrentShop();
  const user = useCurrentUser();
  const [period, setPeriod] = useState<DashboardPeriod>(DEFAULT_PERIOD);
  const stats = useDashboardStats(period);
  const offers = useOffersPerformance(period);
  const storefrontPath = `/${shop.id}`;
  const storefrontUrl = `${window.location.origin}${storefrontPath}`;
  const figures = stats.data?.stats;
  const statsLoading = stats.isPending;
  const membershipFigures: StatFigure[] = [
    compared("Memberships Revenue", "money", figures, "totalRecurringRevenue"),
    compared("New Subscriptions", "count", figures, "newMemberships"),
    { label: "Active Subscriptions", kind: "count", value: figures?.activeSubscriptions },
  ];
  const offerFigures: StatFigure[] = [
    compared("Offers Revenue", "money", figures, "totalRevenue"),
    compared("Offers Sold", "count", figures, "soldOffers"),
  ];

  const runsOf = (row: OfferPerformance) =>
    `${formatShortDate(row.startDate, shop.timeZone)} – ${formatShortDate(row.endDate, shop.timeZone)}`;
  const offerColumns: TableColumn<OfferPerformance>[] = [
    { key: "name", header: "Offer", cell: (row) => row.offerName, className: "min-w-40" },
    {
      key: "dates",
      header: "Runs",
      cell: runsOf,
      className: "whitespace-nowrap",
    },
    { key: "sold", header: "Sold", cell: (row) => row.soldOffers, align: "right" },
    numberColumn("revenue", "Revenue", (row) => formatMoney(row.revenue)),
    {
      key: "status",
      header: "Status",
      cell: (row) => <Badge tone={statusTone(row.status)}>{row.status}</Badge>,
    },
  ];

  const offersEmpty = <EmptyState title="No offers" hint="Offers you create show here." />;

  return (
    <div className="flex flex-col gap-6">
      <PeriodPageHeader
        title={
          user.isPending ? (
            <Skeleton className="h-8 w-64" />
          ) : user.data?.firstName ? (
            `Welcome back, ${user.data.firstName}`
          ) : (
            "Welcome back"
          )
        }
        description={`Here is where ${shop.name} stands.`}
        period={period}
        onPeriodChange={setPeriod}
        selectClassName="min-w-0 flex-1 sm:w-48 sm:flex-none"
      >
        <Link to={DASHBOARD_NEW_OFFER_PATH} className={buttonClassName({ className: "shrink-0" })}>
          <Plus aria-hidden="true" className="size-4" />
          New Offer
        </Link>
      </PeriodPageHeader>

      <PeriodFigures
        query={stats}
        errorTitle="Could not load the statistics"
        className="grid gap-6 transition-opacity lg:grid-cols-5"
      >
        <StatOverview
          title="Memberships Overview"
          figures={membershipFigures}
          loading={statsLoading}
          className="lg:col-span-3"
          gridClassName="sm:grid-cols-3"
        />
        <StatOverview
          title="Offers Overview"
          figures={offerFigures}
          loading={statsLoading}
          className="lg:col-span-2"
        />
        <Card className="lg:col-span-5">
          <CardHeader
            title="Revenue over time"
            description="Memberships and offers revenue for the chosen period."
            headingLevel={2}
          />
          {stats.data ? (
            <RevenueChart series={stats.data.series} bucket={stats.data.bucket} />
          ) : (
            <RevenueChartSkeleton />
          )}
        </Card>
      </PeriodFigures>

      <Card>
        <CardHeader title="Offers Performance" headingLevel={2} />
        {offers.isError ? (
          <QueryErrorState query={offers} title="Could not load the offers" />
        ) : (
          <>
            <Table
              caption="Offers Performance"
              hideCaption
              columns={offerColumns}
              rows={offers.data?.offers ?? []}
              getRowKey={(row) => row.id}
              loading={offers.isPending}
              empty={offersEmpty}
              className="max-sm:hidden"
            />
            <PhoneList
              label="Offers Performance"
              rows={offers.data?.offers ?? []}
              getRowKey={(row) => row.id}
              loading={offers.isPending}
              empty={offersEmpty}
              title={(row) => row.offerName}
              amount={(row) => formatMoney(row.revenue)}
              details={(row) => (
                <>
                  <span>{runsOf(row)}</span>
                  <span className="whitespace-nowrap">{row.soldOffers} sold</span>
                  <Badge tone={statusTone(row.status)}>{row.status}</Badge>
                </>
              )}
            />
          </>
        )}
      </Card>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader
            title="Your storefront"
            description="Share this link with customers so they can join and buy offers."
            headingLevel={2}
          />
          <div className="flex items-center gap-3 rounded-control bg-muted px-3 py-2.5">
            <Store aria-hidden="true" className="size-4 shrink-0 text-fg-subtle" />
            <span className="min-w-0 flex-1 truncate font-mono text-fg text-sm">
              {storefrontUrl}
            </span>
          </div>
          <Link
            to={storefrontPath}
            target="_blank"
            rel="noopener"
            className={buttonClassName({ variant: "secondary", className: "mt-4" })}
          >
            <ExternalLink aria-hidden="true" className="size-4" />
            Open storefront
            <span className="sr-only"> (opens in a new tab)</span>
          </Link>
        </Card>

        <Card>
          <CardHeader
            title="Your account"
            description="Your details and password."
            headingLevel={2}
          />
          <ul className="flex flex-col gap-2">
            {ACCOUNT_LINKS.map(({ to, Icon, label }) => (
              <li key={to}>
                <Link
                  to={to}
                  className="flex items-center gap-3 rounded-control px-3 py-2.5 text-fg no-underline hover:bg-muted"
                >
                  <Icon aria-hidden="true" className="size-4 text-fg-subtle" />
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </Card>
      </div>
      <Outlet />
    </div>
  );
}
