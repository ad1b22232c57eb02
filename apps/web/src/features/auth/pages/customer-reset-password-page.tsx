import { useSearchParams } from "react-router";
import { useClearSessionOnOpen } from "@/lib/session-hooks";
import { useShopPage } from "@/lib/use-shop-page";
import { ResetPasswordView } from "../components/reset-password-view";
import { ShopAuthShell } from "../components/shop-auth-shell";

/**
 * `/{shopId}/pass/reset-password?token=&email=`: the customer's reset link. A bad link or a
 * successful reset goes to the shop's login (DOMAIN "Customer flows stay in the shop").
 */
export function CustomerResetPasswordPage() {
  const { shop } = useShopPage("Reset password · {shopName}");
  useClearSessionOnOpen();
  const [params] = useSearchParams();
  return (
    <ShopAuthShell>
      <ResetPasswordView
        audience={{ kind: "customer", shopId: shop.id }}
        token={params.get("token") || null}
        email={params.get("email") || undefined}
        loginPath={`/${shop.id}/login`}
      />
    </ShopAuthShell>
  );
}
