import { CATALOGUE_MESSAGES, formatMoney, formatShortDate } from "@tessera/shared";
import { useIdParam } from "@/components/id-param";
import { OfferPrices } from "@/components/offer-card-frame";
import { OfferCountdown } from "@/components/offer-countdown";
import { QueryRecord, ResponsiveDialog, Skeleton } from "@/components/ui";
import { useCurrentShop } from "@/lib/shop-branding";
import { useGoBack } from "@/lib/use-go-back";
import { useOffer } from "../api";

/**
 * `…/offer-preview?id=` (spec §2): the offer with its redemption instructions, prices and end
 * date with time (the end of the end day in the shop's time zone).
 */
export function OfferPreviewModal({ fallbackPath }: { fallbackPath: string }) {
  const shop = useCurrentShop();
  const { id } = useIdParam();
  const offer = useOffer(id);
  const goBack = useGoBack(fallbackPath);
  return (
    <ResponsiveDialog open onOpenChange={(open) => !open && goBack()} title="Offer preview">
      <QueryRecord
        id={id}
        query={offer}
        notFound={CATALOGUE_MESSAGES.offerNotFound}
        loading={<Skeleton className="h-80 w-full rounded-card" />}
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
      </QueryRecord>
    </ResponsiveDialog>
  );
}
