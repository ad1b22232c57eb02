import type { ReactNode } from "react";
import { useMediaQuery } from "@/lib/use-media-query";
import { Modal, type ModalProps } from "./modal";
import { SidePanel } from "./side-panel";

/** Below Tailwind's `sm`: phones, where side panels are slide-up sheets (spec §9). */
const PHONE_QUERY = "(max-width: 639.98px)";

/** True on phone-sized screens (false where matchMedia is missing, e.g. jsdom). */
export function useIsPhone(): boolean {
  return useMediaQuery(PHONE_QUERY);
}

export interface ResponsiveDialogProps
  extends Pick<ModalProps, "open" | "onOpenChange" | "title" | "description" | "size"> {
  children?: ReactNode;
  /** Actions at the bottom (buttons). */
  footer?: ReactNode;
}

/**
 * A side panel: the SidePanel slide-up sheet on phones (swipe down more than 300 px to close),
 * a centred Modal on larger screens. Both are dialogs named by the title with a Close button.
 */
export function ResponsiveDialog({ footer, ...props }: ResponsiveDialogProps) {
  const isPhone = useIsPhone();
  if (isPhone) {
    const { size: _size, ...panel } = props;
    return <SidePanel {...panel} footer={footer} />;
  }
  return <Modal {...props} footer={footer} />;
}
