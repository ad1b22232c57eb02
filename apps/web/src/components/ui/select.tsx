import { ChevronDown } from "lucide-react";
import { type ComponentProps, type ReactNode, useId } from "react";
import { cn } from "@/lib/cn";
import {
  controlClassName,
  controlSizes,
  controlStateClassName,
  FieldLabel,
  FieldMessage,
  joinIds,
} from "./field";

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
  const generatedId = useId();
  const selectId = id ?? generatedId;
  const errorId = `${selectId}-error`;
  const hintId = `${selectId}-hint`;
  const hasError = Boolean(error);
  const isEmpty = options.length === 0;
  const hasBlankOption = isEmpty || placeholder !== undefined;
  // Without a value the browser would pick the first enabled option, hiding the placeholder.
  const initialValue =
    value === undefined && defaultValue === undefined && hasBlankOption ? "" : defaultValue;

  return (
    <div className={cn("w-full", containerClassName)}>
      {label ? (
        <FieldLabel htmlFor={selectId} required={required}>
          {label}
        </FieldLabel>
      ) : null}
      <div className="relative">
        <select
          id={selectId}
          required={required}
          value={value}
          defaultValue={initialValue}
          aria-invalid={hasError || undefined}
          aria-describedby={joinIds(describedBy, hasError ? errorId : hint ? hintId : undefined)}
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
      {hasError ? (
        <FieldMessage id={errorId} tone="error">
          {error}
        </FieldMessage>
      ) : hint ? (
        <FieldMessage id={hintId} tone="hint">
          {hint}
        </FieldMessage>
      ) : null}
    </div>
  );
}
