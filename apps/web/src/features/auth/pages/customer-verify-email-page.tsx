import { MailCheck } from "lucide-react";
import { useSearchParams } from "react-router";
import { ResendVerificationButton } from "@/features/session";
import { useErrorParamToast } from "@/lib/session-hooks";
import { useCurrentShop } from "@/lib/shop-branding";
import { useDocumentTitle } from "@/lib/use-document-title";
import { BackToLoginLink } from "../components/back-to-login-link";
import { ShopAuthShell } from "../components/shop-auth-shell";
import { StatusPanel } from "../components/status-panel";
import { VerifyEmailMessage } from "./verify-email-page";

/** `/{shopId}/verify-email?email=`: the customer's check-your-inbox page; Resend with the shop. */
export function CustomerVerifyEmailPage() {
  const shop = useCurrentShop();
  useDocumentTitle(`Verify your e-mail · ${shop.name}`);
  useErrorParamToast();
  const [params] = useSearchParams();
  const email = params.get("email")?.trim() || null;
  return (
    <ShopAuthShell>
      <StatusPanel
        icon={<MailCheck aria-hidden="true" />}
        title="Verify your e-mail"
        actions={
          <>
            <ResendVerificationButton email={email} shopId={shop.id} size="lg" fullWidth />
            <BackToLoginLink to={`/${shop.id}/login`} />
          </>
        }
      >
        <VerifyEmailMessage email={email} />
      </StatusPanel>
    </ShopAuthShell>
  );
}
