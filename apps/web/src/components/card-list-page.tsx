import type { UseMutationResult, UseQueryResult } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonClassName, ConfirmDialog, QueryErrorState, SkeletonGrid } from "@/components/ui";
import { cn } from "@/lib/cn";
import { notifySuccess } from "@/lib/notify";

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

/**
 * The card list's "Delete …?" step: open while `item` is set; confirming runs `remove` with its
 * id, toasts the answer's message, closes and calls `onDeleted`. Spec §8: a failed delete is
 * only logged (`failureLog`) and the dialog stays open.
 */
export function ConfirmDeleteDialog<T extends { id: number }>({
  item,
  onClose,
  remove,
  title,
  describe,
  failureLog,
  onDeleted,
}: {
  item: T | null;
  onClose: () => void;
  remove: UseMutationResult<{ message: string }, unknown, number>;
  title: string;
  describe: (item: T) => string;
  failureLog: string;
  onDeleted?: () => void;
}) {
  return (
    <ConfirmDialog
      open={item !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={title}
      description={item ? describe(item) : undefined}
      pending={remove.isPending}
      onConfirm={() => {
        if (!item) return;
        remove.mutate(item.id, {
          onSuccess: (response) => {
            notifySuccess(response.message);
            onClose();
            onDeleted?.();
          },
          onError: (error) => console.error(failureLog, error),
        });
      }}
    />
  );
}
