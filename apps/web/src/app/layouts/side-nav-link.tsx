import type { LucideIcon } from "lucide-react";
import { NavLink } from "react-router";
import { cn } from "@/lib/cn";

/** A link of a sidebar's menu (merchant area, customer account): its icon, its label, the current page marked. */
export function SideNavLink({
  to,
  label,
  icon: Icon,
  className,
}: {
  to: string;
  label: string;
  icon: LucideIcon;
  className?: string;
}) {
  return (
    <NavLink
      to={to}
      className={({ isActive }) =>
        cn(
          "flex items-center gap-3 rounded-control px-3 py-2.5 font-medium text-sm no-underline",
          className,
          isActive
            ? "bg-primary-soft text-primary-ink"
            : "text-fg-muted hover:bg-muted hover:text-fg",
        )
      }
    >
      <Icon aria-hidden="true" className="size-5" />
      {label}
    </NavLink>
  );
}
