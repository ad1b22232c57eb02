import { CATALOGUE_MESSAGES, formatMoney, formatShortDate, idSchema } from "@tessera/shared";
import { useSearchParams } from "react-router";
import { OfferPrices } from "@/components/offer-card-frame";
import { OfferCountdown } from "@/components/offer-countdown";
import { ErrorState, QueryErrorState, ResponsiveDialog, Skeleton } from "@/components/ui";
import { useCurrentShop } from "@/lib/shop-branding";
import { useGoBack } from "@/lib/use-go-back";
import { useOffer } from "../api";

/**
 * `…/offer-preview?id=` (spec §2): the offer with its redemption instructions, prices and end
 * date with time (the end of the end day in the shop's time zone).
 */
export function OfferPreviewModal({ fallbackPath }: { fallbackPath: string }) {
  const shop = useCurrentShop();
  const [params] = useSearchParams();
  const parsed = idSchema.safeParse(params.get("id") ?? "");
  const id = parsed.success ? parsed.data : null;
  const offer = useOffer(id);
  const goBack = useGoBack(fallbackPath);
  return (
    <ResponsiveDialog open onOpenChange={(open) => !open && goBack()} title="Offer preview">
      {id === null ? (
        <ErrorState message={CATALOGUE_MESSAGES.offerNotFound} />
      ) : offer.isPending ? (
        <Skeleton className="h-80 w-full rounded-card" />
      ) : offer.isError ? (
        <QueryErrorState query={offer} />
      ) : (
        <div className="flex flex-col gap-3">
          <img
            src={offer.data.offerImage}
            alt=""
            className="aspect-[33/21] w-full rounded-card bg-muted object-cover"
          />
          <h3 className="font-semibold text-fg text-xl">{offer.data.offerName}</h3>
          <p className="text-fg-muted text-sm">{offer.data.description}</p>
          {offer.data.redemptionInstructions ? (
            <div className="rounded-control bg-muted px-3 py-2 text-sm">
              <p className="font-semibold text-fg">Redemption instructions</p>
              <p className="text-fg-muted">{offer.data.redemptionInstructions}</p>
            </div>
          ) : null}
          <OfferPrices
            offerPrice={offer.data.offerPrice}
            originalPrice={offer.data.originalPrice}
            money={formatMoney}
            originalLabel="Original price"
            large
          />
          <p className="text-fg-muted text-sm">
            Ends {formatShortDate(offer.data.endDate)}, 11:59 PM ({shop.timeZone})
          </p>
          <OfferCountdown endDate={offer.data.endDate} timeZone={shop.timeZone} />
        </div>
      )}
    </ResponsiveDialog>
  );
}
