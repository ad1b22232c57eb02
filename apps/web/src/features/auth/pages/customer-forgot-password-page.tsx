import { useT } from "@/lib/i18n/use-t";
import { useCurrentShop } from "@/lib/shop-branding";
import { useDocumentTitle } from "@/lib/use-document-title";
import { requestCustomerPasswordReset } from "../api";
import { ForgotPasswordForm } from "../components/forgot-password-form";
import { ShopAuthShell } from "../components/shop-auth-shell";

/** `/{shopId}/pass/forgot-password`: the customer's reset link request, kept in the shop. */
export function CustomerForgotPasswordPage() {
  const shop = useCurrentShop();
  const { t } = useT();
  useDocumentTitle(t("Forgot password · {shopName}", { shopName: shop.name }));
  return (
    <ShopAuthShell>
      <ForgotPasswordForm
        onRequest={(email) => requestCustomerPasswordReset({ email, shopId: shop.id })}
        loginPath={`/${shop.id}/login`}
      />
    </ShopAuthShell>
  );
}
