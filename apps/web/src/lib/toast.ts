import type { ToastContent, ToastOptions } from "react-toastify";

/**
 * Toasts without react-toastify on the first load: the library (and its container) loads with
 * the first toast a page raises. Most storefront and sign-in visits raise none, and the library
 * was about 5 KB of their JavaScript. Toasts raised before the container is up are queued by
 * react-toastify and shown when it mounts.
 */

type ToastModule = typeof import("react-toastify");
let loading: Promise<ToastModule> | null = null;
let wanted = false;
const listeners = new Set<() => void>();

export function loadToasts(): Promise<ToastModule> {
  loading ??= import("react-toastify");
  return loading;
}

/** For the provider: whether a toast was asked for, so the container should be mounted. */
export const toastDemand = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  wanted: () => wanted,
};

function show(kind: "success" | "error" | "info", content: ToastContent, options?: ToastOptions) {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  void loadToasts().then(({ toast }) => toast[kind](content, options));
}

export const toast = {
  success: (content: ToastContent, options?: ToastOptions) => show("success", content, options),
  error: (content: ToastContent, options?: ToastOptions) => show("error", content, options),
  info: (content: ToastContent, options?: ToastOptions) => show("info", content, options),
};
