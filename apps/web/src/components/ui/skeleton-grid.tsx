import { cn } from "@/lib/cn";
import { Skeleton } from "./skeleton";

/** Placeholder cards while a grid of cards loads, announced to screen readers by `label`. */
export function SkeletonGrid({
  label,
  className,
  itemClassName,
  count = 3,
}: {
  label: string;
  /** The grid's own layout classes, so the placeholders sit where the cards will. */
  className: string;
  itemClassName: string;
  count?: number;
}) {
  return (
    <div aria-busy="true" className={cn("grid gap-4", className)}>
      <span className="sr-only">{label}</span>
      {Array.from({ length: count }, (_, key) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={key} className={cn("rounded-card", itemClassName)} />
      ))}
    </div>
  );
}
