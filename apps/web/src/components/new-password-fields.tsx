import type { UseFormRegisterReturn } from "react-hook-form";
import { PasswordInput } from "@/components/ui";
import type { MessageKey } from "@/lib/i18n";

const PASSWORD_RULES: MessageKey =
  "8+ characters with upper and lower case letters, a number and one of @$!%*?&";

/** One of the two fields: its label, its error (already in the page's language) and `register`'s props. */
export interface NewPasswordField extends UseFormRegisterReturn {
  label: MessageKey;
  error?: string;
}

/**
 * A new password (the password rules as its hint) and its re-type, both marked new-password so
 * password managers offer to generate and save it. `withPlaceholders`: the sign-up and reset
 * screens' "Create a password" / "Re-type your password". `translate` puts the texts into the
 * page's language; without it they stay as written.
 */
export function NewPasswordFields({
  password: { label, error, ...passwordProps },
  confirm: { label: confirmLabel, error: confirmError, ...confirmProps },
  withPlaceholders = false,
  translate = (text) => text,
}: {
  password: NewPasswordField;
  confirm: NewPasswordField;
  withPlaceholders?: boolean;
  translate?: (text: MessageKey) => string;
}) {
  return (
    <>
      <PasswordInput
        label={translate(label)}
        autoComplete="new-password"
        placeholder={withPlaceholders ? translate("Create a password") : undefined}
        hint={translate(PASSWORD_RULES)}
        error={error}
        {...passwordProps}
      />
      <PasswordInput
        label={translate(confirmLabel)}
        autoComplete="new-password"
        placeholder={withPlaceholders ? translate("Re-type your password") : undefined}
        error={confirmError}
        {...confirmProps}
      />
    </>
  );
}
