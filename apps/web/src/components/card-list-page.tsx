import type { UseMutationResult } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { Link } from "react-router";
import { buttonClassName, ConfirmDialog } from "@/components/ui";
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
