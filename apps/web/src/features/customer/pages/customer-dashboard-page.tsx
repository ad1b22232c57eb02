import type { CustomerDashboard } from "@tessera/shared";
import { useRef, useState } from "react";
import { Outlet, useLocation, useNavigationType } from "react-router";
import {
  Card,
  QueryErrorState,
  Skeleton,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from "@/components/ui";
import { MemberCardPanel } from "@/features/member-card";
import { useCustomerDashboard } from "@/features/payments";
import { VerifyEmailNotice } from "@/features/session";
import type { MessageKey } from "@/lib/i18n";
import { useT } from "@/lib/i18n/use-t";
import { useCurrentShop } from "@/lib/shop-branding";
import { getSignedInCustomerId } from "@/lib/token-storage";
import { useDocumentTitle } from "@/lib/use-document-title";
import { BenefitRefusalsProvider } from "../benefit-usage";
import { BillingTab } from "../components/billing-tab";
import { CashbackCard } from "../components/cashback-card";
import { MembershipSummaryCard } from "../components/membership-summary-card";
import { MembershipsTab } from "../components/memberships-tab";
import { OffersTab } from "../components/offers-tab";
import { OverdueRenewalBanner } from "../components/overdue-renewal-banner";
import { RedeemBenefitPanel } from "../components/redeem-benefit-panel";
import { RedemptionsTab } from "../components/redemptions-tab";
import { SignedOutNotice } from "../components/signed-out-notice";
import { type DashboardTab, tabFromState } from "../dashboard";

const TAB_LABELS = [
  ["memberships", "Memberships"],
  ["offers", "Offers"],
  ["redemptions", "Redemptions"],
  ["billing", "Billing"],
] as const satisfies readonly (readonly [DashboardTab, MessageKey])[];

/** On phones the four tabs share the width, so none hides past the edge. */
const PHONE_TAB_CLASS = "max-sm:flex-1 max-sm:px-1 max-sm:text-[13px]";

function DashboardSkeleton() {
  const { t } = useT();
  return (
    <div aria-busy="true" className="flex flex-col gap-6">
      <span className="sr-only">{t("Loading your dashboard")}</span>
      <div className="grid gap-4 lg:grid-cols-3">
        <Skeleton className="h-60 rounded-card lg:col-span-2" />
        <Skeleton className="h-60 rounded-card" />
      </div>
      <Skeleton className="h-40 rounded-card" />
      <Skeleton className="h-10 w-full max-w-md" />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Skeleton className="h-80 rounded-card" />
        <Skeleton className="h-80 rounded-card max-sm:hidden" />
        <Skeleton className="h-80 rounded-card max-lg:hidden" />
      </div>
    </div>
  );
}

function DashboardContent({
  customerId,
  dashboard,
  refetch,
  refetching,
}: {
  customerId: number;
  dashboard: CustomerDashboard;
  refetch: () => void;
  refetching: boolean;
}) {
  const shop = useCurrentShop();
  const { t } = useT();
  const location = useLocation();
  const navigationType = useNavigationType();
  const tabs = useRef<HTMLDivElement>(null);
  const [tab, setTab] = useState<DashboardTab>(() => tabFromState(location.state) ?? "memberships");
  // A navigation to the dashboard may name a tab (spec §2); the page itself stays mounted.
  const [seenKey, setSeenKey] = useState(location.key);
  if (seenKey !== location.key) {
    setSeenKey(location.key);
    // Back and forward (closing a modal with "back") return to the page as it was left.
    const requested = navigationType === "POP" ? null : tabFromState(location.state);
    if (requested) setTab(requested);
  }

  return (
    <>
      {dashboard.customer.emailVerified ? null : (
        <VerifyEmailNotice
          email={dashboard.customer.email}
          shopId={shop.id}
          onCheckAgain={refetch}
          checking={refetching}
        />
      )}
      <OverdueRenewalBanner
        membership={dashboard.membership}
        nextRenewal={dashboard.nextRenewalMembership}
      />
      <div className="grid gap-4 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <MembershipSummaryCard
            customerId={customerId}
            membership={dashboard.membership}
            nextRenewal={dashboard.nextRenewalMembership}
            onBrowseTiers={() => {
              setTab("memberships");
              tabs.current?.scrollIntoView({ behavior: "smooth", block: "start" });
            }}
          />
        </div>
        <CashbackCard balance={dashboard.rewardBalance} />
      </div>
      <MemberCardPanel shopId={shop.id} />
      <RedeemBenefitPanel customerId={customerId} membership={dashboard.membership} />
      <div ref={tabs} className="scroll-mt-20">
        <Tabs value={tab} onValueChange={(value) => setTab(value as DashboardTab)}>
          <TabsList aria-label={t("Dashboard")} className="max-sm:gap-0">
            {TAB_LABELS.map(([value, label]) => (
              <TabsTrigger key={value} value={value} className={PHONE_TAB_CLASS}>
                {t(label)}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="memberships">
            <MembershipsTab customerId={customerId} dashboard={dashboard} />
          </TabsContent>
          <TabsContent value="offers">
            <OffersTab customerId={customerId} activeOffers={dashboard.activeOffers} />
          </TabsContent>
          <TabsContent value="redemptions">
            <RedemptionsTab customerId={customerId} />
          </TabsContent>
          <TabsContent value="billing">
            <BillingTab customerId={customerId} />
          </TabsContent>
        </Tabs>
      </div>
    </>
  );
}

/**
 * `/{shopId}/customer/dashboard`: the signed-in customer's membership and cashback, the Redeem
 * Benefit panel, and the Memberships, Offers, Redemptions and Billing tabs (spec §2). The
 * offer-purchase, redeem-benefit and redeem-cashback modals open over it as child routes.
 */
export function CustomerDashboardPage() {
  const shop = useCurrentShop();
  const { t } = useT();
  useDocumentTitle(t("Dashboard · {shopName}", { shopName: shop.name }));
  const customerId = getSignedInCustomerId(shop.id);
  const dashboard = useCustomerDashboard(shop.id, customerId);

  return (
    <BenefitRefusalsProvider>
      <div className="flex flex-col gap-6">
        <div>
          <h1 className="font-bold text-2xl text-fg sm:text-3xl">{t("Dashboard")}</h1>
          <p className="mt-1 text-fg-muted">
            {t("Your membership, offers and cashback at {shopName}", { shopName: shop.name })}
          </p>
        </div>
        {customerId === null ? (
          <SignedOutNotice />
        ) : dashboard.isPending ? (
          <DashboardSkeleton />
        ) : dashboard.isError ? (
          <Card>
            <QueryErrorState query={dashboard} title={t("We could not load your dashboard")} />
          </Card>
        ) : (
          <DashboardContent
            customerId={customerId}
            dashboard={dashboard.data}
            refetch={() => void dashboard.refetch()}
            refetching={dashboard.isFetching}
          />
        )}
        <Outlet />
      </div>
    </BenefitRefusalsProvider>
  );
}
