import type { ReactNode } from "react";

/**
 * The two-column frame of every sign-in page: the brand `panel` (an `<aside>`, shown on wide
 * screens) beside the form card. On phones the panel is hidden, so the header's `brand` and
 * the `tagline` above the card stand in for it.
 */
export function AuthFrame({
  panel,
  brand,
  headerAction,
  tagline,
  children,
}: {
  panel: ReactNode;
  brand: ReactNode;
  headerAction: ReactNode;
  tagline: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="grid min-h-dvh lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      {panel}
      <div className="flex min-w-0 flex-col">
        <header className="flex items-center justify-between gap-4 px-4 py-4 sm:px-8">
          {brand}
          {headerAction}
        </header>
        <main className="flex flex-1 flex-col items-center justify-center px-4 pt-2 pb-12 sm:px-8">
          <div className="w-full max-w-md">
            {tagline ? (
              <p className="mb-6 text-center font-semibold text-fg-muted text-lg leading-snug lg:hidden">
                {tagline}
              </p>
            ) : null}
            <div className="rounded-card border border-line bg-surface p-6 shadow-raised sm:p-8">
              {children}
            </div>
          </div>
        </main>
      </div>
    </div>
  );
}
