import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

/**
 * A membership tier's card, the same for the merchant and for visitors: named by its heading
 * (`headingId`); `className` sets the border (and any height), the caller puts in the rest.
 */
export function TierCardFrame({
  headingId,
  className,
  children,
}: {
  headingId: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <article
      aria-labelledby={headingId}
      className={cn(
        "flex flex-col rounded-card border bg-surface p-5 text-fg shadow-card",
        className,
      )}
    >
      {children}
    </article>
  );
}
