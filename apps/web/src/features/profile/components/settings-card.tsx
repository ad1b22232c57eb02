import type { ReactNode } from "react";
import { Card, CardHeader } from "@/components/ui";

/** One card of saved settings on the profile pages, marked busy while the saved values load. */
export function SettingsCard({
  title,
  description,
  busy,
  children,
}: {
  title: string;
  description: string;
  busy: boolean;
  children: ReactNode;
}) {
  return (
    <Card aria-busy={busy || undefined}>
      <CardHeader title={title} description={description} headingLevel={2} className="mb-4" />
      {children}
    </Card>
  );
}
