import { UserRound } from "lucide-react";
import { Card, EmptyState } from "@/components/ui";
import { useCurrentShop } from "@/lib/shop-branding";
import { useDocumentTitle } from "@/lib/use-document-title";

/** `/{shopId}/customer/profile-overview`: filled in by the customer-area issue. */
export function CustomerProfilePage() {
  const shop = useCurrentShop();
  useDocumentTitle(`Profile · ${shop.name}`);
  return (
    <div className="flex flex-col gap-6">
      <h1 className="font-bold text-2xl text-fg sm:text-3xl">Profile</h1>
      <Card>
        <EmptyState
          icon={<UserRound aria-hidden="true" />}
          title="Your profile"
          hint="Your name, e-mail, phone number and password settings will be shown here."
        />
      </Card>
    </div>
  );
}
