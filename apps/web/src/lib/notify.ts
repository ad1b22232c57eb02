import { createElement, type ReactNode } from "react";
import type { ToastOptions } from "react-toastify";
import { ApiError, FETCH_FAILED_MESSAGE } from "./api-client";
import { translateText } from "./i18n";
import { toast } from "./toast";

/** A text in the page's language when the catalogue has it (the server's and the spec's). */
const inPageLanguage = (text: ReactNode) => (typeof text === "string" ? translateText(text) : text);

/** Toast body: the message, and the error's title underneath when it has one (spec §3). */
export function ToastMessage({ message, title }: { message: ReactNode; title?: ReactNode }) {
  return createElement(
    "div",
    { className: "flex flex-col gap-0.5" },
    createElement("p", { className: "font-medium text-fg" }, inPageLanguage(message)),
    title
      ? createElement("p", { className: "text-xs text-fg-muted" }, inPageLanguage(title))
      : null,
  );
}

// Built-in runtime errors carry messages for developers, not for the person on the screen.
const RUNTIME_ERRORS = [TypeError, ReferenceError, SyntaxError, RangeError];

/** The user-facing message and title of anything thrown, with the spec's fallback. */
export function getErrorContent(
  error: unknown,
  fallback = FETCH_FAILED_MESSAGE,
): { message: string; title?: string } {
  if (error instanceof ApiError) {
    return { message: error.message || fallback, title: error.title };
  }
  if (error instanceof Error) {
    const isRuntime = RUNTIME_ERRORS.some((type) => error instanceof type);
    return { message: !isRuntime && error.message ? error.message : fallback };
  }
  if (typeof error === "string" && error.trim()) return { message: error };
  if (typeof error === "object" && error !== null) {
    const { message, title } = error as { message?: unknown; title?: unknown };
    if (typeof message === "string" && message.trim()) {
      return { message, title: typeof title === "string" ? title : undefined };
    }
  }
  return { message: fallback };
}

/**
 * Shows an error toast for anything thrown (an ApiError, a response body, an Error, a string).
 * Errors that already ended the session are skipped: the session-end toast has said it.
 */
export function notifyError(error: unknown, options?: ToastOptions & { fallback?: string }) {
  if (error instanceof ApiError && error.sessionEnded) return undefined;
  const { fallback, ...toastOptions } = options ?? {};
  const { message, title } = getErrorContent(error, fallback);
  return toast.error(createElement(ToastMessage, { message, title }), toastOptions);
}

export function notifySuccess(message: ReactNode, options?: ToastOptions) {
  return toast.success(createElement(ToastMessage, { message }), options);
}

/**
 * Callbacks for a mutation whose answer is only its message (send a test, resend, enable):
 * the message as a success toast, or the error.
 */
export const toastOutcome = {
  onSuccess: (answer: { message: string }) => notifySuccess(answer.message),
  onError: (error: unknown) => notifyError(error),
};
