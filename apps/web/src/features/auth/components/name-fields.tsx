import type { Ref } from "react";
import { TextInput } from "@/components/ui";
import { translateText } from "@/lib/i18n";
import { useT } from "@/lib/i18n/use-t";

export type Names = { firstName: string; lastName: string };

/** The two inputs differ only in the name they hold. */
const NAME_FIELDS = [
  { name: "firstName", label: "First name", autoComplete: "given-name" },
  { name: "lastName", label: "Last name", autoComplete: "family-name" },
] as const;

/** First and last name, for an account created by an e-mailed code or link. */
export function NameFields({
  names,
  errors,
  onChange,
  firstRef,
}: {
  names: Names;
  errors: Partial<Record<keyof Names, string | undefined>>;
  onChange: (names: Names) => void;
  firstRef?: Ref<HTMLInputElement>;
}) {
  const { t } = useT();
  return (
    <>
      {NAME_FIELDS.map((field) => {
        const error = errors[field.name];
        return (
          <TextInput
            key={field.name}
            ref={field.name === "firstName" ? firstRef : undefined}
            label={t(field.label)}
            name={field.name}
            autoComplete={field.autoComplete}
            error={error && translateText(error)}
            value={names[field.name]}
            onChange={(e) => onChange({ ...names, [field.name]: e.target.value })}
          />
        );
      })}
    </>
  );
}
