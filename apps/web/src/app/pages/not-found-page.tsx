import { House } from "lucide-react";
import { Link } from "react-router";
import { BrandLogo } from "@/components/brand-logo";
import { NotFoundIllustration } from "@/components/illustrations/not-found-illustration";
import { ThemeToggle } from "@/components/theme-toggle";
import { buttonClassName } from "@/components/ui";
import { useDocumentTitle } from "@/lib/use-document-title";

export function NotFoundPage() {
  useDocumentTitle("Page not found");
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex items-center justify-between px-4 py-4 sm:px-8">
        <Link to="/" className="rounded-md text-fg no-underline" aria-label="Tessera home">
          <BrandLogo />
        </Link>
        <ThemeToggle />
      </header>
      <main className="flex flex-1 flex-col items-center justify-center px-4 pb-16 text-center">
        <NotFoundIllustration className="mb-6" />
        <h1 className="font-bold text-2xl text-fg sm:text-3xl">Page not found</h1>
        <p className="mt-2 max-w-md text-fg-muted">
          The page you are looking for does not exist or has moved. Check the address, or start
          again from the home page.
        </p>
        <Link to="/" className={buttonClassName({ className: "mt-8" })}>
          <House aria-hidden="true" className="size-4" />
          Go Home
        </Link>
      </main>
    </div>
  );
}
