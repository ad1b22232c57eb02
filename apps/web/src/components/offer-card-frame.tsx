import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

/**
 * An offer card's frame (spec §2), the same for visitors and the merchant: the image on top,
 * the name as the card's heading, then what the caller puts under it.
 */
export function OfferCardFrame({
  headingId,
  image,
  name,
  children,
}: {
  headingId: string;
  image: string;
  name: string;
  children: ReactNode;
}) {
  return (
    <article
      aria-labelledby={headingId}
      className="flex h-full flex-col overflow-hidden rounded-card border border-line bg-surface text-fg shadow-card"
    >
      <img
        src={image}
        alt=""
        loading="lazy"
        className="aspect-[33/21] w-full bg-muted object-cover"
      />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 id={headingId} className="font-semibold text-fg text-lg leading-snug">
          {name}
        </h3>
        {children}
      </div>
    </article>
  );
}

/**
 * The offer price, and the original price struck through when there is one. The caller gives
 * the money format and the screen-reader label: in the chosen language on the visitor and
 * customer pages, in English on the merchant's.
 */
export function OfferPrices({
  offerPrice,
  originalPrice,
  money,
  originalLabel,
  large = false,
  className,
}: {
  offerPrice: number;
  originalPrice: number | null;
  money: (dollars: number) => string;
  originalLabel: string;
  /** The preview modal's bigger prices. */
  large?: boolean;
  className?: string;
}) {
  return (
    <p className={cn("flex items-baseline gap-2", className)}>
      <span className={cn("font-bold text-primary-ink", large ? "text-2xl" : "text-xl")}>
        {money(offerPrice)}
      </span>
      {originalPrice !== null ? (
        <span className={cn("text-fg-subtle line-through", !large && "text-sm")}>
          <span className="sr-only">{originalLabel} </span>
          {money(originalPrice)}
        </span>
      ) : null}
    </p>
  );
}
