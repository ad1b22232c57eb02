import { House } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { BrandLogo } from "@/components/brand-logo";
import { ThemeToggle } from "@/components/theme-toggle";
import { buttonClassName } from "@/components/ui";
import { useT } from "@/lib/i18n/use-t";
import { useDocumentTitle } from "@/lib/use-document-title";

/**
 * A whole page for an address that leads nowhere: the platform's header, a picture, what was
 * not found (also the tab title), why, and the way back to the home page. The texts come
 * already in the visitor's language.
 */
export function MissingPage({
  picture,
  title,
  explanation,
  homeLabel,
}: {
  picture: ReactNode;
  title: string;
  explanation: string;
  homeLabel: string;
}) {
  const { t } = useT();
  useDocumentTitle(title);
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex items-center justify-between px-4 py-4 sm:px-8">
        <Link to="/" className="rounded-md text-fg no-underline" aria-label={t("Tessera home")}>
          <BrandLogo />
        </Link>
        <ThemeToggle />
      </header>
      <main className="flex flex-1 flex-col items-center justify-center px-4 pb-16 text-center">
        {picture}
        <h1 className="font-bold text-2xl text-fg sm:text-3xl">{title}</h1>
        <p className="mt-2 max-w-md text-fg-muted">{explanation}</p>
        <Link to="/" className={buttonClassName({ className: "mt-8" })}>
          <House aria-hidden="true" className="size-4" />
          {homeLabel}
        </Link>
      </main>
    </div>
  );
}
