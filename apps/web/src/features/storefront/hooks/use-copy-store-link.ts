import { useCallback } from "react";
import { notifySuccess } from "@/lib/notify";
import { toast } from "@/lib/toast";

export const LINK_COPIED_MESSAGE = "Link copied to clipboard!";
export const LINK_COPY_FAILED_MESSAGE = "Failed to copy link.";

/** The public storefront's address: the site's base plus the shop id. */
export function storeLinkFor(shopId: number, origin = window.location.origin): string {
  return `${origin}/${shopId}`;
}

/** Copies the store link and says so (spec §2 "Store url", §8 "Failed to copy link."). */
export function useCopyStoreLink(shopId: number) {
  return useCallback(async () => {
    try {
      if (!navigator.clipboard?.writeText) throw new Error("Clipboard unavailable");
      await navigator.clipboard.writeText(storeLinkFor(shopId));
      notifySuccess(LINK_COPIED_MESSAGE);
      return true;
    } catch (error) {
      console.error("Failed to copy link", error);
      toast.error(LINK_COPY_FAILED_MESSAGE);
      return false;
    }
  }, [shopId]);
}
