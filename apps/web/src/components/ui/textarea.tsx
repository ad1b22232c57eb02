import type { ComponentProps, ReactNode } from "react";
import { cn } from "@/lib/cn";
import { controlClassName, controlStateClassName } from "./field";
import { Field, useFieldIds } from "./field-shell";

export interface TextareaProps extends ComponentProps<"textarea"> {
  label?: ReactNode;
  error?: string;
  hint?: ReactNode;
  containerClassName?: string;
}

/** A multi-line text field with the same label, hint and error wiring as TextInput. */
export function Textarea({
  label,
  error,
  hint,
  containerClassName,
  className,
  id,
  required,
  rows = 3,
  "aria-describedby": describedBy,
  ...props
}: TextareaProps) {
  const field = useFieldIds(id, error, hint, describedBy);
  return (
    <Field
      inputId={field.inputId}
      label={label}
      required={required}
      error={error}
      hint={hint}
      className={containerClassName}
    >
      <textarea
        id={field.inputId}
        rows={rows}
        required={required}
        aria-invalid={field.hasError || undefined}
        aria-describedby={field.describedBy}
        className={cn(
          controlClassName,
          controlStateClassName[field.hasError ? "invalid" : "normal"],
          "px-3.5 py-2.5 text-base sm:text-sm",
          className,
        )}
        {...props}
      />
    </Field>
  );
}
