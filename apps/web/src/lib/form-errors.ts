import { useEffect } from "react";
import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormClearErrors,
  type UseFormSetError,
  type UseFormWatch,
  useForm,
} from "react-hook-form";
import { ApiError } from "./api-client";

/**
 * Puts the server's per-field messages (`errors: { field: message }`) on the form's fields.
 * Returns true when at least one field got a message, so the caller can fall back to a toast.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  if (!(error instanceof ApiError) || !error.errors) return false;
  let applied = false;
  for (const field of fields) {
    const message = error.errors[field];
    if (message) {
      setError(field, { type: "server", message });
      applied = true;
    }
  }
  return applied;
}

/**
 * Spec §4: "editing a field clears its error". The field is checked again on the next submit
 * (use with `reValidateMode: "onSubmit"`, so the message does not come straight back while the
 * person is still typing).
 */
export function useClearErrorOnEdit<T extends FieldValues>(
  watch: UseFormWatch<T>,
  clearErrors: UseFormClearErrors<T>,
): void {
  useEffect(() => {
    const subscription = watch((_values, { name, type }) => {
      if (type === "change" && name) clearErrors(name);
    });
    return () => subscription.unsubscribe();
  }, [watch, clearErrors]);
}

/**
 * A form as the spec wants every form: checked by its schema's resolver on submit, checked
 * again only on the next submit, and each field's error cleared as soon as it is edited.
 */
export function useCheckedForm<TInput extends FieldValues, TOutput = TInput>(
  resolver: Resolver<TInput, unknown, TOutput>,
  defaultValues: DefaultValues<TInput>,
) {
  const form = useForm<TInput, unknown, TOutput>({
    resolver,
    defaultValues,
    reValidateMode: "onSubmit",
  });
  useClearErrorOnEdit(form.watch, form.clearErrors);
  return form;
}

/**
 * A schema's issues as one message a field (the first it got), for forms that keep their errors
 * in state rather than in react-hook-form.
 */
export function firstIssuePerField<Field extends string>(
  issues: readonly {
    path: readonly PropertyKey[];
    message: string;
  }[],
): Partial<Record<Field, string>> {
  const messages: Partial<Record<Field, string>> = {};
  for (const issue of issues) messages[issue.path[0] as Field] ??= issue.message;
  return messages;
}
