import { formatMoneyIn, formatShortDateIn, type PublicOffer } from "@tessera/shared";
import { CalendarClock } from "lucide-react";
import type { ReactNode } from "react";
import { useT } from "@/lib/i18n/use-t";

/**
 * An offer as visitors see it (spec §2): image, name, description, redemption instructions,
 * offer and original price, and the end date ("5 Sep, 2024").
 */
export function PublicOfferCard({ offer, footer }: { offer: PublicOffer; footer?: ReactNode }) {
  const headingId = `public-offer-${offer.id}`;
  const { t, locale } = useT();
  return (
    <article
      aria-labelledby={headingId}
      className="flex h-full flex-col overflow-hidden rounded-card border border-line bg-surface text-fg shadow-card"
    >
      <img
        src={offer.offerImage}
        alt=""
        loading="lazy"
        className="aspect-[33/21] w-full bg-muted object-cover"
      />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 id={headingId} className="font-semibold text-fg text-lg leading-snug">
          {offer.offerName}
        </h3>
        <p className="text-fg-muted text-sm">{offer.description}</p>
        {offer.redemptionInstructions ? (
          <p className="rounded-control bg-muted px-3 py-2 text-fg-muted text-xs">
            <span className="font-semibold text-fg">{t("How to redeem:")} </span>
            {offer.redemptionInstructions}
          </p>
        ) : null}
        <p className="flex items-baseline gap-2">
          <span className="font-bold text-primary-ink text-xl">
            {formatMoneyIn(locale, offer.offerPrice)}
          </span>
          {offer.originalPrice !== null ? (
            <span className="text-fg-subtle text-sm line-through">
              <span className="sr-only">{t("Original price")} </span>
              {formatMoneyIn(locale, offer.originalPrice)}
            </span>
          ) : null}
        </p>
        <p className="inline-flex items-center gap-1.5 text-fg-muted text-sm">
          <CalendarClock aria-hidden="true" className="size-4" />
          {t("Ends {date}", { date: formatShortDateIn(locale, offer.endDate) })}
        </p>
        {footer ? <div className="mt-auto pt-2">{footer}</div> : null}
      </div>
    </article>
  );
}
