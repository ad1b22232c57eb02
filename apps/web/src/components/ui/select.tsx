import { ChevronDown } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { cn } from "@/lib/cn";
import { controlClassName, controlSizes, controlStateClassName } from "./field";
import { Field, useFieldIds } from "./field-shell";

export const NO_OPTIONS_TEXT = "No options available";

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends Omit<ComponentProps<"select">, "size" | "children"> {
  options: readonly SelectOption[];
  label?: ReactNode;
  /** Shown (and not choosable) while nothing is selected. */
  placeholder?: string;
  error?: string;
  hint?: ReactNode;
  size?: keyof typeof controlSizes;
  containerClassName?: string;
}

/**
 * A styled native <select>: full keyboard support, the phone's own picker on touch devices,
 * and `register` from react-hook-form works as is. With no options it says
 * "No options available".
 */
export function Select({
  options,
  label,
  placeholder,
  error,
  hint,
  size = "md",
  containerClassName,
  className,
  id,
  required,
  value,
  defaultValue,
  "aria-describedby": describedBy,
  ...props
}: SelectProps) {
  const { inputId: selectId, hasError, ...field } = useFieldIds(id, error, hint, describedBy);
  const isEmpty = options.length === 0;
  const hasBlankOption = isEmpty || placeholder !== undefined;
  // Without a value the browser would pick the first enabled option, hiding the placeholder.
  const initialValue =
    value === undefined && defaultValue === undefined && hasBlankOption ? "" : defaultValue;

  return (
    <Field
      inputId={selectId}
      label={label}
      required={required}
      error={error}
      hint={hint}
      className={containerClassName}
    >
      <div className="relative">
        <select
          id={selectId}
          required={required}
          value={value}
          defaultValue={initialValue}
          aria-invalid={hasError || undefined}
          aria-describedby={field.describedBy}
          className={cn(
            controlClassName,
            controlSizes[size],
            controlStateClassName[hasError ? "invalid" : "normal"],
            "appearance-none truncate pe-10",
            className,
          )}
          {...props}
        >
          {isEmpty ? (
            <option value="" disabled>
              {NO_OPTIONS_TEXT}
            </option>
          ) : (
            <>
              {placeholder !== undefined ? (
                <option value="" disabled>
                  {placeholder}
                </option>
              ) : null}
              {options.map((option) => (
                <option key={option.value} value={option.value} disabled={option.disabled}>
                  {option.label}
                </option>
              ))}
            </>
          )}
        </select>
        <ChevronDown
          aria-hidden="true"
          className="pointer-events-none absolute end-3 top-1/2 size-4 -translate-y-1/2 text-fg-subtle"
        />
      </div>
    </Field>
  );
}
