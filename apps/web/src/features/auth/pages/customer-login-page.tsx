import type { LoginValues } from "@tessera/shared";
import { Mail } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Navigate, useLocation } from "react-router";
import { PageLoader } from "@/components/page-loader";
import { Button } from "@/components/ui";
import { useErrorParamToast } from "@/lib/session-hooks";
import { hasCustomerSessionFor } from "@/lib/token-storage";
import { useShopPage } from "@/lib/use-shop-page";
import { customerSignIn } from "../api";
import { AccountSwitchPrompt } from "../components/account-switch-prompt";
import { AuthHeading } from "../components/auth-heading";
import { GoogleSignInButton } from "../components/google-sign-in-button";
import { LoginForm } from "../components/login-form";
import { ShopAuthShell } from "../components/shop-auth-shell";
import { useShopSessionStart } from "../use-shop-session-start";
import { useVerifiedParamToast } from "../use-verified-param-toast";

const loadCodeSignIn = () => import("../components/code-sign-in");
const CodeSignIn = lazy(() => loadCodeSignIn().then((m) => ({ default: m.CodeSignIn })));

/**
 * `/{shopId}/login`: the shop-branded customer login (spec §2, §4). A customer goes to the
 * shop's customer dashboard; the shop's owner or staff (the server answers `merchant`) to the
 * merchant dashboard. "Email me a sign-in code" swaps the form for the passwordless one. Back from Google with `?token=` (stored by the root layout as this
 * shop's customer session) or already signed in here: straight to the dashboard.
 */
export function CustomerLoginPage() {
  const { shop, t } = useShopPage("Log in · {shopName}");
  useErrorParamToast();
  useVerifiedParamToast();
  const location = useLocation();
  const startSession = useShopSessionStart(shop.id);
  const [withCode, setWithCode] = useState(false);
  const dashboardPath = `/${shop.id}/customer/dashboard`;

  if (hasCustomerSessionFor(shop.id)) {
    // A `verified`/`error` notice is shown (and taken off the URL) first; then the
    // clean URL renders again and goes on to the dashboard.
    const params = new URLSearchParams(location.search);
    if (params.has("verified") || params.has("error")) return <PageLoader />;
    return <Navigate to={dashboardPath} replace />;
  }

  async function handleSignIn(values: LoginValues) {
    startSession(await customerSignIn({ ...values, shopId: shop.id }));
  }

  return (
    <ShopAuthShell>
      <AuthHeading
        title={t("Log in")}
        description={t("Log in to {shopName} to see your membership, offers and cashback.", {
          shopName: shop.name,
        })}
      />
      {withCode ? (
        <Suspense fallback={<PageLoader />}>
          <CodeSignIn
            shopId={shop.id}
            onSignedIn={startSession}
            onCancel={() => setWithCode(false)}
          />
        </Suspense>
      ) : (
        <>
          <LoginForm
            onSignIn={handleSignIn}
            forgotPasswordPath={`/${shop.id}/pass/forgot-password`}
          />
          <div className="my-5 flex items-center gap-3 text-fg-subtle text-xs uppercase tracking-wide">
            <span aria-hidden="true" className="h-px flex-1 bg-line" />
            {t("or")}
            <span aria-hidden="true" className="h-px flex-1 bg-line" />
          </div>
          <div className="flex flex-col gap-3">
            <Button
              variant="outline"
              size="lg"
              fullWidth
              onClick={() => setWithCode(true)}
              onPointerEnter={loadCodeSignIn}
              onFocus={loadCodeSignIn}
            >
              <Mail aria-hidden="true" className="size-5" />
              {t("Email me a sign-in code")}
            </Button>
            <GoogleSignInButton
              label={t("Log in with Google")}
              shopId={shop.id}
              withDivider={false}
            />
          </div>
        </>
      )}
      <AccountSwitchPrompt question={t("Don't have an account?")} to={`/${shop.id}/register`}>
        {t("Sign up")}
      </AccountSwitchPrompt>
    </ShopAuthShell>
  );
}
