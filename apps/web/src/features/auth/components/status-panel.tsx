import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

/** A centred icon, heading, text and actions: the "check your inbox" and "Verified!" cards. */
export function StatusPanel({
  icon,
  title,
  children,
  actions,
  tone = "primary",
}: {
  icon: ReactNode;
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  tone?: "primary" | "success";
}) {
  return (
    <div className="flex flex-col items-center text-center">
      <div
        className={cn(
          "mb-5 flex size-14 items-center justify-center rounded-full [&_svg]:size-7",
          tone === "success"
            ? "bg-success-soft text-success-ink"
            : "bg-primary-soft text-primary-ink",
        )}
      >
        {icon}
      </div>
      <h1 className="font-bold text-2xl text-fg">{title}</h1>
      {children ? <div className="mt-2 text-fg-muted text-sm">{children}</div> : null}
      {actions ? <div className="mt-6 flex w-full flex-col gap-3">{actions}</div> : null}
    </div>
  );
}
