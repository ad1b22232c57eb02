import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";
import { useT } from "@/lib/i18n/use-t";
import { Button } from "./button";
import { OverlayBody, OverlayHeader, type OverlayProps } from "./overlay-parts";

const widths = {
  sm: "sm:max-w-sm",
  md: "sm:max-w-lg",
  lg: "sm:max-w-2xl",
  xl: "sm:max-w-4xl",
} as const;

export interface ModalProps extends OverlayProps {
  /** Actions row at the bottom (buttons), kept visible while the body scrolls. */
  footer?: ReactNode;
  size?: keyof typeof widths;
  hideCloseButton?: boolean;
}

/**
 * A dialog (Radix): focus trapped, Escape and outside click close, title and description
 * wired to aria. Centered on larger screens; a full-width sheet from the bottom on phones.
 */
export function Modal({
  open,
  onOpenChange,
  defaultOpen,
  trigger,
  title,
  description,
  children,
  footer,
  size = "md",
  hideCloseButton = false,
  className,
}: ModalProps) {
  const { t } = useT();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange} defaultOpen={defaultOpen}>
      {trigger ? <Dialog.Trigger asChild>{trigger}</Dialog.Trigger> : null}
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-overlay backdrop-blur-[2px] data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
        <Dialog.Content
          // Without a description Radix would warn about a missing aria-describedby target.
          {...(description ? {} : { "aria-describedby": undefined })}
          className={cn(
            "fixed z-50 flex flex-col bg-surface text-fg shadow-overlay outline-none",
            // Phones: a sheet across the full width from the bottom, nearly full height.
            "inset-x-0 bottom-0 max-h-[94dvh] rounded-t-card border-line border-t data-[state=closed]:animate-sheet-out data-[state=open]:animate-sheet-in",
            // Larger screens: centered card.
            "sm:inset-x-auto sm:bottom-auto sm:top-1/2 sm:left-1/2 sm:max-h-[85dvh] sm:w-[calc(100%-2rem)] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-card sm:border sm:data-[state=closed]:animate-dialog-out sm:data-[state=open]:animate-dialog-in",
            widths[size],
            className,
          )}
        >
          <OverlayHeader
            title={title}
            description={description}
            parts={Dialog}
            closeLabel={t("Close")}
            className="flex items-start gap-3 px-5 pt-5 pb-3 sm:px-6 sm:pt-6"
            closeClassName={hideCloseButton ? null : "-me-2 -mt-1 text-fg-muted"}
          />
          <OverlayBody>{children}</OverlayBody>
          {footer ? (
            <div className="flex flex-col-reverse gap-2 border-line border-t px-5 py-4 pb-[max(1rem,env(safe-area-inset-bottom))] sm:flex-row sm:justify-end sm:px-6">
              {footer}
            </div>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * The `onOpenChange` of a modal that saves something: Escape, an outside click or × call `close`,
 * except while `busy` (a save under way), so the person sees how it ends.
 */
export function closeWhenIdle(busy: boolean, close: () => void) {
  return (open: boolean) => {
    if (!open && !busy) close();
  };
}

/** Closes the surrounding Modal when its child is clicked: <ModalClose><Button>Cancel</Button></ModalClose>. */
export function ModalClose({ children }: { children: ReactNode }) {
  return <Dialog.Close asChild>{children}</Dialog.Close>;
}

/** A modal footer's cancel button: closes the modal, and is off while its action runs. */
export function ModalCancelButton({
  pending,
  children,
}: {
  pending: boolean;
  children: ReactNode;
}) {
  return (
    <ModalClose>
      <Button variant="outline" disabled={pending}>
        {children}
      </Button>
    </ModalClose>
  );
}
