import {
  type CustomerOffer,
  formatMoneyIn,
  formatShortDateIn,
  type Locale,
  REDEMPTION_MESSAGES,
} from "@tessera/shared";
import { CalendarClock, ChevronDown, ChevronUp, ShoppingBag, Tag } from "lucide-react";
import { useId, useState } from "react";
import { useNavigate } from "react-router";
import { PublicOfferCard } from "@/components/public-offer-card";
import { QueryCardGrid } from "@/components/query-card-grid";
import { Badge, Button, ConfirmDialog, EmptyState } from "@/components/ui";
import { t } from "@/lib/i18n";
import { useT } from "@/lib/i18n/use-t";
import { notifyError, notifySuccess } from "@/lib/notify";
import { useCurrentShop } from "@/lib/shop-branding";
import { useRedeemOffer, useShopOffers } from "../api";
import { canRedeemOffer, offerPurchasePath, PANEL_PREVIEW_COUNT } from "../dashboard";

export const NO_PURCHASED_OFFER_TEXT = "No Offer available";
export const NO_OFFERS_TEXT = "No offers available.";

function validityText(offer: CustomerOffer, locale: Locale, timeZone: string): string {
  if (offer.redeemedAt) {
    return t("Redeemed on {date}", { date: formatShortDateIn(locale, offer.redeemedAt, timeZone) });
  }
  if (offer.expiresAt) {
    return t("Valid until {date}", { date: formatShortDateIn(locale, offer.expiresAt, timeZone) });
  }
  return t("No expiry");
}

function PurchasedOfferCard({
  offer,
  timeZone,
  onRedeem,
}: {
  offer: CustomerOffer;
  timeZone: string;
  onRedeem: () => void;
}) {
  const headingId = `customer-offer-${offer.customerOfferId}`;
  const redeemable = canRedeemOffer(offer);
  const { locale } = useT();
  return (
    <article
      aria-labelledby={headingId}
      className="flex h-full gap-4 rounded-card border border-line bg-surface p-3 text-fg shadow-card"
    >
      <img
        src={offer.offerImage}
        alt=""
        loading="lazy"
        className="aspect-[33/21] w-24 shrink-0 self-start rounded-control bg-muted object-cover sm:w-36"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex items-start justify-between gap-2">
          <h3 id={headingId} className="min-w-0 font-semibold text-base text-fg leading-snug">
            {offer.offerName}
          </h3>
          {offer.redeemedAt ? (
            <Badge>{t("Redeemed")}</Badge>
          ) : (
            <Badge tone="success">{t("Ready")}</Badge>
          )}
        </div>
        <p className="font-semibold text-primary-ink">{formatMoneyIn(locale, offer.offerPrice)}</p>
        <p className="inline-flex items-center gap-1.5 text-fg-muted text-sm">
          <CalendarClock aria-hidden="true" className="size-4 shrink-0" />
          {validityText(offer, locale, timeZone)}
        </p>
        <div className="mt-auto flex flex-wrap items-end justify-between gap-2 pt-1">
          <p className="text-fg-subtle text-xs">
            {t("Bought {date}", { date: formatShortDateIn(locale, offer.purchasedAt, timeZone) })}
          </p>
          {redeemable ? (
            <Button
              size="sm"
              aria-label={t("Redeem {name}", { name: offer.offerName })}
              onClick={onRedeem}
            >
              {t("Redeem")}
            </Button>
          ) : null}
        </div>
      </div>
    </article>
  );
}

function ShopOffers() {
  const shop = useCurrentShop();
  const navigate = useNavigate();
  return (
    <QueryCardGrid
      query={useShopOffers(shop.id)}
      loadingLabel={t("Loading offers")}
      className="sm:grid-cols-2 lg:grid-cols-3"
      placeholderClassName="h-96"
      empty={<EmptyState icon={<Tag aria-hidden="true" />} title={t(NO_OFFERS_TEXT)} />}
    >
      {(offer) => (
        <PublicOfferCard
          offer={offer}
          footer={
            <Button
              fullWidth
              aria-label={t("Buy {name}", { name: offer.offerName })}
              onClick={() =>
                navigate(`${offerPurchasePath(shop.id)}?offerId=${offer.id}`, {
                  state: { offerId: offer.id },
                })
              }
            >
              {t("Buy Now")}
            </Button>
          }
        />
      )}
    </QueryCardGrid>
  );
}

