import { resolveLocale } from "@tessera/shared";
import { Store } from "lucide-react";
import { useEffect } from "react";
import { MissingPage } from "@/components/missing-page";
import { activateLocale } from "@/lib/i18n";
import { readChosenLocale } from "@/lib/i18n/chosen-locale";
import { useT } from "@/lib/i18n/use-t";

/**
 * There is no shop to ask for its default language, so the page speaks the visitor's: the one
 * they picked on this device, else their browser's, else English. The shop layout puts English
 * back when the visitor leaves.
 */
function useVisitorLocale() {
  useEffect(() => {
    const browser = typeof navigator === "undefined" ? [] : (navigator.languages ?? []);
    const wanted = resolveLocale({ chosen: readChosenLocale(), browser, followBrowser: true });
    activateLocale(wanted).catch(() => undefined);
  }, []);
}

/** Spec §2 "Store-not-found": shown when the store lookup finds no shop for the link's id. */
export function StoreNotFoundPage() {
  useVisitorLocale();
  const { t } = useT();
  return (
    <MissingPage
      picture={
        <div className="relative mb-6 flex size-20 items-center justify-center rounded-full bg-primary-soft text-primary-ink">
          <Store aria-hidden="true" className="size-9" />
          <span
            aria-hidden="true"
            className="absolute -right-1 -bottom-1 flex size-8 items-center justify-center rounded-full border-4 border-canvas bg-danger font-bold text-sm text-white"
          >
            ?
          </span>
        </div>
      }
      title={t("Store Not Found")}
      explanation={t(
        "This store does not exist, or the link is incorrect. Check the address with the shop, or go back to the homepage.",
      )}
      homeLabel={t("Go to Homepage")}
    />
  );
}
