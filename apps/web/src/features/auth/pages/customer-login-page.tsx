import { useQueryClient } from "@tanstack/react-query";
import type { LoginValues } from "@tessera/shared";
import { Link, Navigate, useLocation, useNavigate } from "react-router";
import { PageLoader } from "@/components/page-loader";
import { forgetSessionData, MERCHANT_HOME_PATH, sessionKeys } from "@/features/session";
import { useErrorParamToast } from "@/lib/session-hooks";
import { useCurrentShop } from "@/lib/shop-branding";
import {
  customerScope,
  hasCustomerSessionFor,
  MERCHANT_SCOPE,
  setStoredCustomer,
  setToken,
} from "@/lib/token-storage";
import { useDocumentTitle } from "@/lib/use-document-title";
import { customerSignIn } from "../api";
import { AuthHeading } from "../components/auth-heading";
import { GoogleSignInButton } from "../components/google-sign-in-button";
import { LoginForm } from "../components/login-form";
import { ShopAuthShell } from "../components/shop-auth-shell";
import { useVerifiedParamToast } from "../use-verified-param-toast";

/**
 * `/{shopId}/login`: the shop-branded customer login (spec §2, §4). A customer goes to the
 * shop's customer dashboard; the shop's owner or staff (the server answers `merchant`) to the
 * merchant dashboard. Back from Google with `?token=` (stored by the root layout as this
 * shop's customer session) or already signed in here: straight to the dashboard.
 */
export function CustomerLoginPage() {
  const shop = useCurrentShop();
  useDocumentTitle(`Log in · ${shop.name}`);
  useErrorParamToast();
  useVerifiedParamToast();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const dashboardPath = `/${shop.id}/customer/dashboard`;

  if (hasCustomerSessionFor(shop.id)) {
    // A `verified`/`error` notice is shown (and taken off the URL) first; then the
    // clean URL renders again and goes on to the dashboard.
    const params = new URLSearchParams(location.search);
    if (params.has("verified") || params.has("error")) return <PageLoader />;
    return <Navigate to={dashboardPath} replace />;
  }

  async function handleSignIn(values: LoginValues) {
    const data = await customerSignIn({ ...values, shopId: shop.id });
    forgetSessionData(queryClient);
    if ("customer" in data) {
      setToken(data.token, customerScope(shop.id));
      setStoredCustomer({
        id: data.customer.id,
        contactId: data.customer.contactId,
        shopId: data.customer.shopId ?? shop.id,
      });
      navigate(dashboardPath, { replace: true });
      return;
    }
    setToken(data.token, MERCHANT_SCOPE);
    queryClient.setQueryData(sessionKeys.user(), data.merchant);
    navigate(MERCHANT_HOME_PATH, { replace: true });
  }

  return (
    <ShopAuthShell>
      <AuthHeading
        title="Log in"
        description={`Log in to ${shop.name} to see your membership, offers and cashback.`}
      />
      <LoginForm onSignIn={handleSignIn} forgotPasswordPath={`/${shop.id}/pass/forgot-password`} />
      <GoogleSignInButton label="Log in with Google" shopId={shop.id} />
      <p className="mt-6 text-center text-fg-muted text-sm">
        Don&apos;t have an account?{" "}
        <Link
          to={`/${shop.id}/register`}
          className="rounded-sm font-semibold text-primary-ink hover:underline"
        >
          Sign up
        </Link>
      </p>
    </ShopAuthShell>
  );
}
