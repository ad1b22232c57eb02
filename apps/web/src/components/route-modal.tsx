import type { ReactNode } from "react";
import { Modal } from "@/components/ui";
import { useGoBack } from "@/lib/use-go-back";

/**
 * A form opened as its own route over another page: open from the start, and closing it goes
 * back one step (to `fallbackPath` when the app was opened on it). The content gets the same
 * `goBack`, for its Cancel and for after saving.
 */
export function RouteModal({
  fallbackPath,
  title,
  children,
}: {
  fallbackPath: string;
  title: ReactNode;
  children: (goBack: () => void) => ReactNode;
}) {
  const goBack = useGoBack(fallbackPath);
  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open) goBack();
      }}
      title={title}
      size="lg"
    >
      {children(goBack)}
    </Modal>
  );
}
