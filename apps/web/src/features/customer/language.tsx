import { useMutation } from "@tanstack/react-query";
import { isLocale, LOCALE_NAMES, LOCALES, type Locale } from "@tessera/shared";
import { LanguageMenu } from "@/components/language-menu";
import { Select } from "@/components/ui";
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

/** The profile's language choice: the same as the header's menu, as a labelled field. */
export function CustomerLanguageSelect({ customerId }: { customerId: number }) {
  const { t, locale } = useT();
  const storeLanguage = useStoreLanguage(customerId);
  return (
    <Select
      aria-label={t("Language")}
      hint={t("The pages and your e-mails from this shop use it.")}
      options={LANGUAGE_OPTIONS}
      value={locale}
      containerClassName="max-w-xs"
      onChange={(event) => {
        const next = event.target.value;
        if (!isLocale(next) || next === locale) return;
        chooseLocale(next);
        storeLanguage(next);
      }}
    />
  );
}
