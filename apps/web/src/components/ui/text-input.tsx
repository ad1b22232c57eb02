import { type ComponentProps, type FocusEvent, type ReactNode, useId, useState } from "react";
import { cn } from "@/lib/cn";
import {
  controlClassName,
  controlSizes,
  controlStateClassName,
  FieldLabel,
  FieldMessage,
  joinIds,
} from "./field";

export interface TextInputProps extends Omit<ComponentProps<"input">, "size"> {
  label?: ReactNode;
  /** Error message: red border, aria-invalid, and the message under the field. */
  error?: string;
  /** Helper text under the field when there is no error. */
  hint?: ReactNode;
  size?: keyof typeof controlSizes;
  /** Content inside the field's left / right edge (an icon, a unit, a button). */
  startAdornment?: ReactNode;
  endAdornment?: ReactNode;
  /** Class for the outer wrapper (label + field + message); `className` styles the input. */
  containerClassName?: string;
}

/**
 * The shared text input (spec "Shared text input"): number inputs default to min 0; the
 * placeholder clears on focus and returns on blur; an error gives the error style and text.
 * Works with react-hook-form's `register` (the ref is a regular prop in React 19).
 */
export function TextInput({
  label,
  error,
  hint,
  size = "md",
  startAdornment,
  endAdornment,
  containerClassName,
  className,
  id,
  type = "text",
  min,
  placeholder,
  required,
  onFocus,
  onBlur,
  "aria-describedby": describedBy,
  ...props
}: TextInputProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const [isFocused, setIsFocused] = useState(false);
  const hasError = Boolean(error);

  function handleFocus(event: FocusEvent<HTMLInputElement>) {
    setIsFocused(true);
    onFocus?.(event);
  }

  function handleBlur(event: FocusEvent<HTMLInputElement>) {
    setIsFocused(false);
    onBlur?.(event);
  }

  return (
    <div className={cn("w-full", containerClassName)}>
      {label ? (
        <FieldLabel htmlFor={inputId} required={required}>
          {label}
        </FieldLabel>
      ) : null}
      <div className="relative">
        {startAdornment ? (
          <span className="pointer-events-none absolute inset-y-0 start-0 flex items-center ps-3 text-fg-subtle [&_svg]:size-4">
            {startAdornment}
          </span>
        ) : null}
        <input
          id={inputId}
          type={type}
          min={min ?? (type === "number" ? 0 : undefined)}
          placeholder={isFocused ? "" : placeholder}
          required={required}
          aria-invalid={hasError || undefined}
          aria-describedby={joinIds(describedBy, hasError ? errorId : hint ? hintId : undefined)}
          onFocus={handleFocus}
          onBlur={handleBlur}
          className={cn(
            controlClassName,
            controlSizes[size],
            controlStateClassName[hasError ? "invalid" : "normal"],
            startAdornment && "ps-9",
            endAdornment && "pe-11",
            type === "date" && "dark:[color-scheme:dark]",
            className,
          )}
          {...props}
        />
        {endAdornment ? (
          <span className="absolute inset-y-0 end-0 flex items-center pe-1">{endAdornment}</span>
        ) : null}
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
