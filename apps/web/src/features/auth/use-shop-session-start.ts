import { useQueryClient } from "@tanstack/react-query";
import type { Customer, User } from "@tessera/shared";
import { useNavigate } from "react-router";
import { forgetSessionData, MERCHANT_HOME_PATH, sessionKeys } from "@/features/session";
import { customerScope, MERCHANT_SCOPE, setStoredCustomer, setToken } from "@/lib/token-storage";

export type ShopSignIn = { token: string; customer: Customer } | { token: string; merchant: User };

/**
 * After any sign-in on a shop's page (password, code, link): keeps the session and opens the
 * customer dashboard, or the merchant dashboard for the shop's own owner or staff.
 */
export function useShopSessionStart(shopId: number) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (data: ShopSignIn) => {
    forgetSessionData(queryClient);
    if ("customer" in data) {
      setToken(data.token, customerScope(shopId));
      setStoredCustomer({
        id: data.customer.id,
        contactId: data.customer.contactId,
        shopId: data.customer.shopId ?? shopId,
      });
      navigate(`/${shopId}/customer/dashboard`, { replace: true });
      return;
    }
    setToken(data.token, MERCHANT_SCOPE);
    queryClient.setQueryData(sessionKeys.user(), data.merchant);
    navigate(MERCHANT_HOME_PATH, { replace: true });
  };
}
