import { Eye, Link2, Pencil, Plus, Settings, Share2 } from "lucide-react";
import { Link, Outlet } from "react-router";
import { ShopLogo } from "@/components/shop-logo";
import { Button, buttonClassName } from "@/components/ui";
import { useCurrentShop } from "@/lib/shop-branding";
import { useDocumentTitle } from "@/lib/use-document-title";
import { StorefrontCatalogue } from "../components/storefront-catalogue";
import { useCopyStoreLink } from "../hooks/use-copy-store-link";

export const MERCHANT_STOREFRONT_PATH = "/merchant/storefront";

const linkClass = buttonClassName({ variant: "outline", size: "sm", className: "no-underline" });

/**
 * `/merchant/storefront` (spec §2): the shop's header (logo, name, tagline), Update (Customize
 * Store), Store url (copies the public link), the disabled Become a Member, and the Memberships
 * and Offers tabs with only today's offers. Previews and edits open as modal routes over it.
 */
export function MerchantStorefrontPage() {
  useDocumentTitle("Storefront");
  const shop = useCurrentShop();
  const copyLink = useCopyStoreLink(shop.id);
  const base = MERCHANT_STOREFRONT_PATH;

  return (
    <div className="flex flex-col gap-6">
      <h1 className="sr-only">Storefront</h1>
      <section
        aria-label="Store header"
        className="overflow-hidden rounded-card border border-line bg-secondary shadow-card"
      >
        {shop.banner ? (
          <img src={shop.banner} alt="" className="h-32 w-full object-cover sm:h-44" />
        ) : (
          <div
            aria-hidden="true"
            className="h-24 bg-linear-to-br from-primary-solid to-primary-solid-hover"
          />
        )}
        <div className="flex flex-col gap-4 p-5 sm:flex-row sm:items-end">
          <ShopLogo src={shop.logo} name={shop.name} size="lg" />
          <div className="min-w-0 flex-1">
            <p className="truncate font-bold text-2xl text-fg">{shop.name}</p>
            {shop.tagline ? <p className="text-fg-muted">{shop.tagline}</p> : null}
          </div>
          <div className="flex flex-wrap gap-2">
            <Link to={`${base}/storefront-settings`} className={linkClass}>
              <Settings aria-hidden="true" className="size-4" />
              Update
            </Link>
            <Button
              variant="outline"
              size="sm"
              leftIcon={<Link2 aria-hidden="true" className="size-4" />}
              onClick={() => void copyLink()}
            >
              Store url
            </Button>
            <Button size="sm" disabled title="Visitors join from your public storefront">
              Become a Member
            </Button>
          </div>
        </div>
      </section>

      <div className="flex flex-wrap gap-2">
        <Link to={`${base}/storefront-preview`} className={linkClass}>
          <Eye aria-hidden="true" className="size-4" />
          Preview storefront
        </Link>
        <Link to={`${base}/new-membership`} className={linkClass}>
          <Plus aria-hidden="true" className="size-4" />
          Create Membership
        </Link>
        <Link to={`${base}/storefront-link`} className={linkClass}>
          <Share2 aria-hidden="true" className="size-4" />
          Share link
        </Link>
      </div>

      <StorefrontCatalogue
        shopId={shop.id}
        tierFooter={(tier) => (
          <Link
            to={`${base}/membership-preview?id=${tier.id}`}
            className={buttonClassName({
              variant: "secondary",
              size: "sm",
              fullWidth: true,
              className: "no-underline",
            })}
            aria-label={`Preview ${tier.name}`}
          >
            <Eye aria-hidden="true" className="size-4" />
            Preview
          </Link>
        )}
        offerFooter={(offer) => (
          <div className="flex gap-2">
            <Link
              to={`${base}/offer-preview?id=${offer.id}`}
              className={buttonClassName({
                variant: "secondary",
                size: "sm",
                className: "flex-1 no-underline",
              })}
              aria-label={`Preview ${offer.offerName}`}
            >
              <Eye aria-hidden="true" className="size-4" />
              Preview
            </Link>
            <Link
              to={`${base}/edit-offer?id=${offer.id}`}
              className={buttonClassName({
                variant: "outline",
                size: "sm",
                className: "flex-1 no-underline",
              })}
              aria-label={`Edit ${offer.offerName}`}
            >
              <Pencil aria-hidden="true" className="size-4" />
              Edit
            </Link>
          </div>
        )}
      />
      <Outlet />
    </div>
  );
}
