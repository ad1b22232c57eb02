import { House, Store } from "lucide-react";
import { Link } from "react-router";
import { BrandLogo } from "@/components/brand-logo";
import { ThemeToggle } from "@/components/theme-toggle";
import { buttonClassName } from "@/components/ui";
import { useDocumentTitle } from "@/lib/use-document-title";

/** Spec §2 "Store-not-found": shown when the store lookup finds no shop for the link's id. */
export function StoreNotFoundPage() {
  useDocumentTitle("Store Not Found");
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex items-center justify-between px-4 py-4 sm:px-8">
        <Link to="/" className="rounded-md text-fg no-underline" aria-label="Tessera home">
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
        <h1 className="font-bold text-2xl text-fg sm:text-3xl">Store Not Found</h1>
        <p className="mt-2 max-w-md text-fg-muted">
          This store does not exist, or the link is incorrect. Check the address with the shop, or
          go back to the homepage.
        </p>
        <Link to="/" className={buttonClassName({ className: "mt-8" })}>
          <House aria-hidden="true" className="size-4" />
          Go to Homepage
        </Link>
      </main>
    </div>
  );
}
