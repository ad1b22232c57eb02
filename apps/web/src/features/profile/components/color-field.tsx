import { isHexColor } from "@tessera/shared";
import { useId } from "react";
import { FieldLabel, FieldMessage } from "@/components/ui/field";
import { cn } from "@/lib/cn";

/**
 * A colour: the browser's colour input beside a hex text field (spec §5: text is accepted only
 * as # plus 6 hex digits; the schema says so on submit).
 */
export function ColorField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div>
      <FieldLabel htmlFor={id} required>
        {label}
      </FieldLabel>
      <div className="flex gap-2">
        <input
          type="color"
          aria-label={`${label} picker`}
          value={isHexColor(value) ? value.toLowerCase() : "#000000"}
          onChange={(event) => onChange(event.target.value.toUpperCase())}
          className="h-11 w-14 shrink-0 cursor-pointer rounded-control border border-line-strong bg-surface p-1"
        />
        <input
          id={id}
          value={value}
          maxLength={7}
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onChange(event.target.value.trim())}
          className={cn(
            "block h-11 w-full min-w-0 rounded-control border bg-surface px-3.5 font-mono text-base text-fg uppercase shadow-card focus-visible:outline-none focus-visible:ring-4 sm:text-sm",
            error
              ? "border-danger focus-visible:ring-danger/20"
              : "border-line-strong focus-visible:border-primary focus-visible:ring-primary/20",
          )}
        />
      </div>
      {error ? (
        <FieldMessage id={errorId} tone="error">
          {error}
        </FieldMessage>
      ) : null}
    </div>
  );
}
