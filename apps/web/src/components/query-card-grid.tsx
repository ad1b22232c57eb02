import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { QueryErrorState, SkeletonGrid } from "@/components/ui";
import { cn } from "@/lib/cn";

/**
 * A query's items as a grid of cards: placeholder cards while it loads, its error with Retry,
 * `empty` when there are none, else one card per item. In a file of its own because the
 * storefront's first load draws these grids: beside the merchant's delete dialog it would bring
 * the modal's code into that load.
 */
export function QueryCardGrid<T extends { id: number }>({
  query,
  loadingLabel,
  className,
  placeholderClassName,
  itemClassName,
  empty,
  children,
}: {
  query: UseQueryResult<T[], unknown>;
  loadingLabel: string;
  /** The grid's column classes, shared by the placeholders. */
  className: string;
  /** A placeholder card's height. */
  placeholderClassName: string;
  itemClassName?: string;
  empty: ReactNode;
  children: (item: T) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <SkeletonGrid
        label={loadingLabel}
        className={className}
        itemClassName={placeholderClassName}
      />
    );
  }
  if (query.isError) return <QueryErrorState query={query} />;
  if (query.data.length === 0) return empty;
  return (
    <ul className={cn("grid gap-4", className)}>
      {query.data.map((item) => (
        <li key={item.id} className={itemClassName}>
          {children(item)}
        </li>
      ))}
    </ul>
  );
}
