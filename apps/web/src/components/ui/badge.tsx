import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

export type BadgeTone = "neutral" | "primary" | "success" | "warning" | "danger" | "info";

const tones: Record<BadgeTone, string> = {
  neutral: "bg-muted text-fg-muted ring-line-strong/60",
  primary: "bg-primary-soft text-primary-ink ring-primary/25",
  success: "bg-success-soft text-success-ink ring-success-ink/20",
  warning: "bg-warning-soft text-warning-ink ring-warning-ink/20",
  danger: "bg-danger-soft text-danger-ink ring-danger-ink/20",
  info: "bg-info-soft text-info-ink ring-info-ink/20",
};

/** The tone for the statuses the app shows (members, staff, tiers, offers, payments). */
export function statusTone(status: string | null | undefined): BadgeTone {
  switch ((status ?? "").toLowerCase()) {
    case "active":
    case "succeeded":
    case "paid":
    case "connected":
      return "success";
    case "pending":
    case "cancelled":
    case "canceled":
    case "due":
      return "warning";
    case "disabled":
    case "deleted":
    case "failed":
      return "danger";
    case "invited":
    case "upcoming":
    case "refunded":
      return "info";
    default:
      return "neutral";
  }
}

export interface BadgeProps extends ComponentProps<"span"> {
  tone?: BadgeTone;
  /** A small dot before the text, for statuses. */
  dot?: boolean;
}

export function Badge({
  tone = "neutral",
  dot = false,
  className,
  children,
  ...props
}: BadgeProps) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-2.5 py-0.5 font-medium text-xs ring-1 ring-inset",
        tones[tone],
        className,
      )}
      {...props}
    >
      {dot ? <span aria-hidden="true" className="size-1.5 rounded-full bg-current" /> : null}
      {children}
    </span>
  );
}
