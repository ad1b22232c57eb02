import { House, TriangleAlert } from "lucide-react";
import { useEffect } from "react";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { BrandLogo } from "@/components/brand-logo";
import { buttonClassName } from "@/components/ui";
import { useDocumentTitle } from "@/lib/use-document-title";

/** The router's errorElement: something threw while rendering or loading a route. */
export function ErrorPage() {
  const error = useRouteError();
  useDocumentTitle("Something went wrong");

  useEffect(() => {
    console.error(error);
  }, [error]);

  const status = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}`.trim() : null;

  return (
    <div className="flex min-h-dvh flex-col">
      <header className="px-4 py-4 sm:px-8">
        <BrandLogo />
      </header>
      <main className="flex flex-1 items-center justify-center px-4 pb-16">
        <div className="w-full max-w-md rounded-card border border-line bg-surface p-6 text-center shadow-raised sm:p-8">
          <div className="mx-auto mb-5 flex size-14 items-center justify-center rounded-full bg-danger-soft text-danger-ink">
            <TriangleAlert aria-hidden="true" className="size-7" />
          </div>
          <h1 className="font-bold text-2xl text-fg">Unexpected Application Error!</h1>
          <p className="mt-3 text-fg-muted">
            Something went wrong on our side while showing this page. Your data is safe. Go back to
            the home page and try again; if it keeps happening, reload the page later.
          </p>
          {status ? <p className="mt-3 font-mono text-fg-subtle text-xs">{status}</p> : null}
          {/* A full page load: the app state that failed is not reused. */}
          <Link to="/" reloadDocument className={buttonClassName({ className: "mt-6" })}>
            <House aria-hidden="true" className="size-4" />
            Go Home
          </Link>
        </div>
      </main>
    </div>
  );
}
