import type { PublicOffer, PublicTier } from "@tessera/shared";
import type { ReactNode } from "react";
import { PublicOfferCard } from "@/components/public-offer-card";
import { PublicTierCard } from "@/components/public-tier-card";
import { QueryCardGrid } from "@/components/query-card-grid";
import { EmptyState, Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui";
import type { MessageKey } from "@/lib/i18n";
import { useT } from "@/lib/i18n/use-t";
import { useCatalogue } from "../api";

export const NO_MEMBERSHIP_TEXT = "No Membership available.";
export const NO_OFFERS_TEXT = "No offers available.";

export type StorefrontTab = "all" | "memberships" | "offers";

const TAB_LABELS: Record<StorefrontTab, MessageKey> = {
  all: "All",
  memberships: "Memberships",
  offers: "Offers",
};

type CardExtras = {
  tierFooter?: (tier: PublicTier) => ReactNode;
  offerFooter?: (offer: PublicOffer) => ReactNode;
};

const GRID_COLUMNS = { 2: "sm:grid-cols-2", 3: "sm:grid-cols-2 lg:grid-cols-3" } as const;

function TierList({ shopId, tierFooter }: { shopId: number } & CardExtras) {
  const { t } = useT();
  return (
    <QueryCardGrid
      query={useCatalogue("memberships", shopId)}
      loadingLabel={t("Loading memberships")}
      className={GRID_COLUMNS[3]}
      placeholderClassName="h-80"
      empty={<EmptyState title={t(NO_MEMBERSHIP_TEXT)} />}
    >
      {(tier) => <PublicTierCard tier={tier} footer={tierFooter?.(tier)} />}
    </QueryCardGrid>
  );
}

function OfferList({
  shopId,
  offerFooter,
  columns = 3,
}: { shopId: number; columns?: 2 | 3 } & CardExtras) {
  const { t } = useT();
  return (
    <QueryCardGrid
      query={useCatalogue("offers", shopId)}
      loadingLabel={t("Loading offers")}
      className={GRID_COLUMNS[columns]}
      placeholderClassName="h-80"
      empty={<EmptyState title={t(NO_OFFERS_TEXT)} />}
    >
      {(offer) => <PublicOfferCard offer={offer} footer={offerFooter?.(offer)} />}
    </QueryCardGrid>
  );
}

/**
 * The storefront's tabs: Memberships (default) and Offers on `/{shopId}` and the merchant's
 * storefront page; the preview adds All, an Offers section in two columns then Memberships
 * (DOMAIN "Storefront tabs").
 */
export function StorefrontCatalogue({
  shopId,
  tabs = ["memberships", "offers"],
  defaultTab,
  ...extras
}: {
  shopId: number;
  tabs?: readonly StorefrontTab[];
  defaultTab?: StorefrontTab;
} & CardExtras) {
  const { t } = useT();
  return (
    <Tabs defaultValue={defaultTab ?? tabs[0]}>
      <TabsList aria-label={t("Storefront")}>
        {tabs.map((tab) => (
          <TabsTrigger key={tab} value={tab}>
            {t(TAB_LABELS[tab])}
          </TabsTrigger>
        ))}
      </TabsList>
      {tabs.includes("all") ? (
        <TabsContent value="all" className="flex flex-col gap-8">
          <section aria-labelledby="storefront-all-offers" className="flex flex-col gap-3">
            <h2 id="storefront-all-offers" className="font-semibold text-fg text-xl">
              {t("Offers")}
            </h2>
            <OfferList shopId={shopId} columns={2} {...extras} />
          </section>
          <section aria-labelledby="storefront-all-memberships" className="flex flex-col gap-3">
            <h2 id="storefront-all-memberships" className="font-semibold text-fg text-xl">
              {t("Memberships")}
            </h2>
            <TierList shopId={shopId} {...extras} />
          </section>
        </TabsContent>
      ) : null}
      {/* The cards' titles are h3: a heading for each panel keeps the outline in order for
          screen readers (the tab itself is not a heading). */}
      <TabsContent value="memberships">
        <h2 className="sr-only">{t("Membership plans")}</h2>
        <TierList shopId={shopId} {...extras} />
      </TabsContent>
      <TabsContent value="offers">
        <h2 className="sr-only">{t("Offers on sale")}</h2>
        <OfferList shopId={shopId} {...extras} />
      </TabsContent>
    </Tabs>
  );
}
