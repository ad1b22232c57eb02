import { ExternalLink, KeyRound, Store, UserRound } from "lucide-react";
import { Link } from "react-router";
import { buttonClassName, Card, CardHeader, Skeleton } from "@/components/ui";
import { MERCHANT_PROFILE_PATH, useCurrentUser } from "@/features/session";
import { useCurrentShop } from "@/lib/shop-branding";
import { useDocumentTitle } from "@/lib/use-document-title";

/**
 * `/merchant/dashboard`: a welcome with the shop's storefront link. The statistics (spec
 * merchant-area §2 "Dashboard") come with the dashboard issue.
 */
export function MerchantDashboardPage() {
  useDocumentTitle("Dashboard");
  const shop = useCurrentShop();
  const user = useCurrentUser();
  const storefrontPath = `/${shop.id}`;
  const storefrontUrl = `${window.location.origin}${storefrontPath}`;

  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="font-bold text-2xl text-fg sm:text-3xl">
          {user.isPending ? (
            <Skeleton className="h-8 w-64" />
          ) : user.data?.firstName ? (
            `Welcome back, ${user.data.firstName}`
          ) : (
            "Welcome back"
          )}
        </h1>
        <p className="mt-1 text-fg-muted">Here is where {shop.name} stands today.</p>
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader
            title="Your storefront"
            description="Share this link with customers so they can join and buy offers."
          />
          <div className="flex items-center gap-3 rounded-control bg-muted px-3 py-2.5">
            <Store aria-hidden="true" className="size-4 shrink-0 text-fg-subtle" />
            <span className="min-w-0 flex-1 truncate font-mono text-fg text-sm">
              {storefrontUrl}
            </span>
          </div>
          <Link
            to={storefrontPath}
            target="_blank"
            rel="noopener"
            className={buttonClassName({ variant: "secondary", className: "mt-4" })}
          >
            <ExternalLink aria-hidden="true" className="size-4" />
            Open storefront
            <span className="sr-only"> (opens in a new tab)</span>
          </Link>
        </Card>

        <Card>
          <CardHeader title="Your account" description="Your details and password." />
          <ul className="flex flex-col gap-2">
            <li>
              <Link
                to={MERCHANT_PROFILE_PATH}
                className="flex items-center gap-3 rounded-control px-3 py-2.5 text-fg no-underline hover:bg-muted"
              >
                <UserRound aria-hidden="true" className="size-4 text-fg-subtle" />
                Profile
              </Link>
            </li>
            <li>
              <Link
                to={`${MERCHANT_PROFILE_PATH}/update-password`}
                className="flex items-center gap-3 rounded-control px-3 py-2.5 text-fg no-underline hover:bg-muted"
              >
                <KeyRound aria-hidden="true" className="size-4 text-fg-subtle" />
                Update Password
              </Link>
            </li>
          </ul>
        </Card>
      </div>
    </div>
  );
}