/**
 * The Offers tab: what the customer has bought (image, name, price, how long it is valid) with
 * Redeem after a confirmation, two at first and See All when there are more (spec §2), then
 * the offers on sale with Buy, which opens the offer purchase over the dashboard.
 */
export function OffersTab({
  customerId,
  activeOffers,
}: {
  customerId: number;
  activeOffers: CustomerOffer[];
}) {
  const shop = useCurrentShop();
  const redeem = useRedeemOffer(shop.id);
  const listId = useId();
  const [showAll, setShowAll] = useState(false);
  // Kept while the dialog closes, so its text does not change mid-animation.
  const [redeeming, setRedeeming] = useState<{ offer: CustomerOffer; open: boolean } | null>(null);
  const shown = showAll ? activeOffers : activeOffers.slice(0, PANEL_PREVIEW_COUNT);
  const hasMore = activeOffers.length > PANEL_PREVIEW_COUNT;

  function confirmRedeem() {
    if (!redeeming) return;
    const { offer } = redeeming;
    redeem.mutate(
      { customerId, customerOfferId: offer.customerOfferId },
      {
        onSuccess: (result) => {
          notifySuccess(result.message || REDEMPTION_MESSAGES.offerRedeemed);
          setRedeeming({ offer, open: false });
        },
        onError: (error) => {
          notifyError(error);
          setRedeeming({ offer, open: false });
        },
      },
    );
  }

  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="customer-offers-mine" className="flex flex-col gap-3">
        <div className="flex items-center justify-between gap-3">
          <h2 id="customer-offers-mine" className="font-semibold text-fg text-xl">
            {t("Your offers")}
          </h2>
          {hasMore ? (
            <Button
              variant="ghost"
              size="sm"
              aria-expanded={showAll}
              aria-controls={listId}
              rightIcon={
                showAll ? (
                  <ChevronUp aria-hidden="true" className="size-4" />
                ) : (
                  <ChevronDown aria-hidden="true" className="size-4" />
                )
              }
              onClick={() => setShowAll((value) => !value)}
            >
              {showAll ? t("Show less") : t("See All ({count})", { count: activeOffers.length })}
            </Button>
          ) : null}
        </div>
        {activeOffers.length === 0 ? (
          <div className="rounded-card border border-line border-dashed bg-surface">
            <EmptyState
              icon={<ShoppingBag aria-hidden="true" />}
              title={t(NO_PURCHASED_OFFER_TEXT)}
              hint={t("Offers you buy show here until you redeem them.")}
            />
          </div>
        ) : (
          <ul id={listId} className="grid gap-4 md:grid-cols-2">
            {shown.map((offer) => (
              <li key={offer.customerOfferId}>
                <PurchasedOfferCard
                  offer={offer}
                  timeZone={shop.timeZone}
                  onRedeem={() => setRedeeming({ offer, open: true })}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="customer-offers-shop" className="flex flex-col gap-3">
        <h2 id="customer-offers-shop" className="font-semibold text-fg text-xl">
          {t("Available offers")}
        </h2>
        <ShopOffers />
      </section>

      {redeeming ? (
        <ConfirmDialog
          open={redeeming.open}
          onOpenChange={(open) => setRedeeming({ ...redeeming, open })}
          title={t("Redeem {name}?", { name: redeeming.offer.offerName })}
          description={t(
            "Redeem it when you are at the counter and show this screen. An offer can be redeemed only once.",
          )}
          confirmLabel={t("Redeem")}
          cancelLabel={t("Not now")}
          destructive={false}
          pending={redeem.isPending}
          onConfirm={confirmRedeem}
        />
      ) : null}
    </div>
  );
}
