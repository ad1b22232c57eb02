import type { Locale } from "@tessera/shared";
import { useSyncExternalStore } from "react";
import { activeLocale, i18n, type MessageKey, type MessageValues, t } from "./index";

function subscribe(onChange: () => void) {
  return i18n.on("change", onChange);
}

/**
 * `t(key, values)` in the active language, and that language; the component renders again when
 * the language changes. No provider needed, so every component and test can call it.
 */
export function useT(): { t: (key: MessageKey, values?: MessageValues) => string; locale: Locale } {
  const locale = useSyncExternalStore(subscribe, activeLocale, activeLocale);
  return {
    locale,
    t,
  };
}
