import { useEffect } from "react";

export const APP_NAME = "Tessera";

/** Sets `document.title` to "<title> · Tessera" (or just "Tessera") while mounted. */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
