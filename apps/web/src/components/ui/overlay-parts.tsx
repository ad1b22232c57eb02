import { X } from "lucide-react";
import type { ComponentType, ReactNode } from "react";
import { IconButton } from "./button";

/** What a Modal and a SidePanel both take: open state, trigger, heading and body. */
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

type TextPart = ComponentType<{ className?: string; children?: ReactNode }>;

type ClosePart = ComponentType<{ asChild?: boolean; children?: ReactNode }>;

/**
 * The top row of a Modal or a SidePanel: the title, the optional description, and the × unless
 * `closeClassName` is null. Each passes its own library's Title, Description and Close, which
 * wire them to the dialog's aria-labelledby and aria-describedby and close it.
 */
export function OverlayHeader({
  title,
  description,
  parts: { Title, Description, Close },
  closeLabel,
  className,
  closeClassName,
}: {
  title: ReactNode;
  description?: ReactNode;
  parts: { Title: TextPart; Description: TextPart; Close: ClosePart };
  /** The ×'s accessible name, already translated. */
  closeLabel: string;
  className: string;
  closeClassName: string | null;
}) {
  return (
    <div className={className}>
      <OverlayHeading
        title={title}
        description={description}
        Title={Title}
        Description={Description}
      />
      {closeClassName === null ? null : (
        <OverlayCloseButton Close={Close} label={closeLabel} className={closeClassName} />
      )}
    </div>
  );
}

function OverlayHeading({
  title,
  description,
  Title,
  Description,
}: {
  title: ReactNode;
  description?: ReactNode;
  Title: TextPart;
  Description: TextPart;
}) {
  return (
    <div className="min-w-0 flex-1">
      <Title className="font-semibold text-fg text-lg">{title}</Title>
      {description ? (
        <Description className="mt-1 text-fg-muted text-sm">{description}</Description>
      ) : null}
    </div>
  );
}

/** The part of a Modal or a SidePanel that scrolls, between the heading and the actions. */
export function OverlayBody({ children }: { children?: ReactNode }) {
  if (children === undefined) return null;
  return <div className="min-h-0 flex-1 overflow-y-auto px-5 pb-5 sm:px-6">{children}</div>;
}

/** The × in the corner of a Modal, a SidePanel or a Sheet, inside its library's Close. */
export function OverlayCloseButton({
  Close,
  label,
  className,
}: {
  Close: ClosePart;
  /** Its accessible name, already translated. */
  label: string;
  className: string;
}) {
  return (
    <Close asChild>
      <IconButton aria-label={label} size="sm" className={className}>
        <X aria-hidden="true" />
      </IconButton>
    </Close>
  );
}
