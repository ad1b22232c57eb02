import { Link } from "react-router";
import { LanguageMenu } from "@/components/language-menu";
import { ShopLogo } from "@/components/shop-logo";
import { ThemeToggle } from "@/components/theme-toggle";
import { buttonClassName } from "@/components/ui";
import { useT } from "@/lib/i18n/use-t";
import { useCurrentShop } from "@/lib/shop-branding";
import { hasCustomerSessionFor } from "@/lib/token-storage";

/** The public storefront's header: logo, name, tagline, and Sign up / Log in (spec §2). */
export function StorefrontHeader() {
  const shop = useCurrentShop();
  const isSignedIn = hasCustomerSessionFor(shop.id);
  const { t } = useT();
  return (
    <header className="sticky top-0 z-30 border-line border-b bg-surface/90 backdrop-blur">
      <div className="mx-auto flex max-w-6xl items-center gap-2 px-3 py-3 sm:gap-3 sm:px-6">
        <Link
          to={`/${shop.id}`}
          className="flex min-w-10 flex-1 items-center gap-2.5 rounded-md text-fg no-underline sm:gap-3"
        >
          <ShopLogo src={shop.logo} name={shop.name} size="md" className="shrink-0" />
          {/* Spec §9: below 410 px the header keeps the logo and drops the name, so the sign-up
              and log-in buttons fit in every language. */}
          <span className="min-w-0 max-[410px]:sr-only">
            <span className="block truncate font-bold text-base sm:text-lg">{shop.name}</span>
            {shop.tagline ? (
              <span className="hidden truncate text-fg-muted text-xs sm:block">{shop.tagline}</span>
            ) : null}
          </span>
        </Link>
        <LanguageMenu />
        <ThemeToggle />
        {isSignedIn ? (
          <Link to={`/${shop.id}/customer/dashboard`} className={buttonClassName({ size: "sm" })}>
            {t("My account")}
          </Link>
        ) : (
          <nav aria-label={t("Account")} className="flex shrink-0 items-center gap-1.5 sm:gap-2">
            <Link
              to={`/${shop.id}/register`}
              className={buttonClassName({ variant: "outline", size: "sm" })}
            >
              {t("Sign up")}
            </Link>
            <Link to={`/${shop.id}/login`} className={buttonClassName({ size: "sm" })}>
              {t("Log in")}
            </Link>
          </nav>
        )}
      </div>
    </header>
  );
}
