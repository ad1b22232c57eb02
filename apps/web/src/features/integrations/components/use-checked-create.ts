import { useState } from "react";
import { isApiError } from "@/lib/api-client";
import { firstIssuePerField } from "@/lib/form-errors";
import { notifyError } from "@/lib/notify";

type Issues = readonly { path: readonly PropertyKey[]; message: string }[];

/** The part of a zod schema used here: the API's own payload schema, from @tessera/shared. */
type PayloadSchema<Payload> = {
  safeParse(
    values: unknown,
  ): { success: true; data: Payload } | { success: false; error: { issues: Issues } };
};

/**
 * A create form of this page (API key, webhook endpoint): the values are checked with the API's
 * own schema before sending, the first issue of each field shown under it; the server's field
 * errors are shown the same way, `otherErrors` may turn another failure into one (else a toast).
 */
export function useCheckedCreate<Payload, Created>({
  schema,
  mutate,
  onCreated,
  otherErrors,
}: {
  schema: PayloadSchema<Payload>;
  mutate: (
    payload: Payload,
    handlers: { onSuccess: (created: Created) => void; onError: (error: unknown) => void },
  ) => void;
  onCreated: (created: Created) => void;
  otherErrors?: (error: unknown) => Partial<Record<keyof Payload, string>> | null;
}) {
  type FieldErrors = Partial<Record<keyof Payload, string>>;
  const [errors, setErrors] = useState<FieldErrors>({});

  function submit(values: unknown) {
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      setErrors(firstIssuePerField<keyof Payload & string>(parsed.error.issues) as FieldErrors);
      return;
    }
    setErrors({});
    mutate(parsed.data, {
      onSuccess: onCreated,
      onError: (error) => {
        const fields = isApiError(error) && error.errors ? error.errors : otherErrors?.(error);
        if (fields) setErrors(fields as FieldErrors);
        else notifyError(error);
      },
    });
  }

  return { errors, submit };
}
