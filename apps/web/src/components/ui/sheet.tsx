import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";
import { useT } from "@/lib/i18n/use-t";
import { OverlayCloseButton } from "./overlay-parts";

export interface SheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Names the sheet for screen readers; shown unless `hideTitle`. */
  title: ReactNode;
  hideTitle?: boolean;
  side?: "left" | "right";
  children: ReactNode;
  className?: string;
}

/**
 * A panel sliding in from the side (Radix dialog: focus trapped, Escape and a click on the
 * backdrop close it). Used for phone navigation menus.
 */
export function Sheet({
  open,
  onOpenChange,
  title,
  hideTitle = false,
  side = "left",
  children,
  className,
}: SheetProps) {
  const { t } = useT();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-overlay data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
        <Dialog.Content
          aria-describedby={undefined}
          className={cn(
            "fixed inset-y-0 z-50 flex w-[min(20rem,calc(100vw-3rem))] flex-col bg-surface text-fg shadow-overlay outline-none data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in",
            side === "left" ? "left-0 border-line border-r" : "right-0 border-line border-l",
            className,
          )}
        >
          <div className="flex items-center justify-between gap-3 px-4 pt-4 pb-2">
            <Dialog.Title className={cn(hideTitle ? "sr-only" : "font-semibold text-fg text-lg")}>
              {title}
            </Dialog.Title>
            <OverlayCloseButton
              Close={Dialog.Close}
              label={t("Close menu")}
              className="ms-auto text-fg-muted"
            />
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
