import { formatMoneyIn, formatShortDateIn, type PublicOffer } from "@tessera/shared";
import { CalendarClock } from "lucide-react";
import type { ReactNode } from "react";
import { OfferCardFrame, OfferPrices } from "@/components/offer-card-frame";
import { useT } from "@/lib/i18n/use-t";

/**
 * An offer as visitors see it (spec §2): image, name, description, redemption instructions,
 * offer and original price, and the end date ("5 Sep, 2024").
 */
export function PublicOfferCard({ offer, footer }: { offer: PublicOffer; footer?: ReactNode }) {
  const headingId = `public-offer-${offer.id}`;
  const { t, locale } = useT();
  return (
    <OfferCardFrame headingId={headingId} image={offer.offerImage} name={offer.offerName}>
      <p className="text-fg-muted text-sm">{offer.description}</p>
      {offer.redemptionInstructions ? (
        <p className="rounded-control bg-muted px-3 py-2 text-fg-muted text-xs">
          <span className="font-semibold text-fg">{t("How to redeem:")} </span>
          {offer.redemptionInstructions}
        </p>
      ) : null}
      <OfferPrices
        offerPrice={offer.offerPrice}
        originalPrice={offer.originalPrice}
        money={(dollars) => formatMoneyIn(locale, dollars)}
        originalLabel={t("Original price")}
      />
      <p className="inline-flex items-center gap-1.5 text-fg-muted text-sm">
        <CalendarClock aria-hidden="true" className="size-4" />
        {t("Ends {date}", { date: formatShortDateIn(locale, offer.endDate) })}
      </p>
      {footer ? <div className="mt-auto pt-2">{footer}</div> : null}
    </OfferCardFrame>
  );
}
