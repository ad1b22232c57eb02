import { X } from "lucide-react";
import type { ComponentType, ReactNode } from "react";
import { IconButton } from "./button";

type TextPart = ComponentType<{ className?: string; children?: ReactNode }>;

/**
 * The title and the optional description at the top of a Modal or a SidePanel. Each passes its
 * own library's Title and Description, which wire them to the dialog's aria-labelledby and
 * aria-describedby.
 */
export function OverlayHeading({
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
  Close: ComponentType<{ asChild?: boolean; children?: ReactNode }>;
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
