import type { User } from "@tessera/shared";
import {
  BadgePercent,
  ChartLine,
  Crown,
  FileBarChart,
  LayoutDashboard,
  type LucideIcon,
  ScrollText,
  Store,
  UserCog,
  Users,
} from "lucide-react";

export interface MerchantNavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Staff management, store customization and payment onboarding are the owner's (DOMAIN). */
  ownerOnly?: boolean;
}

/**
 * The merchant sidebar, in the spec's order (merchant-area §2: dashboard, members,
 * memberships, offers, storefront, reports, staff; the shell adds Logout). Each issue adds its
 * section here when its pages exist: Members, Reports and Staff join (in that order) with their
 * issues, so the sidebar never links to a page that would answer "not found".
 */
export const merchantNavItems: readonly MerchantNavItem[] = [
  { to: "/merchant/dashboard", label: "Dashboard", icon: LayoutDashboard },
  { to: "/merchant/members", label: "Members", icon: Users },
  { to: "/merchant/memberships", label: "Memberships", icon: Crown },
  { to: "/merchant/offers", label: "Offers", icon: BadgePercent },
  { to: "/merchant/storefront", label: "Storefront", icon: Store },
  { to: "/merchant/reports", label: "Reports", icon: FileBarChart },
  // Read-only figures: staff see them as they see Dashboard and Reports.
  { to: "/merchant/analytics", label: "Analytics", icon: ChartLine },
  { to: "/merchant/users", label: "Staff", icon: UserCog, ownerOnly: true },
  { to: "/merchant/audit-log", label: "Audit log", icon: ScrollText, ownerOnly: true },
];

/** The sections this user may open; while the user loads, owner-only ones stay hidden. */
export function navItemsFor(user: Pick<User, "role"> | undefined): MerchantNavItem[] {
  return merchantNavItems.filter((item) => !item.ownerOnly || user?.role === "owner");
}
