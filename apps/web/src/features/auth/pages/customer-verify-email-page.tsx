import { MailCheck } from "lucide-react";
import { useSearchParams } from "react-router";
import { ResendVerificationButton } from "@/features/session";
import { useErrorParamToast } from "@/lib/session-hooks";
import { useShopPage } from "@/lib/use-shop-page";
import { BackToLoginLink } from "../components/back-to-login-link";
import { ShopAuthShell } from "../components/shop-auth-shell";
import { StatusPanel } from "../components/status-panel";
import { VerifyEmailMessage } from "../components/verify-email-message";

/** `/{shopId}/verify-email?email=`: the customer's check-your-inbox page; Resend with the shop. */
export function CustomerVerifyEmailPage() {
  const { shop, t } = useShopPage("Verify your e-mail · {shopName}");
  useErrorParamToast();
  const [params] = useSearchParams();
  const email = params.get("email")?.trim() || null;
  return (
    <ShopAuthShell>
      <StatusPanel
        icon={<MailCheck aria-hidden="true" />}
        title={t("Verify your e-mail")}
        actions={
          <>
            <ResendVerificationButton
              email={email}
              shopId={shop.id}
              label={t("Resend")}
              size="lg"
              fullWidth
            />
            <BackToLoginLink to={`/${shop.id}/login`} />
          </>
        }
      >
        <VerifyEmailMessage email={email} />
      </StatusPanel>
    </ShopAuthShell>
  );
}
