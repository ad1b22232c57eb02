import type { ReactNode } from "react";
import { Link } from "react-router";
import { LanguageMenu } from "@/components/language-menu";
import { ShopLogo } from "@/components/shop-logo";
import { ThemeToggle } from "@/components/theme-toggle";
import { useT } from "@/lib/i18n/use-t";
import { useCurrentShop } from "@/lib/shop-branding";
import { AuthFrame } from "./auth-frame";

/**
 * A shop's customer access pages (login, sign-up, verify, reset): the shop's banner, logo,
 * name and tagline beside the form on wide screens, above it on phones (spec §2 "branded
 * two-column page with the tagline").
 */
export function ShopAuthShell({ children }: { children: ReactNode }) {
  const shop = useCurrentShop();
  const storefrontPath = `/${shop.id}`;
  const { t } = useT();
  return (
    <AuthFrame
      panel={
        <aside className="relative hidden overflow-hidden bg-primary-solid text-white lg:flex lg:flex-col lg:justify-between lg:p-12">
          {shop.banner ? (
            <img
              src={shop.banner}
              alt=""
              aria-hidden="true"
              className="absolute inset-0 size-full object-cover"
            />
          ) : null}
          {/* The brand colour over the banner keeps white text readable on any photo. */}
          <div
            aria-hidden="true"
            className="absolute inset-0 bg-linear-to-br from-primary-solid/90 to-primary-solid-hover/75 dark:from-[color-mix(in_oklab,var(--primary)_42%,var(--canvas))] dark:to-[color-mix(in_oklab,var(--primary)_22%,var(--canvas))] dark:opacity-95"
          />
          <Link
            to={storefrontPath}
            className="relative flex w-fit items-center gap-3 rounded-md text-white no-underline"
          >
            <ShopLogo src={shop.logo} name={shop.name} size="lg" className="ring-white/30" />
            <span className="font-bold text-2xl tracking-tight">{shop.name}</span>
          </Link>
          <div className="relative max-w-md">
            <p className="font-bold text-4xl text-white leading-tight tracking-tight">
              {shop.tagline || shop.name}
            </p>
            {shop.industry ? <p className="mt-4 text-white/80">{shop.industry}</p> : null}
          </div>
          <p className="relative text-sm text-white/75">
            {t("Memberships, offers and rewards · {shopName}", { shopName: shop.name })}
          </p>
        </aside>
      }
      brand={
        <Link
          to={storefrontPath}
          className="flex min-w-0 items-center gap-2.5 rounded-md text-fg no-underline lg:invisible"
        >
          <ShopLogo src={shop.logo} name={shop.name} size="sm" />
          <span className="truncate font-bold text-lg tracking-tight">{shop.name}</span>
        </Link>
      }
      headerAction={
        <div className="flex shrink-0 items-center gap-1">
          <LanguageMenu />
          <ThemeToggle />
        </div>
      }
      tagline={shop.tagline}
    >
      {children}
    </AuthFrame>
  );
}
