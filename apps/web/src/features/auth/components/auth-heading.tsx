import type { ReactNode } from "react";

/** The heading block at the top of an access form card. */
export function AuthHeading({ title, description }: { title: ReactNode; description?: ReactNode }) {
  return (
    <div className="mb-6">
      <h1 className="font-bold text-2xl text-fg">{title}</h1>
      {description ? <p className="mt-1 text-fg-muted text-sm">{description}</p> : null}
    </div>
  );
}
