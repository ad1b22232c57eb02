import { LOCALE_NAMES, LOCALES, type StoreSettingsValues } from "@tessera/shared";
import { type Control, Controller } from "react-hook-form";
import { SwitchField } from "@/components/form-fields";
import { Select } from "@/components/ui";

/** Customize Store's form, as the page's fields hold it. */
export type FormValues = {
  name: string;
  tagline: string;
  industry: string;
  fontStyle: string;
  primaryColor: string;
  secondaryColor: string;
  timeZone: string;
  codeSignUp: boolean;
  defaultLocale: string;
  followBrowserLocale: boolean;
};

const languageOptions = LOCALES.map((value) => ({ value, label: LOCALE_NAMES[value] }));

/**
 * How customers meet the shop: joining with an e-mailed code, the language the storefront, the
 * customer area and their e-mails speak unless the customer picks another, and whether a first
 * visit follows the browser's language.
 */
export function CustomerAccessFields({
  control,
  error,
  disabled,
}: {
  control: Control<FormValues, unknown, StoreSettingsValues>;
  error?: string;
  disabled: boolean;
}) {
  return (
    <>
      <SwitchField
        control={control}
        name="codeSignUp"
        label="New customers can join with an e-mailed code"
        hint="Someone new who signs in with a code gets an account, no password needed."
        disabled={disabled}
      />
      <Controller
        control={control}
        name="defaultLocale"
        render={({ field }) => (
          <Select
            label="Customer language"
            options={languageOptions}
            hint="The storefront, the customer area and customers' e-mails use it unless a customer picks another language."
            error={error}
            disabled={disabled}
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
          />
        )}
      />
      <SwitchField
        control={control}
        name="followBrowserLocale"
        label="Follow the visitor's browser language"
        hint="A first visit is shown in the browser's language when the shop offers it."
        disabled={disabled}
      />
    </>
  );
}
