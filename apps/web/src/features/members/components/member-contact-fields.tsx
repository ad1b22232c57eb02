import { DEFAULT_PHONE_COUNTRY } from "@tessera/shared";
import type { Control, FieldErrors, UseFormClearErrors, UseFormRegister } from "react-hook-form";
import { Controller } from "react-hook-form";
import { fieldBinder } from "@/components/form-fields";
import { CountryPhoneInput, TextInput } from "@/components/ui";

export type ContactFormValues = {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  phoneCountry?: string;
};

/** The fields of MemberContactFields the server can fault by name, but the e-mail (Update keeps it). */
export const CONTACT_NAME_AND_PHONE_FIELDS = [
  "firstName",
  "lastName",
  "phoneNumber",
  "phoneCountry",
] as const;

/** First and last name, e-mail and phone with the country picker (Add and Update Member). */
export function MemberContactFields({
  form,
  emailReadOnly = false,
}: {
  /** The form these fields belong to (from useCheckedForm): it has these fields and more. */
  form: {
    register: unknown;
    control: unknown;
    clearErrors: unknown;
    formState: { errors: FieldErrors<ContactFormValues> };
  };
  emailReadOnly?: boolean;
}) {
  const { control, clearErrors } = form;
  const { errors } = form.formState;
  // The generic form shares these fields; the casts name them for react-hook-form.
  const reg = form.register as unknown as UseFormRegister<ContactFormValues>;
  const fieldProps = fieldBinder(reg, errors);
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput label="First name" required autoComplete="off" {...fieldProps("firstName")} />
        <TextInput label="Last name" required autoComplete="off" {...fieldProps("lastName")} />
      </div>
      <TextInput
        label="Email"
        type="email"
        required
        autoComplete="off"
        readOnly={emailReadOnly}
        hint={emailReadOnly ? "The e-mail cannot be changed." : undefined}
        {...fieldProps("email")}
      />
      <Controller
        control={control as unknown as Control<ContactFormValues>}
        name="phoneCountry"
        render={({ field }) => (
          <CountryPhoneInput
            label="Phone number"
            required
            country={field.value ?? DEFAULT_PHONE_COUNTRY}
            onCountryChange={(code) => {
              field.onChange(code);
              (clearErrors as unknown as UseFormClearErrors<ContactFormValues>)("phoneNumber");
            }}
            error={errors.phoneNumber?.message ?? errors.phoneCountry?.message}
            {...reg("phoneNumber")}
          />
        )}
      />
    </>
  );
}
