import { PAYMENT_MESSAGES } from "@tessera/shared";
import { LogIn } from "lucide-react";
import { Alert, Button } from "@/components/ui";
import { useLogout } from "@/features/session";
import { translateText } from "@/lib/i18n";
import { useT } from "@/lib/i18n/use-t";
import { useCurrentShop } from "@/lib/shop-branding";

/** A session without the stored customer (e.g. storage cleared by hand): start again. */
export function SignedOutNotice() {
  const shop = useCurrentShop();
  const logout = useLogout(`/${shop.id}/login`);
  const { t } = useT();
  return (
    <Alert
      tone="warning"
      role="alert"
      title={translateText(PAYMENT_MESSAGES.loginToContinue)}
      action={
        <Button
          size="sm"
          loading={logout.isPending}
          leftIcon={<LogIn aria-hidden="true" className="size-4" />}
          onClick={() => logout.mutate()}
        >
          {t("Log in")}
        </Button>
      }
    >
      {t("We could not tell which account this is.")}
    </Alert>
  );
}
