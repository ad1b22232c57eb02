import {
  DEFAULT_PHONE_COUNTRY,
  listPhoneCountries,
  type PhoneCountry,
  phoneNumberCountry,
  searchPhoneCountries,
} from "@tessera/shared";
import { ChevronDown, Search } from "lucide-react";
import { type ComponentProps, type ReactNode, useMemo, useState } from "react";
import { cn } from "@/lib/cn";
import { useT } from "@/lib/i18n/use-t";
import { controlClassName, controlStateClassName } from "./field";
import { Field, useFieldIds } from "./field-shell";
import { Modal } from "./modal";
import { TextInput } from "./text-input";

export const NO_COUNTRIES_TEXT = "No countries found";

/**
 * The country of an E.164 number ("+442079460958" → GB), read from the number itself so countries
 * that share a calling code are told apart; `preferred` when it cannot be told.
 */
export function countryOfPhoneNumber(
  phone: string | null | undefined,
  preferred: string = DEFAULT_PHONE_COUNTRY,
): string {
  return phoneNumberCountry(phone) ?? preferred;
}

export interface CountryPhoneInputProps extends Omit<ComponentProps<"input">, "size"> {
  label: ReactNode;
  /** ISO alpha-2 of the picked country. */
  country: string;
  onCountryChange: (code: string) => void;
  error?: string;
  hint?: ReactNode;
}

/**
 * A phone field with a country picker (spec §2, DOMAIN "Countries"): names from
 * Intl.DisplayNames in the page's language, calling codes from libphonenumber-js, flag emoji. The picker is a dialog
 * with a search ("No countries found") and a list of buttons, so it works by keyboard and on
 * phones as a bottom sheet.
 */
export function CountryPhoneInput({
  label,
  country,
  onCountryChange,
  error,
  hint,
  id,
  className,
  ...inputProps
}: CountryPhoneInputProps) {
  const { inputId, hasError, describedBy } = useFieldIds(id, error, hint);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const { t, locale } = useT();
  // Country names in the page's language ("Alemania" in Spanish), sorted as it sorts them.
  const selected = useMemo<PhoneCountry | undefined>(
    () => listPhoneCountries(locale).find((c) => c.code === country),
    [country, locale],
  );
  const results = useMemo(() => searchPhoneCountries(query, locale), [query, locale]);

  function pick(code: string) {
    onCountryChange(code);
    setOpen(false);
    setQuery("");
  }

  return (
    <>
      <Field inputId={inputId} label={label} error={error} hint={hint}>
        <div className="flex gap-2">
          <button
            type="button"
            onClick={() => setOpen(true)}
            aria-label={t("Country: {country}", {
              country: `${selected?.name ?? country} ${selected?.callingCode ?? ""}`.trim(),
            })}
            className={cn(
              controlClassName,
              controlStateClassName.normal,
              // `!` because the shared control classes make every control a full-width block.
              "flex! h-11 w-auto! shrink-0 items-center gap-1.5 px-3 text-sm",
            )}
          >
            <span aria-hidden="true" className="text-lg leading-none">
              {selected?.flag}
            </span>
            <span className="tabular-nums">{selected?.callingCode}</span>
            <ChevronDown aria-hidden="true" className="size-4 text-fg-subtle" />
          </button>
          <input
            id={inputId}
            type="tel"
            autoComplete="tel-national"
            aria-invalid={hasError || undefined}
            aria-describedby={describedBy}
            className={cn(
              controlClassName,
              controlStateClassName[hasError ? "invalid" : "normal"],
              "h-11 flex-1 px-3.5 text-base sm:text-sm",
              className,
            )}
            {...inputProps}
          />
        </div>
      </Field>
      {/* The dialog renders in a portal, so it sits beside the field rather than inside it. */}
      <Modal open={open} onOpenChange={setOpen} title={t("Select country")} size="sm">
        <div className="flex flex-col gap-3">
          <TextInput
            label={t("Search countries")}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            startAdornment={<Search aria-hidden="true" />}
            autoFocus
          />
          {results.length === 0 ? (
            <p role="status" className="py-6 text-center text-fg-muted text-sm">
              {t(NO_COUNTRIES_TEXT)}
            </p>
          ) : (
            <ul aria-label={t("Countries")} className="-mx-2 max-h-80 overflow-y-auto">
              {results.map((c) => (
                <li key={c.code}>
                  <button
                    type="button"
                    onClick={() => pick(c.code)}
                    aria-current={c.code === country || undefined}
                    className="flex w-full items-center gap-3 rounded-md px-2 py-2 text-left text-fg text-sm hover:bg-muted aria-[current]:bg-primary-soft aria-[current]:text-primary-ink"
                  >
                    <span aria-hidden="true" className="text-lg leading-none">
                      {c.flag}
                    </span>
                    <span className="flex-1">{c.name}</span>
                    <span className="text-fg-muted tabular-nums">{c.callingCode}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </Modal>
    </>
  );
}
