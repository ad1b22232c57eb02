import * as Dialog from "@radix-ui/react-dialog";
import { Copy, ExternalLink, X } from "lucide-react";
import { useId, useState } from "react";
import { Alert, Button, buttonClassName, IconButton } from "@/components/ui";
import { copyText } from "@/lib/clipboard";
import { useCurrentShop } from "@/lib/shop-branding";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useGoBack } from "@/lib/use-go-back";
import {
  LINK_COPIED_MESSAGE,
  LINK_COPY_FAILED_MESSAGE,
  storeLinkFor,
} from "../hooks/use-copy-store-link";

export const STOREFRONT_LINK_PATH = "/merchant/storefront/storefront-link";

type CopyState = { status: "idle" } | { status: "copying" } | { status: "done"; ok: boolean };

/**
 * The storefront link overlay (spec §2): full screen over the storefront page, with a
 * Storefront Link button that copies the site's base plus the shop id and says how it went
 * (an inline alert, also after the selection fallback), and a close button that goes back.
 * The link is written out too, so it can be copied by hand when the clipboard refuses.
 */
export function StorefrontLinkOverlay({ fallbackPath }: { fallbackPath: string }) {
  useDocumentTitle("Storefront link");
  const shop = useCurrentShop();
  const goBack = useGoBack(fallbackPath);
  const [state, setState] = useState<CopyState>({ status: "idle" });
  const linkId = useId();
  const link = storeLinkFor(shop.id);

  async function copy() {
    setState({ status: "copying" });
    try {
      await copyText(link);
      setState({ status: "done", ok: true });
    } catch (error) {
      console.error("Failed to copy link", error);
      setState({ status: "done", ok: false });
    }
  }

  return (
    <Dialog.Root open onOpenChange={(open) => !open && goBack()}>
      <Dialog.Portal>
        <Dialog.Content className="fixed inset-0 z-50 flex flex-col overflow-y-auto bg-canvas text-fg outline-none data-[state=open]:animate-fade-in">
          <div className="flex items-center justify-end px-3 pt-3 sm:px-6 sm:pt-6">
            <Dialog.Close asChild>
              <IconButton aria-label="Close" className="text-fg-muted">
                <X aria-hidden="true" />
              </IconButton>
            </Dialog.Close>
          </div>
          <div className="mx-auto flex w-full max-w-lg flex-1 flex-col items-center justify-center gap-6 px-5 pb-16 text-center">
            <div className="flex flex-col gap-2">
              <Dialog.Title className="font-bold text-2xl text-fg sm:text-3xl">
                Share your storefront
              </Dialog.Title>
              <Dialog.Description className="text-fg-muted">
                Visitors see {shop.name}'s memberships and offers at this address.
              </Dialog.Description>
            </div>
            <div className="w-full text-start">
              <label htmlFor={linkId} className="mb-1.5 block font-medium text-fg text-sm">
                Store link
              </label>
              <input
                id={linkId}
                readOnly
                value={link}
                onFocus={(event) => event.currentTarget.select()}
                className="h-11 w-full rounded-control border border-line-strong bg-surface px-3 text-fg text-sm outline-none focus-visible:border-primary focus-visible:ring-4 focus-visible:ring-primary/20"
              />
            </div>
            <div className="flex w-full flex-col gap-2 sm:flex-row sm:justify-center">
              <Button
                size="lg"
                leftIcon={<Copy aria-hidden="true" className="size-5" />}
                loading={state.status === "copying"}
                onClick={() => void copy()}
              >
                Storefront Link
              </Button>
              <a
                href={link}
                target="_blank"
                rel="noreferrer"
                className={buttonClassName({
                  variant: "outline",
                  size: "lg",
                  className: "no-underline",
                })}
              >
                <ExternalLink aria-hidden="true" className="size-5" />
                Open storefront
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </div>
            <div className="min-h-16 w-full text-start" aria-live="polite">
              {state.status === "done" ? (
                state.ok ? (
                  <Alert tone="success" title={LINK_COPIED_MESSAGE} />
                ) : (
                  <Alert tone="danger" role="alert" title={LINK_COPY_FAILED_MESSAGE}>
                    Select the link above and copy it instead.
                  </Alert>
                )
              ) : null}
            </div>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
