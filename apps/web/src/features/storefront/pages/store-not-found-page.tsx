import { resolveLocale } from "@tessera/shared";
import { House, Store } from "lucide-react";
import { useEffect } from "react";
import { Link } from "react-router";
import { BrandLogo } from "@/components/brand-logo";
import { ThemeToggle } from "@/components/theme-toggle";
import { buttonClassName } from "@/components/ui";
import { activateLocale } from "@/lib/i18n";
import { readChosenLocale } from "@/lib/i18n/chosen-locale";
import { useT } from "@/lib/i18n/use-t";
import { useDocumentTitle } from "@/lib/use-document-title";

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
  useDocumentTitle(t("Store Not Found"));
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex items-center justify-between px-4 py-4 sm:px-8">
        <Link to="/" className="rounded-md text-fg no-underline" aria-label={t("Tessera home")}>
          <BrandLogo />
        </Link>
        <ThemeToggle />
      </header>
      <main className="flex flex-1 flex-col items-center justify-center px-4 pb-16 text-center">
        <div className="relative mb-6 flex size-20 items-center justify-center rounded-full bg-primary-soft text-primary-ink">
          <Store aria-hidden="true" className="size-9" />
          <span
            aria-hidden="true"
            className="absolute -right-1 -bottom-1 flex size-8 items-center justify-center rounded-full border-4 border-canvas bg-danger font-bold text-sm text-white"
          >
            ?
          </span>
        </div>
        <h1 className="font-bold text-2xl text-fg sm:text-3xl">{t("Store Not Found")}</h1>
        <p className="mt-2 max-w-md text-fg-muted">
          {t(
            "This store does not exist, or the link is incorrect. Check the address with the shop, or go back to the homepage.",
          )}
        </p>
        <Link to="/" className={buttonClassName({ className: "mt-8" })}>
          <House aria-hidden="true" className="size-4" />
          {t("Go to Homepage")}
        </Link>
      </main>
    </div>
  );
}
