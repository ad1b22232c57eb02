import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router";

/**
 * "Go back one step" (spec §4: after saving a tier, closing a modal route), falling back to
 * `fallback` when the page was opened directly and there is no step to go back to.
 */
export function useGoBack(fallback: string) {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(() => {
    if (location.key !== "default") navigate(-1);
    else navigate(fallback, { replace: true });
  }, [navigate, location.key, fallback]);
}
