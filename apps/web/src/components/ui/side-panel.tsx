import { type ReactNode, useCallback, useRef, useState } from "react";
import { Drawer } from "vaul";
import { cn } from "@/lib/cn";
import { useT } from "@/lib/i18n/use-t";
import { Button } from "./button";
import { OverlayBody, OverlayHeader, type OverlayProps } from "./overlay-parts";

export interface SidePanelProps extends OverlayProps {
  /** Shows a Cancel button that closes the panel (then calls onCancel). */
  showCancel?: boolean;
  cancelLabel?: string;
  onCancel?: () => void;
  /** Already formatted amount, e.g. formatMoney(total). With it a "Payable Amount" line and
   *  a Checkout button are shown. Never pass a made-up default. */
  payableAmount?: ReactNode;
  onCheckout?: () => void;
  checkoutLabel?: string;
  checkoutLoading?: boolean;
  checkoutDisabled?: boolean;
  /** Extra actions, shown before Cancel / Checkout. */
  footer?: ReactNode;
}

/** Spec §9: a side panel closes on a swipe down of more than this many pixels. */
export const SWIPE_CLOSE_DISTANCE = 300;

/** vaul's threshold is a share of the sheet's height: the share that makes 300 px. */
export function closeThresholdFor(height: number): number {
  if (!(height > 0)) return 1;
  return Math.min(1, SWIPE_CLOSE_DISTANCE / height);
}

/** Keeps vaul's close threshold at 300 px as the sheet's height changes. */
function useSwipeCloseThreshold() {
  const [threshold, setThreshold] = useState(1);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((node: HTMLDivElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!node) return;
    const measure = () => setThreshold(closeThresholdFor(node.getBoundingClientRect().height));
    measure();
    if (typeof ResizeObserver === "function") {
      observer.current = new ResizeObserver(measure);
      observer.current.observe(node);
    }
  }, []);
  return { ref, threshold };
}

/**
 * A slide-up sheet (vaul): drag the handle or the sheet down by more than 300 px to close it
 * (spec §9; a sheet shorter than that closes when dragged all the way down; vaul also closes
 * on a fast downward flick), or use the close button / Escape / a click on the backdrop.
 */
export function SidePanel({
  open,
  onOpenChange,
  defaultOpen,
  trigger,
  title,
  description,
  children,
  showCancel = false,
  cancelLabel,
  onCancel,
  payableAmount,
  onCheckout,
  checkoutLabel,
  checkoutLoading = false,
  checkoutDisabled = false,
  footer,
  className,
}: SidePanelProps) {
  const hasPayable = payableAmount !== undefined && payableAmount !== null;
  const hasFooter = Boolean(footer) || showCancel || hasPayable;
  const swipe = useSwipeCloseThreshold();
  const { t } = useT();

  return (
    <Drawer.Root
      open={open}
      onOpenChange={onOpenChange}
      defaultOpen={defaultOpen}
      closeThreshold={swipe.threshold}
    >
      {trigger ? <Drawer.Trigger asChild>{trigger}</Drawer.Trigger> : null}
      <Drawer.Portal>
        <Drawer.Overlay className="fixed inset-0 z-50 bg-overlay" />
        <Drawer.Content
          ref={swipe.ref}
          {...(description ? {} : { "aria-describedby": undefined })}
          className={cn(
            "fixed inset-x-0 bottom-0 z-50 mx-auto flex max-h-[92dvh] w-full max-w-2xl flex-col rounded-t-card border-line border-x border-t bg-surface text-fg shadow-overlay outline-none",
            className,
          )}
        >
          <div
            aria-hidden="true"
            className="mx-auto mt-3 h-1.5 w-12 shrink-0 rounded-full bg-line-strong"
          />
          <OverlayHeader
            title={title}
            description={description}
            parts={Drawer}
            closeLabel={t("Close")}
            className="flex items-start gap-3 px-5 pt-3 pb-3 sm:px-6"
            closeClassName="-me-2 text-fg-muted"
          />
          <OverlayBody>{children}</OverlayBody>
          {hasFooter ? (
            <div className="border-line border-t px-5 pt-4 pb-[max(1rem,env(safe-area-inset-bottom))] sm:px-6">
              {hasPayable ? (
                <p className="mb-3 flex items-baseline justify-between gap-4 text-sm">
                  <span className="text-fg-muted">{t("Payable Amount")}</span>
                  <span className="font-semibold text-fg text-xl tabular-nums">
                    {payableAmount}
                  </span>
                </p>
              ) : null}
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                {footer}
                {showCancel ? (
                  <Drawer.Close asChild>
                    <Button variant="outline" onClick={onCancel}>
                      {cancelLabel ?? t("Cancel")}
                    </Button>
                  </Drawer.Close>
                ) : null}
                {hasPayable ? (
                  <Button
                    onClick={onCheckout}
                    loading={checkoutLoading}
                    disabled={checkoutDisabled || !onCheckout}
                  >
                    {checkoutLabel ?? t("Checkout")}
                  </Button>
                ) : null}
              </div>
            </div>
          ) : null}
        </Drawer.Content>
      </Drawer.Portal>
    </Drawer.Root>
  );
}
