import * as Dialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";
import { useT } from "@/lib/i18n/use-t";
import { IconButton } from "./button";

/*
 * The parts a Modal (Radix dialog) and a SidePanel (vaul drawer) share. vaul's drawer is a Radix
 * dialog underneath (its Title, Description and Close are Radix's), so these parts serve both.
 */

/** The props a Modal and a SidePanel take alike: how they open, and what they show. */
export interface OverlayProps {
  /** Controlled open state; leave both out and pass `trigger` for an uncontrolled overlay. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  defaultOpen?: boolean;
  /** An element that opens the overlay (rendered as the trigger via asChild). */
  trigger?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  className?: string;
}

/** Without a description Radix would warn about a missing aria-describedby target. */
export function describedByProps(description: ReactNode) {
  return description ? {} : { "aria-describedby": undefined };
}

/** The title row: title, optional description, and (unless hidden) a close button. */
export function OverlayHeader({
  title,
  description,
  hideCloseButton = false,
  className,
  closeClassName,
}: {
  title: ReactNode;
  description?: ReactNode;
  hideCloseButton?: boolean;
  /** The row's padding, which differs between a centred dialog and a sheet with a handle. */
  className: string;
  closeClassName: string;
}) {
  const { t } = useT();
  return (
    <div className={cn("flex items-start gap-3 px-5 sm:px-6", className)}>
      <div className="min-w-0 flex-1">
        <Dialog.Title className="font-semibold text-fg text-lg">{title}</Dialog.Title>
        {description ? (
          <Dialog.Description className="mt-1 text-fg-muted text-sm">
            {description}
          </Dialog.Description>
        ) : null}
      </div>
      {hideCloseButton ? null : (
        <Dialog.Close asChild>
          <IconButton
            aria-label={t("Close")}
            size="sm"
            className={cn("text-fg-muted", closeClassName)}
          >
            <X aria-hidden="true" />
          </IconButton>
        </Dialog.Close>
      )}
    </div>
  );
}

/** The scrolling body between the title row and the actions; nothing when there is no body. */
export function OverlayBody({ children }: { children?: ReactNode }) {
  if (children === undefined) return null;
  return <div className="min-h-0 flex-1 overflow-y-auto px-5 pb-5 sm:px-6">{children}</div>;
}
