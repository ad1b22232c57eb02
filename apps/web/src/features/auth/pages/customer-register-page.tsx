import { useQueryClient } from "@tanstack/react-query";
import { ACCESS_MESSAGES } from "@tessera/shared";
import { useNavigate } from "react-router";
import { forgetSessionData } from "@/features/session";
import { translateText } from "@/lib/i18n";
import { notifySuccess } from "@/lib/notify";
import { useErrorParamToast } from "@/lib/session-hooks";
import { customerScope, setStoredCustomer, setToken } from "@/lib/token-storage";
import { useShopPage } from "@/lib/use-shop-page";
import { customerSignUp } from "../api";
import { AccountSwitchPrompt } from "../components/account-switch-prompt";
import { AuthHeading } from "../components/auth-heading";
import { GoogleSignInButton } from "../components/google-sign-in-button";
import { ShopAuthShell } from "../components/shop-auth-shell";
import { SignUpForm, type SignUpValues } from "../components/sign-up-form";

/**
 * `/{shopId}/register`: customer sign-up on the shop's branded two-column page (customer
 * wordings). Success → token and customer stored, toast, `/{shopId}/verify-email?email=…`.
 */
export function CustomerRegisterPage() {
  const { shop, t } = useShopPage("Sign up · {shopName}");
  useErrorParamToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  async function handleSignUp({ firstName, lastName, email, password }: SignUpValues) {
    const data = await customerSignUp({ firstName, lastName, email, password, shopId: shop.id });
    forgetSessionData(queryClient);
    setToken(data.token, customerScope(shop.id));
    if (data.customer) {
      setStoredCustomer({
        id: data.customer.id,
        contactId: data.customer.contactId,
        shopId: data.customer.shopId ?? shop.id,
      });
    }
    notifySuccess(translateText(data.message || ACCESS_MESSAGES.signUp));
    navigate(`/${shop.id}/verify-email?${new URLSearchParams({ email })}`);
  }

  return (
    <ShopAuthShell>
      <AuthHeading
        title={t("Join {shopName}", { shopName: shop.name })}
        description={t("Create an account to become a member, buy offers and collect cashback.")}
      />
      <SignUpForm audience="customer" onSignUp={handleSignUp} />
      <GoogleSignInButton label={t("Sign up with Google")} shopId={shop.id} />
      <AccountSwitchPrompt question={t("Already have an account?")} to={`/${shop.id}/login`}>
        {t("Log in")}
      </AccountSwitchPrompt>
    </ShopAuthShell>
  );
}
