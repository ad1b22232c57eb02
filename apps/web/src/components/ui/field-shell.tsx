import { type ReactNode, useId } from "react";
import { cn } from "@/lib/cn";
import { FieldLabel, FieldMessage, joinIds } from "./field";

// Kept apart from field.tsx: the text input (in the login pages' first load) keeps its own
// label and message markup, and does not carry this wrapper.
/**
 * The ids a field wires its control to its hint or error with: `${id}-error` / `${id}-hint`,
 * and aria-describedby naming the error when there is one, else the hint.
 */
export function useFieldIds(
  id: string | undefined,
  error: string | undefined,
  hint: ReactNode,
  describedBy?: string,
) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const hasError = Boolean(error);
  return {
    inputId,
    errorId,
    hintId,
    hasError,
    describedBy: joinIds(describedBy, hasError ? errorId : hint ? hintId : undefined),
  };
}

export interface FieldProps {
  /** The control's id, from useFieldIds. */
  inputId: string;
  label?: ReactNode;
  required?: boolean;
  error?: string;
  hint?: ReactNode;
  /** Class for the outer wrapper (label + control + message). */
  className?: string;
  children: ReactNode;
}

/** The label above a control and its error (or else its hint) under it, as every input has. */
export function Field({ inputId, label, required, error, hint, className, children }: FieldProps) {
  return (
    <div className={cn("w-full", className)}>
      {label ? (
        <FieldLabel htmlFor={inputId} required={required}>
          {label}
        </FieldLabel>
      ) : null}
      {children}
      {error ? (
        <FieldMessage id={`${inputId}-error`} tone="error">
          {error}
        </FieldMessage>
      ) : hint ? (
        <FieldMessage id={`${inputId}-hint`} tone="hint">
          {hint}
        </FieldMessage>
      ) : null}
    </div>
  );
}
