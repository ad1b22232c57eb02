import { Eye, Link2, type LucideIcon, Pencil, Plus, Settings, Share2 } from "lucide-react";
import type { ReactNode } from "react";
import { Link, Outlet } from "react-router";
import { ShopLogo } from "@/components/shop-logo";
import { Button, buttonClassName } from "@/components/ui";
import { cn } from "@/lib/cn";
import { useCurrentShop } from "@/lib/shop-branding";
import { useDocumentTitle } from "@/lib/use-document-title";
import { StorefrontCatalogue } from "../components/storefront-catalogue";
import { useCopyStoreLink } from "../hooks/use-copy-store-link";

export const MERCHANT_STOREFRONT_PATH = "/merchant/storefront";

/** A small button-styled link with its icon; `label` names the card it acts on, if any. */
function ActionLink({
  to,
  icon: Icon,
  variant = "outline",
  fullWidth,
  className,
  label,
  children,
}: {
  to: string;
  icon: LucideIcon;
  variant?: "outline" | "secondary";
  fullWidth?: boolean;
  className?: string;
  label?: string;
  children: ReactNode;
}) {
  return (
    <Link
      to={to}
      className={buttonClassName({
        variant,
        size: "sm",
        fullWidth,
        className: cn(className, "no-underline"),
      })}
      aria-label={label}
    >
      <Icon aria-hidden="true" className="size-4" />
      {children}
    </Link>
  );
}

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
            <ActionLink to={`${base}/storefront-settings`} icon={Settings}>
              Update
            </ActionLink>
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
        <ActionLink to={`${base}/storefront-preview`} icon={Eye}>
          Preview storefront
        </ActionLink>
        <ActionLink to={`${base}/new-membership`} icon={Plus}>
          Create Membership
        </ActionLink>
        <ActionLink to={`${base}/storefront-link`} icon={Share2}>
          Share link
        </ActionLink>
      </div>

      <StorefrontCatalogue
        shopId={shop.id}
        tierFooter={(tier) => (
          <ActionLink
            to={`${base}/membership-preview?id=${tier.id}`}
            icon={Eye}
            variant="secondary"
            fullWidth
            label={`Preview ${tier.name}`}
          >
            Preview
          </ActionLink>
        )}
        offerFooter={(offer) => (
          <div className="flex gap-2">
            <ActionLink
              to={`${base}/offer-preview?id=${offer.id}`}
              icon={Eye}
              variant="secondary"
              className="flex-1"
              label={`Preview ${offer.offerName}`}
            >
              Preview
            </ActionLink>
            <ActionLink
              to={`${base}/edit-offer?id=${offer.id}`}
              icon={Pencil}
              className="flex-1"
              label={`Edit ${offer.offerName}`}
            >
              Edit
            </ActionLink>
          </div>
        )}
      />
      <Outlet />
    </div>
  );
}
