import { House } from "lucide-react";
import { Link } from "react-router";
import { BrandLogo } from "@/components/brand-logo";
import { NotFoundIllustration } from "@/components/illustrations/not-found-illustration";
import { ThemeToggle } from "@/components/theme-toggle";
import { buttonClassName } from "@/components/ui";
import { useT } from "@/lib/i18n/use-t";
import { useDocumentTitle } from "@/lib/use-document-title";

/**
 * An unknown address. Its words are the customer area's: a visitor who has opened that area in
 * their language reads it in theirs, anyone else in English (the storefront's first load stays
 * small).
 */
export function NotFoundPage() {
  const { t } = useT();
  useDocumentTitle(t("Page not found"));
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex items-center justify-between px-4 py-4 sm:px-8">
        <Link to="/" className="rounded-md text-fg no-underline" aria-label={t("Tessera home")}>
          <BrandLogo />
        </Link>
        <ThemeToggle />
      </header>
      <main className="flex flex-1 flex-col items-center justify-center px-4 pb-16 text-center">
        <NotFoundIllustration className="mb-6" />
        <h1 className="font-bold text-2xl text-fg sm:text-3xl">{t("Page not found")}</h1>
        <p className="mt-2 max-w-md text-fg-muted">
          {t(
            "The page you are looking for does not exist or has moved. Check the address, or start again from the home page.",
          )}
        </p>
        <Link to="/" className={buttonClassName({ className: "mt-8" })}>
          <House aria-hidden="true" className="size-4" />
          {t("Go Home")}
        </Link>
      </main>
    </div>
  );
}
