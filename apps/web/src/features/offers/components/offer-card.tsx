import { formatMoney, type Offer } from "@tessera/shared";
import { type LucideIcon, Pencil, Trash2 } from "lucide-react";
import { OfferCardFrame, OfferPrices } from "@/components/offer-card-frame";
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
    <OfferCardFrame headingId={headingId} image={offer.offerImage} name={offer.offerName}>
      <p className="line-clamp-2 text-fg-muted text-sm">{offer.description}</p>
      <OfferPrices
        offerPrice={offer.offerPrice}
        originalPrice={offer.originalPrice}
        money={formatMoney}
        originalLabel="Original price"
      />
      <OfferCountdown endDate={offer.endDate} timeZone={timeZone} />
      <p className="text-fg-muted text-xs">
        {offer.soldCount} sold
        {offer.isLimited ? ` of ${offer.quantity}` : ""} · {formatMoney(offer.totalRevenue)} revenue
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
    </OfferCardFrame>
  );
}
