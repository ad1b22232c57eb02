import { useShopPage } from "@/lib/use-shop-page";
import { requestCustomerPasswordReset } from "../api";
import { ForgotPasswordForm } from "../components/forgot-password-form";
import { ShopAuthShell } from "../components/shop-auth-shell";

/** `/{shopId}/pass/forgot-password`: the customer's reset link request, kept in the shop. */
export function CustomerForgotPasswordPage() {
  const { shop } = useShopPage("Forgot password · {shopName}");
  return (
    <ShopAuthShell>
      <ForgotPasswordForm
        onRequest={(email) => requestCustomerPasswordReset({ email, shopId: shop.id })}
        loginPath={`/${shop.id}/login`}
      />
    </ShopAuthShell>
  );
}
