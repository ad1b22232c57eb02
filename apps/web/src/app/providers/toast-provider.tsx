import { ToastContainer } from "react-toastify";
import { useTheme } from "./theme-provider";

/** Toasts: top-right, close after 3 s (spec §9); the rest are react-toastify defaults. */
export function ToastProvider() {
  const { theme } = useTheme();
  return <ToastContainer position="top-right" autoClose={3000} theme={theme} newestOnTop />;
}
