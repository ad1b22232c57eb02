import { CATALOGUE_MESSAGES, formatMoney, formatShortDate } from "@tessera/shared";
import { OfferPrices } from "@/components/offer-card-frame";
import { OfferCountdown } from "@/components/offer-countdown";
import { RoutePreviewModal } from "@/components/route-preview-modal";
import { useCurrentShop } from "@/lib/shop-branding";
import { useOffer } from "../api";

/**
 * `…/offer-preview?id=` (spec §2): the offer with its redemption instructions, prices and end
 * date with time (the end of the end day in the shop's time zone).
 */
export function OfferPreviewModal({ fallbackPath }: { fallbackPath: string }) {
  const shop = useCurrentShop();
  return (
    <RoutePreviewModal
      fallbackPath={fallbackPath}
      title="Offer preview"
      useRecord={useOffer}
      notFound={CATALOGUE_MESSAGES.offerNotFound}
      loadingClassName="h-80"
    >
      {(record) => (
        <div className="flex flex-col gap-3">
          <img
            src={record.offerImage}
            alt=""
            className="aspect-[33/21] w-full rounded-card bg-muted object-cover"
          />
          <h3 className="font-semibold text-fg text-xl">{record.offerName}</h3>
          <p className="text-fg-muted text-sm">{record.description}</p>
          {record.redemptionInstructions ? (
            <div className="rounded-control bg-muted px-3 py-2 text-sm">
              <p className="font-semibold text-fg">Redemption instructions</p>
              <p className="text-fg-muted">{record.redemptionInstructions}</p>
            </div>
          ) : null}
          <OfferPrices
            offerPrice={record.offerPrice}
            originalPrice={record.originalPrice}
            money={formatMoney}
            originalLabel="Original price"
            large
          />
          <p className="text-fg-muted text-sm">
            Ends {formatShortDate(record.endDate)}, 11:59 PM ({shop.timeZone})
          </p>
          <OfferCountdown endDate={record.endDate} timeZone={shop.timeZone} />
        </div>
      )}
    </RoutePreviewModal>
  );
}
