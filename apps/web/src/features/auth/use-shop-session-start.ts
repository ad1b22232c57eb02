import { useQueryClient } from "@tanstack/react-query";
import type { Customer, TwoFactorPending, User } from "@tessera/shared";
import { useLocation, useNavigate } from "react-router";
import { forgetSessionData, MERCHANT_HOME_PATH, sessionKeys } from "@/features/session";
import { chooseLocale, readChosenLocale } from "@/lib/i18n/chosen-locale";
import { customerScope, MERCHANT_SCOPE, setStoredCustomer, setToken } from "@/lib/token-storage";

export type ShopSignIn =
  | { token: string; customer: Customer }
  | { token: string; merchant: User }
  | TwoFactorPending;

/**
 * After any sign-in on a shop's page (password, code, link): keeps the session and opens the
 * customer dashboard (or the customer area's page that sent here), or the merchant dashboard
 * for the shop's own owner or staff. The customer's stored language becomes the page's when
 * this device has no choice of its own.
 */
export function useShopSessionStart(shopId: number) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Sent to the login from a page of the customer area (an e-mail's link): back there.
  const from: unknown = useLocation().state?.from;
  const area = `/${shopId}/customer/`;
  return (data: ShopSignIn) => {
    // The shop's owner or staff with two-factor sign-in: the code step is on the merchant login.
    if ("twoFactor" in data) {
      const { challenge, mode } = data.twoFactor;
      navigate(`/?twoFactor=${encodeURIComponent(challenge)}&mode=${mode}`, { replace: true });
      return;
    }
    forgetSessionData(queryClient);
    if ("customer" in data) {
      setToken(data.token, customerScope(shopId));
      setStoredCustomer({
        id: data.customer.id,
        contactId: data.customer.contactId,
        shopId: data.customer.shopId ?? shopId,
      });
      // A customer's stored language follows them to a new device; a choice made here stays.
      if (data.customer.locale && !readChosenLocale()) chooseLocale(data.customer.locale);
      const back = typeof from === "string" && from.startsWith(area);
      navigate(back ? from : `${area}dashboard`, { replace: true });
      return;
    }
    setToken(data.token, MERCHANT_SCOPE);
    queryClient.setQueryData(sessionKeys.user(), data.merchant);
    navigate(MERCHANT_HOME_PATH, { replace: true });
  };
}
