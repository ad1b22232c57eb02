import { PAYMENT_MESSAGES } from "@tessera/shared";
import { LogIn } from "lucide-react";
import { Alert, Button } from "@/components/ui";
import { useLogout } from "@/features/session";
import { useCurrentShop } from "@/lib/shop-branding";

/** A session without the stored customer (e.g. storage cleared by hand): start again. */
export function SignedOutNotice() {
  const shop = useCurrentShop();
  const logout = useLogout(`/${shop.id}/login`);
  return (
    <Alert
      tone="warning"
      role="alert"
      title={PAYMENT_MESSAGES.loginToContinue}
      action={
        <Button
          size="sm"
          loading={logout.isPending}
          leftIcon={<LogIn aria-hidden="true" className="size-4" />}
          onClick={() => logout.mutate()}
        >
          Log in
        </Button>
      }
    >
      We could not tell which account this is.
    </Alert>
  );
}
