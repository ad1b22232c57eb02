import { formatMoney, type Offer } from "@tessera/shared";
import { type LucideIcon, Pencil, Trash2 } from "lucide-react";
import { OfferCountdown } from "@/components/offer-countdown";
import { Button } from "@/components/ui";

/** A button under the card, named after the offer for screen readers ("Update Spring sale"). */
function CardAction({
  icon: Icon,
  label,
  offer,
  onClick,
}: {
  icon: LucideIcon;
  label: string;
  offer: Offer;
  onClick: (offer: Offer) => void;
}) {
  return (
    <Button
      variant="outline"
      size="sm"
      className="flex-1"
      leftIcon={<Icon aria-hidden="true" className="size-4" />}
      aria-label={`${label} ${offer.offerName}`}
      onClick={() => onClick(offer)}
    >
      {label}
    </Button>
  );
}

/**
 * A merchant offer card (spec §2): image, name, description, prices, the countdown, sales, and
 * Update / Delete.
 */
export function OfferCard({
  offer,
  timeZone,
  onUpdate,
  onDelete,
}: {
  offer: Offer;
  timeZone: string;
  onUpdate?: (offer: Offer) => void;
  onDelete?: (offer: Offer) => void;
}) {
  const headingId = `offer-${offer.id}-name`;
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
        <p className="line-clamp-2 text-fg-muted text-sm">{offer.description}</p>
        <p className="flex items-baseline gap-2">
          <span className="font-bold text-primary-ink text-xl">
            {formatMoney(offer.offerPrice)}
          </span>
          {offer.originalPrice !== null ? (
            <span className="text-fg-subtle text-sm line-through">
              <span className="sr-only">Original price </span>
              {formatMoney(offer.originalPrice)}
            </span>
          ) : null}
        </p>
        <OfferCountdown endDate={offer.endDate} timeZone={timeZone} />
        <p className="text-fg-muted text-xs">
          {offer.soldCount} sold
          {offer.isLimited ? ` of ${offer.quantity}` : ""} · {formatMoney(offer.totalRevenue)}{" "}
          revenue
        </p>
        {onUpdate || onDelete ? (
          <div className="mt-auto flex gap-2 pt-3">
            {onUpdate ? (
              <CardAction icon={Pencil} label="Update" offer={offer} onClick={onUpdate} />
            ) : null}
            {onDelete ? (
              <CardAction icon={Trash2} label="Delete" offer={offer} onClick={onDelete} />
            ) : null}
          </div>
        ) : null}
      </div>
    </article>
  );
}
