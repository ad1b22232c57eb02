import { useSearchParams } from "react-router";
import { useT } from "@/lib/i18n/use-t";
import { useClearSessionOnOpen } from "@/lib/session-hooks";
import { useCurrentShop } from "@/lib/shop-branding";
import { useDocumentTitle } from "@/lib/use-document-title";
import { ResetPasswordView } from "../components/reset-password-view";
import { ShopAuthShell } from "../components/shop-auth-shell";

/**
 * `/{shopId}/pass/reset-password?token=&email=`: the customer's reset link. A bad link or a
 * successful reset goes to the shop's login (DOMAIN "Customer flows stay in the shop").
 */
export function CustomerResetPasswordPage() {
  const shop = useCurrentShop();
  const { t } = useT();
  useDocumentTitle(t("Reset password · {shopName}", { shopName: shop.name }));
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
