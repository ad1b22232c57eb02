import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { notifyError, notifySuccess } from "@/lib/notify";
import { paymentKeys } from "./api";

export const ONBOARDING_CONNECTED_MESSAGE = "Your shop is connected to card payments.";
export const ONBOARDING_FAILED_MESSAGE =
  "Your shop could not be connected to card payments. Please try again.";

/**
 * Back from the provider's onboarding pages at `…?onboarding=connected|failed`: say how it went
 * once, reload the account, and take the parameter off the address bar.
 */
export function useOnboardingReturn(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const outcome = params.get("onboarding");
    if (outcome === null) return;
    if (outcome === "connected") {
      notifySuccess(ONBOARDING_CONNECTED_MESSAGE, { toastId: "onboarding-connected" });
    } else if (outcome === "failed") {
      notifyError(ONBOARDING_FAILED_MESSAGE, { toastId: "onboarding-failed" });
    }
    void queryClient.invalidateQueries({ queryKey: paymentKeys.account() });
    params.delete("onboarding");
    const rest = params.toString();
    navigate(
      { pathname: location.pathname, search: rest ? `?${rest}` : "", hash: location.hash },
      { replace: true, state: location.state },
    );
  }, [location, navigate, queryClient]);
}
