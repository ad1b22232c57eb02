import { BadgePercent, Crown, Store } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { BrandLogo } from "@/components/brand-logo";
import { AuthFrame } from "./auth-frame";

export const PLATFORM_TAGLINE = "Revolutionize Revenue, One Membership at a Time.";

const highlights = [
  { icon: Crown, text: "Membership tiers with cashback and monthly benefits" },
  { icon: BadgePercent, text: "Time-limited offers your members buy and redeem" },
  { icon: Store, text: "A storefront in your own colours, fonts and logo" },
];

/**
 * Platform sign-in pages: a brand panel with the tagline beside the form card on wide
 * screens; on phones the brand sits above the card.
 */
export function AuthShell({
  children,
  headerAction,
}: {
  children: ReactNode;
  /** Top-right control, e.g. the theme toggle. */
  headerAction?: ReactNode;
}) {
  return (
    <AuthFrame
      panel={<BrandPanel />}
      brand={
        <Link to="/" className="rounded-md text-fg no-underline lg:invisible">
          <BrandLogo />
        </Link>
      }
      headerAction={headerAction}
      tagline={PLATFORM_TAGLINE}
    >
      {children}
    </AuthFrame>
  );
}

/** The platform's side of the page: its logo, tagline and what it offers shops. */
function BrandPanel() {
  return (
    <aside className="relative hidden overflow-hidden bg-linear-to-br from-primary-solid to-primary-solid-hover text-white lg:flex lg:flex-col lg:justify-between lg:p-12 dark:from-[color-mix(in_oklab,var(--primary)_42%,var(--canvas))] dark:to-[color-mix(in_oklab,var(--primary)_22%,var(--canvas))]">
      <MosaicBackdrop />
      <Link to="/" className="relative w-fit rounded-md text-white no-underline">
        <BrandLogo inverted />
      </Link>
      <div className="relative max-w-md">
        <p className="font-bold text-4xl text-white leading-tight tracking-tight">
          {PLATFORM_TAGLINE}
        </p>
        <ul className="mt-8 flex flex-col gap-4">
          {highlights.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-center gap-3 text-white/90">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-white/15">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              {text}
            </li>
          ))}
        </ul>
      </div>
      <p className="relative text-sm text-white/75">
        Memberships and offers for independent shops.
      </p>
    </aside>
  );
}

/** A loose mosaic in the panel's lower right corner, clear of the text. */
function MosaicBackdrop() {
  // [column, row, opacity] on a 4 × 4 grid; gaps are deliberate.
  const tiles = [
    [3, 0, 0.1],
    [2, 1, 0.08],
    [3, 1, 0.16],
    [1, 2, 0.06],
    [2, 2, 0.14],
    [3, 2, 0.1],
    [0, 3, 0.05],
    [1, 3, 0.12],
    [2, 3, 0.08],
    [3, 3, 0.18],
  ] as const;
  return (
    <svg
      aria-hidden="true"
      className="pointer-events-none absolute -right-10 -bottom-10 size-80"
      viewBox="0 0 100 100"
    >
      {tiles.map(([column, row, opacity]) => (
        <rect
          key={`${column}-${row}`}
          x={column * 25 + 1.5}
          y={row * 25 + 1.5}
          width="22"
          height="22"
          rx="5"
          fill="white"
          fillOpacity={opacity}
        />
      ))}
    </svg>
  );
}
