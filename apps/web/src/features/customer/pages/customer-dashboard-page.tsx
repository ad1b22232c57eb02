import { type CustomerDashboard, formatMoney, PAYMENT_MESSAGES } from "@tessera/shared";
import { LogIn, Wallet } from "lucide-react";
import { useRef, useState } from "react";
import { Outlet, useLocation } from "react-router";
import {
  Alert,
  Button,
  Card,
  QueryErrorState,
  Skeleton,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from "@/components/ui";
import { useCustomerDashboard } from "@/features/payments";
import { useLogout, VerifyEmailNotice } from "@/features/session";
import { useCurrentShop } from "@/lib/shop-branding";
import { getSignedInCustomerId } from "@/lib/token-storage";
import { useDocumentTitle } from "@/lib/use-document-title";
import { MembershipSummaryCard } from "../components/membership-summary-card";
import { MembershipsTab } from "../components/memberships-tab";
import { OffersTab } from "../components/offers-tab";
import { type DashboardTab, tabFromState } from "../dashboard";

function CashbackCard({ balance }: { balance: number }) {
  return (
    <Card className="flex h-full flex-col gap-3">
      <div className="flex items-center gap-3">
        <span className="flex size-10 items-center justify-center rounded-full bg-primary-soft text-primary-ink">
          <Wallet aria-hidden="true" className="size-5" />
        </span>
        <h2 className="font-semibold text-fg">Cashback balance</h2>
      </div>
      <p className="font-bold text-4xl text-fg tabular-nums">{formatMoney(balance)}</p>
      <p className="mt-auto text-fg-muted text-sm">
        Earned with your membership. Put it towards any offer when you buy it.
      </p>
    </Card>
  );
}

function DashboardSkeleton() {
  return (
    <div aria-busy="true" className="flex flex-col gap-6">
      <span className="sr-only">Loading your dashboard</span>
      <div className="grid gap-4 lg:grid-cols-3">
        <Skeleton className="h-60 rounded-card lg:col-span-2" />
        <Skeleton className="h-60 rounded-card" />
      </div>
      <Skeleton className="h-10 w-64" />
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
  const location = useLocation();
  const tabs = useRef<HTMLDivElement>(null);
  const [tab, setTab] = useState<DashboardTab>(() => tabFromState(location.state) ?? "memberships");
  // A navigation to the dashboard may name a tab (spec §2); the page itself stays mounted.
  const [seenKey, setSeenKey] = useState(location.key);
  if (seenKey !== location.key) {
    setSeenKey(location.key);
    const requested = tabFromState(location.state);
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
      <div ref={tabs} className="scroll-mt-20">
        <Tabs value={tab} onValueChange={(value) => setTab(value as DashboardTab)}>
          <TabsList aria-label="Dashboard">
            <TabsTrigger value="memberships">Memberships</TabsTrigger>
            <TabsTrigger value="offers">Offers</TabsTrigger>
          </TabsList>
          <TabsContent value="memberships">
            <MembershipsTab customerId={customerId} dashboard={dashboard} />
          </TabsContent>
          <TabsContent value="offers">
            <OffersTab activeOffers={dashboard.activeOffers} />
          </TabsContent>
        </Tabs>
      </div>
    </>
  );
}

/**
 * `/{shopId}/customer/dashboard`: the signed-in customer's membership and cashback, and the
 * Memberships and Offers tabs (spec §2). The offer purchase opens over it as a child route.
 */
export function CustomerDashboardPage() {
  const shop = useCurrentShop();
  useDocumentTitle(`Dashboard · ${shop.name}`);
  const customerId = getSignedInCustomerId(shop.id);
  const dashboard = useCustomerDashboard(shop.id, customerId);
  const logout = useLogout(`/${shop.id}/login`);

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="font-bold text-2xl text-fg sm:text-3xl">Dashboard</h1>
        <p className="mt-1 text-fg-muted">Your membership, offers and cashback at {shop.name}</p>
      </div>
      {customerId === null ? (
        // A session without the stored customer (e.g. storage cleared by hand): start again.
        <Alert
          tone="warning"
          role="alert"
          title={PAYMENT_MESSAGES.loginToContinue}
          action={
            <Button
              size="sm"
              loading={logout.isPending}
              leftIcon={<LogIn aria-hidden="true" className="size-4" />}
              onClick={() => logout.mutate()}
            >
              Log in
            </Button>
          }
        >
          We could not tell which account this is.
        </Alert>
      ) : dashboard.isPending ? (
        <DashboardSkeleton />
      ) : dashboard.isError ? (
        <Card>
          <QueryErrorState query={dashboard} title="We could not load your dashboard" />
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
  );
}
