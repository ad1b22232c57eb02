import { lazy, Suspense, useSyncExternalStore } from "react";
import { loadToasts, toastDemand } from "@/lib/toast";
import { useTheme } from "./theme-provider";

const ToastContainer = lazy(() =>
  loadToasts().then((module) => ({ default: module.ToastContainer })),
);

/**
 * Toasts: top-right, close after 3 s (spec §9); the rest are react-toastify defaults. The
 * container (and the library) loads with the first toast, not with the page.
 */
export function ToastProvider() {
  const { theme } = useTheme();
  const wanted = useSyncExternalStore(toastDemand.subscribe, toastDemand.wanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer position="top-right" autoClose={3000} theme={theme} newestOnTop />
    </Suspense>
  );
}
