import { CircleAlert, CircleCheck, Info, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

export type AlertTone = "info" | "success" | "warning" | "danger";

const tones: Record<AlertTone, { box: string; icon: ReactNode }> = {
  info: { box: "bg-info-soft text-info-ink", icon: <Info aria-hidden="true" /> },
  success: { box: "bg-success-soft text-success-ink", icon: <CircleCheck aria-hidden="true" /> },
  warning: { box: "bg-warning-soft text-warning-ink", icon: <TriangleAlert aria-hidden="true" /> },
  danger: { box: "bg-danger-soft text-danger-ink", icon: <CircleAlert aria-hidden="true" /> },
};

export interface AlertProps {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  /** Buttons or links under the text. */
  action?: ReactNode;
  /** "status" (polite) for notices that appear after an action, "alert" for errors. */
  role?: "status" | "alert";
  className?: string;
}

/** An inline notice box: a tinted icon, a title, text and optional actions. */
export function Alert({ tone = "info", title, children, action, role, className }: AlertProps) {
  const { box, icon } = tones[tone];
  return (
    <div
      role={role}
      className={cn("flex gap-3 rounded-control border border-line bg-surface p-4", className)}
    >
      <span
        className={cn(
          "flex size-8 shrink-0 items-center justify-center rounded-full [&_svg]:size-4.5",
          box,
        )}
      >
        {icon}
      </span>
      <div className="min-w-0 flex-1 text-sm">
        {title ? <p className="font-semibold text-fg">{title}</p> : null}
        {children ? <div className={cn("text-fg-muted", title && "mt-0.5")}>{children}</div> : null}
        {action ? <div className="mt-3 flex flex-wrap gap-2">{action}</div> : null}
      </div>
    </div>
  );
}
