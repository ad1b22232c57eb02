/** How a text reached the clipboard: the Clipboard API, or the older selection fallback. */
export type CopyMethod = "clipboard" | "fallback";

/** The pre-Clipboard-API way: select a hidden textarea and run the copy command. */
function copyWithSelection(text: string): boolean {
  if (typeof document.execCommand !== "function") return false;
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  area.style.pointerEvents = "none";
  document.body.appendChild(area);
  const previousFocus = document.activeElement as HTMLElement | null;
  area.select();
  try {
    return document.execCommand("copy");
  } catch {
    return false;
  } finally {
    area.remove();
    previousFocus?.focus?.();
  }
}

/**
 * Copies text: the Clipboard API first (needs a secure context and permission), then the
 * selection fallback. Rejects when neither works.
 */
export async function copyText(text: string): Promise<CopyMethod> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return "clipboard";
    }
  } catch (error) {
    if (copyWithSelection(text)) return "fallback";
    throw error;
  }
  if (copyWithSelection(text)) return "fallback";
  throw new Error("Clipboard unavailable");
}
