import { isLocale, LOCALE_NAMES, LOCALES, type Locale } from "@tessera/shared";
import { Languages } from "lucide-react";
import { cn } from "@/lib/cn";
import { chooseLocale } from "@/lib/i18n/chosen-locale";
import { useT } from "@/lib/i18n/use-t";

/**
 * The customer side's language menu: a globe and the language's short code on screen, the
 * phone's own picker (every language named in itself) on tap. `onChosen` lets a signed-in
 * customer's choice be stored on their account too.
 */
export function LanguageMenu({
  className,
  onChosen,
}: {
  className?: string;
  onChosen?: (locale: Locale) => void;
}) {
  const { t, locale } = useT();
  return (
    <div
      className={cn(
        "relative inline-flex h-9 shrink-0 items-center gap-1 rounded-control px-2 font-semibold text-fg-muted text-xs uppercase focus-within:ring-2 focus-within:ring-primary hover:bg-muted hover:text-fg",
        className,
      )}
    >
      <Languages aria-hidden="true" className="size-4" />
      <span aria-hidden="true">{locale.split("-")[0]}</span>
      <select
        aria-label={t("Language")}
        value={locale}
        onChange={(event) => {
          const next = event.target.value;
          if (!isLocale(next)) return;
          chooseLocale(next);
          onChosen?.(next);
        }}
        className="absolute inset-0 cursor-pointer appearance-none opacity-0"
      >
        {LOCALES.map((option) => (
          <option key={option} value={option} lang={option}>
            {LOCALE_NAMES[option]}
          </option>
        ))}
      </select>
    </div>
  );
}
