import { Check } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

/**
 * A line of a tier's list of what it gives (cashback, a benefit): a green tick, the text, and
 * its worth on the right when given.
 */
export function CheckedItem({
  children,
  worth,
  className,
}: {
  children: ReactNode;
  worth?: ReactNode;
  /** Classes of the text beside the tick. */
  className?: string;
}) {
  return (
    <li className="flex items-start gap-2">
      <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success-ink" />
      <span className={cn("flex-1", className)}>{children}</span>
      {worth === undefined ? null : <span className="text-fg-muted">{worth}</span>}
    </li>
  );
}
