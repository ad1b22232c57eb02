import { type ComponentProps, type ReactNode, useId } from "react";
import { cn } from "@/lib/cn";
import {
  controlClassName,
  controlStateClassName,
  FieldLabel,
  FieldMessage,
  joinIds,
} from "./field";

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
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const hasError = Boolean(error);
  return (
    <div className={cn("w-full", containerClassName)}>
      {label ? (
        <FieldLabel htmlFor={inputId} required={required}>
          {label}
        </FieldLabel>
      ) : null}
      <textarea
        id={inputId}
        rows={rows}
        required={required}
        aria-invalid={hasError || undefined}
        aria-describedby={joinIds(describedBy, hasError ? errorId : hint ? hintId : undefined)}
        className={cn(
          controlClassName,
          controlStateClassName[hasError ? "invalid" : "normal"],
          "px-3.5 py-2.5 text-base sm:text-sm",
          className,
        )}
        {...props}
      />
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
