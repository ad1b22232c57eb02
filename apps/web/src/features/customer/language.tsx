import { useMutation } from "@tanstack/react-query";
import { isLocale, LOCALE_NAMES, LOCALES, type Locale } from "@tessera/shared";
import { useId } from "react";
import { LanguageMenu } from "@/components/language-menu";
import { api } from "@/lib/api-client";
import { chooseLocale } from "@/lib/i18n/chosen-locale";
import { useT } from "@/lib/i18n/use-t";
import { notifyError } from "@/lib/notify";

const LANGUAGE_OPTIONS = LOCALES.map((locale) => ({ value: locale, label: LOCALE_NAMES[locale] }));

/** Stores the signed-in customer's language on their account: their e-mails follow it. */
function useStoreLanguage(customerId: number | null) {
  const store = useMutation({
    mutationFn: (locale: Locale) =>
      api.put<{ locale: Locale }>(`/customer/profile/language/${customerId}`, { locale }),
    onError: (error) => notifyError(error),
  });
  return (locale: Locale) => {
    if (customerId !== null) store.mutate(locale);
  };
}

/**
 * The header's language menu for a signed-in customer: the page switches at once (kept on this
 * device), and the choice is stored on the customer.
 */
export function CustomerLanguageMenu({
  customerId,
  className,
}: {
  customerId: number | null;
  className?: string;
}) {
  const storeLanguage = useStoreLanguage(customerId);
  return <LanguageMenu className={className} onChosen={storeLanguage} />;
}

/**
 * The profile's language choice: the same as the header's menu, as a field with its hint. A
 * plain select: the form field components would split the sign-in page's shared code in two.
 */
export function CustomerLanguageSelect({ customerId }: { customerId: number }) {
  const { t, locale } = useT();
  const storeLanguage = useStoreLanguage(customerId);
  const hintId = useId();
  return (
    <span className="flex flex-col gap-1">
      <select
        aria-label={t("Language")}
        aria-describedby={hintId}
        value={locale}
        onChange={(event) => {
          const next = event.target.value;
          if (!isLocale(next) || next === locale) return;
          chooseLocale(next);
          storeLanguage(next);
        }}
        className="h-10 w-full max-w-xs rounded-control border border-line-strong bg-surface px-3 text-fg text-sm focus-visible:outline-2 focus-visible:outline-primary"
      >
        {LANGUAGE_OPTIONS.map((option) => (
          <option key={option.value} value={option.value} lang={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <span id={hintId} className="text-fg-muted text-xs">
        {t("The pages and your e-mails from this shop use it.")}
      </span>
    </span>
  );
}
