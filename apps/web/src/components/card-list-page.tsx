import type { UseMutationResult } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link, Outlet } from "react-router";
import {
  buttonClassName,
  ConfirmDialog,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from "@/components/ui";
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

/**
 * A merchant catalogue page (Membership Tiers, Special Offers): its heading with the "Create …"
 * link, a tab per `tabs` holding `grid(tab, onDelete)`, the "Delete …?" step for the card whose
 * Delete was pressed, and the `<Outlet />` its create/update modal routes open in.
 */
export function TabbedCardListPage<Tab extends string, T extends { id: number }>({
  title,
  createTo,
  createLabel,
  tabs,
  tabLabels,
  tabsLabel,
  tab,
  onTabChange,
  grid,
  remove,
  deleteTitle,
  describe,
  failureLog,
  onDeleted,
}: {
  title: string;
  createTo: string;
  createLabel: string;
  tabs: readonly Tab[];
  tabLabels: Record<Tab, string>;
  /** The tab list's accessible name. */
  tabsLabel: string;
  tab: Tab;
  onTabChange: (tab: Tab) => void;
  grid: (tab: Tab, onDelete: (item: T) => void) => ReactNode;
  remove: UseMutationResult<{ message: string }, unknown, number>;
  deleteTitle: string;
  describe: (item: T) => string;
  failureLog: string;
  onDeleted?: () => void;
}) {
  const [toDelete, setToDelete] = useState<T | null>(null);
  return (
    <div className="flex flex-col gap-6">
      <ListPageHeader title={title} createTo={createTo} createLabel={createLabel} />
      <Tabs value={tab} onValueChange={(value) => onTabChange(value as Tab)}>
        <TabsList aria-label={tabsLabel}>
          {tabs.map((value) => (
            <TabsTrigger key={value} value={value}>
              {tabLabels[value]}
            </TabsTrigger>
          ))}
        </TabsList>
        {tabs.map((value) => (
          <TabsContent key={value} value={value}>
            {grid(value, setToDelete)}
          </TabsContent>
        ))}
      </Tabs>
      <ConfirmDeleteDialog
        item={toDelete}
        onClose={() => setToDelete(null)}
        remove={remove}
        title={deleteTitle}
        describe={describe}
        failureLog={failureLog}
        onDeleted={onDeleted}
      />
      <Outlet />
    </div>
  );
}
