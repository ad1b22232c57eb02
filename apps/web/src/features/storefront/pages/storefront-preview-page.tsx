import { BackLink } from "@/components/back-link";
import { ShopLogo } from "@/components/shop-logo";
import { Button } from "@/components/ui";
import { useCurrentShop } from "@/lib/shop-branding";
import { useDocumentTitle } from "@/lib/use-document-title";
import { StorefrontCatalogue } from "../components/storefront-catalogue";
import { MERCHANT_STOREFRONT_PATH } from "./merchant-storefront-page";

/**
 * `/merchant/storefront/storefront-preview`: the storefront as visitors see it, with the
 * banner and the All, Memberships and Offers tabs (DOMAIN "Storefront tabs").
 */
export function StorefrontPreviewPage() {
  useDocumentTitle("Storefront preview");
  const shop = useCurrentShop();
  return (
    <div className="flex flex-col gap-6">
      <BackLink to={MERCHANT_STOREFRONT_PATH}>Back to Storefront</BackLink>
      <h1 className="font-bold text-2xl text-fg sm:text-3xl">Storefront preview</h1>
      <section className="grid items-center gap-6 overflow-hidden rounded-card border border-line bg-secondary p-5 shadow-card md:grid-cols-2">
        <div>
          <div className="flex items-center gap-3">
            <ShopLogo src={shop.logo} name={shop.name} size="md" />
            <p className="font-bold text-fg text-xl">{shop.name}</p>
          </div>
          {shop.tagline ? <p className="mt-3 text-fg-muted">{shop.tagline}</p> : null}
          <Button className="mt-4" disabled>
            Become a Member
          </Button>
        </div>
        {shop.banner ? (
          <img
            src={shop.banner}
            alt={`${shop.name} banner`}
            className="w-full rounded-card object-cover"
          />
        ) : null}
      </section>
      <StorefrontCatalogue shopId={shop.id} tabs={["all", "memberships", "offers"]} />
    </div>
  );
}
