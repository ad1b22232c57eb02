import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { toast } from "@/lib/toast";

/** What a customer sees after the verification link brought them to the shop's login. */
export const CUSTOMER_VERIFIED_MESSAGE = "Your email is verified. You can log in now.";

/**
 * `/{shopId}/login?verified=1` (the server's redirect after a customer's verification link):
 * a success toast once, then the parameter leaves the address bar.
 */
export function useVerifiedParamToast(): void {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (!params.has("verified")) return;
    if (params.get("verified") === "1") {
      toast.success(CUSTOMER_VERIFIED_MESSAGE, { toastId: "customer-verified" });
    }
    params.delete("verified");
    const rest = params.toString();
    navigate(
      { pathname: location.pathname, search: rest ? `?${rest}` : "", hash: location.hash },
      { replace: true, state: location.state },
    );
  }, [location, navigate]);
}
