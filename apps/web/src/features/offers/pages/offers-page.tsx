import { OFFER_TABS, type Offer, type OfferTab } from "@tessera/shared";
import { useNavigate, useSearchParams } from "react-router";
import { TabbedCardListPage } from "@/components/card-list-page";
import { QueryCardGrid } from "@/components/query-card-grid";
import { EmptyState } from "@/components/ui";
import { useCurrentShop } from "@/lib/shop-branding";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useDeleteOffer, useOffers } from "../api";
import { OfferCard } from "../components/offer-card";
import { OFFER_TAB_LABELS, OFFERS_PATH, parseOfferTab } from "../offer-tabs";

export const NEW_OFFER_PATH = `${OFFERS_PATH}/new-offer`;
export const UPDATE_OFFER_PATH = `${OFFERS_PATH}/update-offer`;

function OfferGrid({ tab, onDelete }: { tab: OfferTab; onDelete: (offer: Offer) => void }) {
  const shop = useCurrentShop();
  const navigate = useNavigate();
  const offers = useOffers(tab);
  return (
    <QueryCardGrid
      query={offers}
      loadingLabel="Loading offers"
      className="sm:grid-cols-2 lg:grid-cols-3"
      placeholderClassName="h-96"
      empty={
        <EmptyState
          title="No offers found"
          hint={`There are no ${OFFER_TAB_LABELS[tab].toLowerCase()} offers.`}
        />
      }
    >
      {(offer) => (
        <OfferCard
          offer={offer}
          timeZone={shop.timeZone}
          onUpdate={() => navigate(`${UPDATE_OFFER_PATH}?id=${offer.id}&tab=${tab}`)}
          onDelete={onDelete}
        />
      )}
    </QueryCardGrid>
  );
}

/**
 * `/merchant/offers?tab=` "Special Offers" (spec §2): Upcoming, Active (default) and Expired
 * tabs, Create Offer, a card grid (1/2/3 columns). Update opens a modal route over the list.
 */
export function OffersPage() {
  useDocumentTitle("Offers");
  const [params, setParams] = useSearchParams();
  const tab = parseOfferTab(params.get("tab"));
  const navigate = useNavigate();
  const remove = useDeleteOffer();

  return (
    <TabbedCardListPage
      title="Special Offers"
      createTo={NEW_OFFER_PATH}
      createLabel="Create Offer"
      tabs={OFFER_TABS}
      tabLabels={OFFER_TAB_LABELS}
      tabsLabel="Offer timing"
      tab={tab}
      onTabChange={(value) => setParams({ tab: value }, { replace: true })}
      grid={(value, onDelete) => <OfferGrid tab={value} onDelete={onDelete} />}
      remove={remove}
      deleteTitle="Delete offer?"
      describe={(offer: Offer) =>
        `“${offer.offerName}” will be deleted. Offers already bought stay redeemable.`
      }
      failureLog="Failed to delete offer"
      // Spec §4: offer delete goes to /merchant/offers.
      onDeleted={() => navigate(`${OFFERS_PATH}?tab=${tab}`, { replace: true })}
    />
  );
}
