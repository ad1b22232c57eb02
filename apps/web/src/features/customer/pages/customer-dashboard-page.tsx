import { Store } from "lucide-react";
import { Link } from "react-router";
import { buttonClassName, Card, EmptyState } from "@/components/ui";
import { useCurrentShop } from "@/lib/shop-branding";
import { useDocumentTitle } from "@/lib/use-document-title";

/**
 * `/{shopId}/customer/dashboard`: the signed-in customer's home. The membership, the benefit
 * panel and the dashboard tabs (spec §2 "Customer dashboard") come with the customer-area issue.
 */
export function CustomerDashboardPage() {
  const shop = useCurrentShop();
  useDocumentTitle(`Dashboard · ${shop.name}`);
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="font-bold text-2xl text-fg sm:text-3xl">Dashboard</h1>
        <p className="mt-1 text-fg-muted">Your membership, offers and cashback at {shop.name}</p>
      </div>
      <Card>
        <EmptyState
          icon={<Store aria-hidden="true" />}
          title="No membership yet"
          hint="A membership brings member prices, monthly benefits and cashback on what you buy."
          action={
            <Link to={`/${shop.id}`} className={buttonClassName()}>
              Visit the storefront
            </Link>
          }
        />
      </Card>
    </div>
  );
}
