import { Button } from "@/components/ui";
import { useT } from "@/lib/i18n/use-t";
import { useCurrentShop } from "@/lib/shop-branding";
import { useDocumentTitle } from "@/lib/use-document-title";
import { StorefrontCatalogue } from "../components/storefront-catalogue";
import { StorefrontHeader } from "../components/storefront-header";

/**
 * `/{shopId}`: the public storefront (spec §2): header, hero with the disabled "Become a
 * Member" and the banner, then the Memberships (default) and Offers tabs. Visitors only browse.
 */
export function StorefrontHomePage() {
  const shop = useCurrentShop();
  const { t } = useT();
  useDocumentTitle(shop.name);
  return (
    <div className="flex min-h-dvh flex-col bg-secondary">
      <StorefrontHeader />
      <main className="flex-1">
        <section>
          <div className="mx-auto grid max-w-6xl items-center gap-8 px-4 py-10 sm:px-6 md:grid-cols-2 md:py-16">
            <div>
              {shop.industry ? (
                <p className="font-semibold text-primary-ink text-sm uppercase tracking-wide">
                  {shop.industry}
                </p>
              ) : null}
              <h1 className="mt-2 font-bold text-3xl text-fg leading-tight sm:text-4xl">
                {shop.tagline || t("Welcome to {shopName}", { shopName: shop.name })}
              </h1>
              <p className="mt-3 max-w-prose text-fg-muted" id="become-member-hint">
                {t(
                  "Join {shopName} to get member prices, monthly benefits and cashback on what you buy.",
                  { shopName: shop.name },
                )}
              </p>
              <Button size="lg" className="mt-6" disabled aria-describedby="become-member-hint">
                {t("Become a Member")}
              </Button>
            </div>
            {shop.banner ? (
              <img
                src={shop.banner}
                alt={t("{shopName} banner", { shopName: shop.name })}
                className="aspect-video w-full rounded-card object-cover shadow-raised ring-1 ring-line"
              />
            ) : (
              <div
                aria-hidden="true"
                className="aspect-video w-full rounded-card bg-linear-to-br from-primary-solid to-primary-solid-hover shadow-raised"
              />
            )}
          </div>
        </section>
        <section aria-label={t("Memberships and offers")} className="bg-canvas">
          <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 md:py-12">
            <StorefrontCatalogue shopId={shop.id} />
          </div>
        </section>
      </main>
    </div>
  );
}
