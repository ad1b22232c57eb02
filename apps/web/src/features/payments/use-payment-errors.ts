import { PAYMENT_MESSAGES } from "@tessera/shared";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { ApiError } from "@/lib/api-client";
import { notifyError } from "@/lib/notify";

/** Spec §4/§8: paying without a customer session says so and goes to the shop's login. */
export function useLoginToContinue(shopId: number) {
  const navigate = useNavigate();
  return useCallback(() => {
    notifyError(PAYMENT_MESSAGES.loginToContinue, { toastId: "login-to-continue" });
    navigate(`/${shopId}/login`, { replace: true });
  }, [navigate, shopId]);
}

/**
 * Reports a failed payment step. A 401 that ended the session was already told (and navigated)
 * by the API client; one without a stored session is "Please login to continue.".
 */
export function useReportPaymentError(shopId: number) {
  const loginToContinue = useLoginToContinue(shopId);
  return useCallback(
    (error: unknown, options: { fallback: string; toastId?: string }) => {
      if (error instanceof ApiError && error.status === 401) {
        if (!error.sessionEnded) loginToContinue();
        return;
      }
      notifyError(error, options);
    },
    [loginToContinue],
  );
}
