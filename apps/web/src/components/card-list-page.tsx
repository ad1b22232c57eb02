import type { UseQueryResult } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonClassName, QueryErrorState, SkeletonGrid } from "@/components/ui";
import { cn } from "@/lib/cn";

/** A merchant list page's heading, with its "Create …" link on the right. */
export function ListPageHeader({
  title,
  createTo,
  createLabel,
}: {
  title: string;
  createTo: string;
  createLabel: string;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h1 className="font-bold text-2xl text-fg sm:text-3xl">{title}</h1>
      <Link to={createTo} className={buttonClassName({ className: "no-underline" })}>
        <Plus aria-hidden="true" className="size-4" />
        {createLabel}
      </Link>
    </div>
  );
}

/**
 * A query's items as a grid of cards: placeholder cards while it loads, its error with Retry,
 * `empty` when there are none, else one card per item.
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
