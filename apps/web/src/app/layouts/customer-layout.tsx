import { LayoutDashboard, LogOut, Menu, UserRound } from "lucide-react";
import { useEffect } from "react";
import { Link, Outlet, useLocation } from "react-router";
import { PageLoader } from "@/components/page-loader";
import { ShopLogo } from "@/components/shop-logo";
import { ThemeToggle } from "@/components/theme-toggle";
import {
  DropdownMenu,
  DropdownMenuItem,
  DropdownMenuSeparator,
  IconButton,
  Sheet,
} from "@/components/ui";
import {
  CustomerAvatar,
  HeaderCashback,
  useCustomerEvents,
  useSignedInCustomer,
} from "@/features/customer";
import { customerSection } from "@/features/customer/catalogue";
import { CustomerLanguageMenu } from "@/features/customer/language";
import { NotificationBell } from "@/features/notifications";
import { useLogout } from "@/features/session";
import { useSection } from "@/lib/i18n";
import { useT } from "@/lib/i18n/use-t";
import { useCurrentShop } from "@/lib/shop-branding";
import { useSidebar } from "../providers/sidebar-provider";
import { SideNavLink } from "./side-nav-link";

type NavItem = { to: string; label: string; icon: typeof LayoutDashboard };

/** Larger screens: the picture opens Dashboard, Profile and Logout. */
function AccountMenu({
  items,
  fullName,
  onLogout,
}: {
  items: NavItem[];
  fullName: string;
  onLogout: () => void;
}) {
  const { t } = useT();
  return (
    <div className="max-sm:hidden">
      <DropdownMenu
        label={t("Account")}
        trigger={
          <button
            type="button"
            aria-label={
              fullName ? t("Account menu: {name}", { name: fullName }) : t("Account menu")
            }
            className="rounded-full"
          >
            <CustomerAvatar />
          </button>
        }
      >
        {items.map(({ to, label, icon: Icon }) => (
          <DropdownMenuItem key={to} asChild>
            <Link to={to}>
              <Icon aria-hidden="true" />
              {label}
            </Link>
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onLogout}>
          <LogOut aria-hidden="true" />
          {t("Logout")}
        </DropdownMenuItem>
      </DropdownMenu>
    </div>
  );
}

/**
 * The customer area's frame (spec §2 "Customer header"): the shop's logo and name, the
 * cashback balance (it opens redeem-cashback), the profile picture, and the menu Dashboard,
 * Profile, Logout — a dropdown on larger screens, a side sheet on phones. Below 410 px the
 * header's text shortens to the logo and the amount (spec §9). Logout goes to the shop's login
 * (DOMAIN "Customer flows stay in the shop").
 *
 * The live event stream (spec §4 "Real-time") is held here rather than in the dashboard alone,
 * so the header's balance and the profile stay current on every customer page; it closes when
 * the customer area is left or the customer logs out.
 */
export function CustomerLayout() {
  const shop = useCurrentShop();
  const base = `/${shop.id}/customer`;
  const logout = useLogout(`/${shop.id}/login`);
  const sidebar = useSidebar();
  const { customerId, dashboard } = useSignedInCustomer();
  useCustomerEvents(shop.id, customerId);
  const customer = dashboard.data?.customer;
  const fullName = customer ? `${customer.firstName} ${customer.lastName}` : "";
  const { pathname } = useLocation();
  const { close } = sidebar;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each navigation
  useEffect(() => close(), [pathname, close]);
  const { t, locale } = useT();
  const wordsReady = useSection(customerSection, locale);
  if (!wordsReady) return <PageLoader />;

  const items = [
    { to: `${base}/dashboard`, label: t("Dashboard"), icon: LayoutDashboard },
    { to: `${base}/profile-overview`, label: t("Profile"), icon: UserRound },
  ];

  return (
    <div className="min-h-dvh bg-canvas">
      <header className="sticky top-0 z-30 border-line border-b bg-surface/95 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-3 sm:gap-3 sm:px-6">
          <IconButton
            aria-label={t("Open menu")}
            aria-expanded={sidebar.isOpen}
            className="sm:hidden"
            onClick={sidebar.open}
          >
            <Menu aria-hidden="true" />
          </IconButton>
          <Link
            to={`${base}/dashboard`}
            className="flex min-w-0 flex-1 items-center gap-3 rounded-md text-fg no-underline"
          >
            <ShopLogo src={shop.logo} name={shop.name} size="md" />
            {/* Spec §9: below 410 px the header keeps the logo and drops the name. */}
            <span className="truncate font-bold text-base max-[410px]:sr-only sm:text-lg">
              {shop.name}
            </span>
          </Link>
          <HeaderCashback />
          {/* Below 410 px the header keeps the logo and the amount; the profile has the language. */}
          <CustomerLanguageMenu customerId={customerId} className="max-[410px]:hidden" />
          <ThemeToggle />
          <NotificationBell
            audience="customer"
            shopId={shop.id}
            customerId={customerId ?? undefined}
          />
          <AccountMenu items={items} fullName={fullName} onLogout={() => logout.mutate()} />
          <Link
            to={`${base}/profile-overview`}
            aria-label={fullName ? t("Profile: {name}", { name: fullName }) : t("Profile")}
            className="shrink-0 rounded-full sm:hidden"
          >
            <CustomerAvatar />
          </Link>
        </div>
      </header>

      <Sheet
        open={sidebar.isOpen}
        onOpenChange={(open) => (open ? sidebar.open() : sidebar.close())}
        title={shop.name}
      >
        {customer ? (
          <div className="mx-3 mb-2 flex items-center gap-3 rounded-control bg-muted p-3">
            <CustomerAvatar size="md" />
            <div className="min-w-0">
              <p className="truncate font-semibold text-fg text-sm">{fullName}</p>
              <p className="truncate text-fg-muted text-xs">{customer.email}</p>
            </div>
          </div>
        ) : null}
        <nav aria-label={t("Account")} className="flex flex-col gap-1 px-3 py-2">
          {items.map(({ to, label, icon }) => (
            <SideNavLink key={to} to={to} label={label} icon={icon} />
          ))}
          <button
            type="button"
            onClick={() => logout.mutate()}
            disabled={logout.isPending}
            className="flex items-center gap-3 rounded-control px-3 py-2.5 font-medium text-fg-muted text-sm hover:bg-danger-soft hover:text-danger-ink"
          >
            <LogOut aria-hidden="true" className="size-5" />
            {t("Logout")}
          </button>
        </nav>
      </Sheet>

      <main id="main-content" className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-8">
        <Outlet />
      </main>
    </div>
  );
}
