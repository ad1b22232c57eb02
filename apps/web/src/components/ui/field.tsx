import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

/** Shared input chrome, so TextInput, Select and future inputs look and behave alike. */
export const controlClassName =
  "block w-full min-w-0 rounded-control border bg-surface text-fg shadow-card transition-[border-color,box-shadow] duration-150 placeholder:text-fg-subtle focus-visible:outline-none focus-visible:ring-4 disabled:cursor-not-allowed disabled:bg-muted disabled:text-fg-subtle";

export const controlStateClassName = {
  normal:
    "border-line-strong hover:border-fg-subtle focus-visible:border-primary focus-visible:ring-primary/20",
  invalid: "border-danger focus-visible:border-danger focus-visible:ring-danger/20",
} as const;

export const controlSizes = {
  sm: "h-9 px-3 text-sm",
  md: "h-11 px-3.5 text-base sm:text-sm",
} as const;

export function FieldLabel({
  htmlFor,
  required,
  children,
}: {
  htmlFor: string;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <label htmlFor={htmlFor} className="mb-1.5 block font-medium text-fg text-sm">
      {children}
      {required ? (
        <span aria-hidden="true" className="ms-0.5 text-danger-ink">
          *
        </span>
      ) : null}
    </label>
  );
}

export function FieldMessage({
  id,
  tone,
  children,
}: {
  id: string;
  tone: "error" | "hint";
  children: ReactNode;
}) {
  return (
    <p
      id={id}
      className={cn("mt-1.5 text-sm", tone === "error" ? "text-danger-ink" : "text-fg-subtle")}
    >
      {children}
    </p>
  );
}

/** Joins describedby ids, dropping empty ones. */
export function joinIds(...ids: (string | false | null | undefined)[]): string | undefined {
  const joined = ids.filter(Boolean).join(" ");
  return joined || undefined;
}
