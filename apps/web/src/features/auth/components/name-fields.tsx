import type { Ref } from "react";
import { TextInput } from "@/components/ui";
import { translateText } from "@/lib/i18n";
import { useT } from "@/lib/i18n/use-t";

export type Names = { firstName: string; lastName: string };

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
      <TextInput
        ref={firstRef}
        label={t("First name")}
        name="firstName"
        autoComplete="given-name"
        error={errors.firstName && translateText(errors.firstName)}
        value={names.firstName}
        onChange={(e) => onChange({ ...names, firstName: e.target.value })}
      />
      <TextInput
        label={t("Last name")}
        name="lastName"
        autoComplete="family-name"
        error={errors.lastName && translateText(errors.lastName)}
        value={names.lastName}
        onChange={(e) => onChange({ ...names, lastName: e.target.value })}
      />
    </>
  );
}
