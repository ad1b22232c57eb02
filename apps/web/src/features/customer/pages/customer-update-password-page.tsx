import { ArrowLeft } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { ChangePasswordForm } from "@/components/change-password-form";
import { Card } from "@/components/ui";
import { useT } from "@/lib/i18n/use-t";
import { useCurrentShop } from "@/lib/shop-branding";
import { getSignedInCustomerId } from "@/lib/token-storage";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useUpdateCustomerPassword } from "../api";
import { useSignedInCustomer } from "../components/customer-header";
import { SetFirstPasswordForm } from "../components/set-first-password-form";
import { SignedOutNotice } from "../components/signed-out-notice";
import { profileOverviewPath } from "../dashboard";

/**
 * `/{shopId}/customer/profile-overview/update-password` (spec §2, §5 "Change password"): the
 * shared password form, its Forgot Password link on the shop's own page. A wrong current
 * password shows "Invalid current password." on its field. Success → toast and back to the
 * profile overview (the customer's other sessions are signed out by the server).
 */
export function CustomerUpdatePasswordPage() {
  const shop = useCurrentShop();
  const { t } = useT();
  useDocumentTitle(t("Update Password · {shopName}", { shopName: shop.name }));
  const navigate = useNavigate();
  const customerId = getSignedInCustomerId(shop.id);
  const updatePassword = useUpdateCustomerPassword();
  // Joined by code or Google: no current password to give, so the page sets a first one.
  const { dashboard } = useSignedInCustomer();
  const firstPassword = dashboard.data?.customer.hasPassword === false;

  return (
    <div className="mx-auto w-full max-w-xl">
      <Link
        to={profileOverviewPath(shop.id)}
        className="mb-4 inline-flex items-center gap-1.5 rounded-sm font-medium text-fg-muted text-sm no-underline hover:text-fg"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t("Back to Profile")}
      </Link>
      <h1 className="font-bold text-2xl text-fg sm:text-3xl">
        {firstPassword ? t("Set a Password") : t("Update Password")}
      </h1>
      <p className="mt-1 text-fg-muted text-sm">
        {firstPassword
          ? t(
              "You sign in with a code or Google today. With a password you can sign in either way.",
            )
          : t("Other devices signed in to your account are signed out when the password changes.")}
      </p>
      <Card className="mt-6">
        {customerId === null ? (
          <SignedOutNotice />
        ) : firstPassword ? (
          <SetFirstPasswordForm
            shopId={shop.id}
            cancelTo={profileOverviewPath(shop.id)}
            onDone={() => navigate(profileOverviewPath(shop.id))}
          />
        ) : (
          <ChangePasswordForm
            forgotPasswordTo={`/${shop.id}/pass/forgot-password`}
            cancelTo={profileOverviewPath(shop.id)}
            pending={updatePassword.isPending}
            send={(change, callbacks) =>
              updatePassword.mutate({ customerId, ...change }, callbacks)
            }
            onUpdated={() => navigate(profileOverviewPath(shop.id))}
          />
        )}
      </Card>
    </div>
  );
}
