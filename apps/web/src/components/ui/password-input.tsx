import { Eye, EyeOff } from "lucide-react";
import { useState } from "react";
import { t } from "@/lib/i18n";
import { IconButton } from "./button";
import { TextInput, type TextInputProps } from "./text-input";

export type PasswordInputProps = Omit<TextInputProps, "type" | "endAdornment">;

/** A TextInput for passwords with a show/hide toggle (a "Show password" toggle button,
 *  aria-pressed while the text is shown). */
export function PasswordInput({ autoComplete = "current-password", ...props }: PasswordInputProps) {
  // The form around it renders again when the language changes.
  const [isVisible, setIsVisible] = useState(false);
  return (
    <TextInput
      {...props}
      type={isVisible ? "text" : "password"}
      autoComplete={autoComplete}
      spellCheck={false}
      endAdornment={
        <IconButton
          size="sm"
          aria-label={t("Show password")}
          aria-pressed={isVisible}
          onClick={() => setIsVisible((visible) => !visible)}
          disabled={props.disabled}
          className="text-fg-subtle hover:text-fg"
        >
          {isVisible ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
        </IconButton>
      }
    />
  );
}
