import { LogOut, Menu } from "lucide-react";
import { useEffect } from "react";
import { Link, Navigate, Outlet, useLocation } from "react-router";
import { BrandLogo } from "@/components/brand-logo";
import { ShopLogo } from "@/components/shop-logo";
import { ThemeToggle } from "@/components/theme-toggle";
import { Avatar, IconButton, Sheet } from "@/components/ui";
import { ScanCardButton } from "@/features/member-card/scanner";
import { memberDetailPath } from "@/features/members";
import { NotificationBell } from "@/features/notifications";
import { MERCHANT_PROFILE_PATH, useCurrentUser, useLogout } from "@/features/session";
import { brandingStyle, useCurrentShop, useDocumentBranding } from "@/lib/shop-branding";
import { useMediaQuery } from "@/lib/use-media-query";
import { useSidebar } from "../providers/sidebar-provider";
import { navItemsFor } from "./merchant-nav";
import { SideNavLink } from "./side-nav-link";

/** Tailwind's `lg`: from here on the sidebar is always on screen. */
const DESKTOP_QUERY = "(min-width: 1024px)";

/**
 * `/merchant/sidebar` (spec §2 route list; its screen is not described). Read as the phone
 * menu as a page of its own: on phones and tablets the sidebar's sections and Logout fill the
 * page; on desktop, where the sidebar is always visible, it redirects to the dashboard.
 */
export function MerchantSidebarPage() {
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  if (isDesktop) return <Navigate to="/merchant/dashboard" replace />;
  return (
    <section aria-labelledby="merchant-sidebar-title" className="-mx-4 -my-6 sm:-mx-6">
      <h1 id="merchant-sidebar-title" className="sr-only">
        Menu
      </h1>
      <div className="h-[calc(100dvh-4rem)] overflow-y-auto bg-surface">
        <SidebarContent />
      </div>
    </section>
  );
}

function SidebarContent() {
  const user = useCurrentUser();
  const logout = useLogout("/");
  return (
    <div className="flex h-full flex-col">
      <div className="px-5 pt-5 pb-4 max-lg:hidden">
        <Link to="/merchant/dashboard" className="rounded-md text-fg no-underline">
          <BrandLogo />
        </Link>
      </div>
      <nav aria-label="Main" className="flex-1 px-3 py-2">
        <ul className="flex flex-col gap-1">
          {navItemsFor(user.data).map(({ to, label, icon }) => (
            <li key={to}>
              <SideNavLink to={to} label={label} icon={icon} className="transition-colors" />
            </li>
          ))}
        </ul>
      </nav>
      <div className="border-line border-t p-3">
        <button
          type="button"
          onClick={() => logout.mutate()}
          disabled={logout.isPending}
          aria-busy={logout.isPending || undefined}
          className="flex w-full items-center gap-3 rounded-control px-3 py-2.5 font-medium text-fg-muted text-sm transition-colors hover:bg-danger-soft hover:text-danger-ink disabled:opacity-60"
        >
          <LogOut aria-hidden="true" className="size-5" />
          Logout
        </button>
      </div>
    </div>
  );
}

/**
 * The merchant shell (spec §2 "Merchant shell"): a sidebar that is always there on desktop
 * and a sheet on phones (closed at first, spec §4), and a top bar with the shop's logo, name
 * and industry, the theme toggle, the notification bell (which also holds the area's real-time
 * socket) and the profile picture. The shop's branding applies inside.
 */
export function MerchantLayout() {
  const shop = useCurrentShop();
  const user = useCurrentUser();
  const sidebar = useSidebar();
  const { pathname } = useLocation();
  useDocumentBranding(shop);

  const { close } = sidebar;
  // Picking a page in the phone menu closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each navigation
  useEffect(() => close(), [pathname, close]);

  const fullName = user.data ? `${user.data.firstName} ${user.data.lastName}`.trim() : "";

  return (
    <div style={brandingStyle(shop)} className="min-h-dvh bg-canvas lg:flex">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-control bg-surface px-4 py-2 text-fg shadow-raised focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <aside className="sticky top-0 hidden h-dvh w-64 shrink-0 border-line border-r bg-surface lg:block">
        <SidebarContent />
      </aside>
      <Sheet
        open={sidebar.isOpen}
        onOpenChange={(open) => (open ? sidebar.open() : sidebar.close())}
        title="Menu"
        hideTitle
      >
        <SidebarContent />
      </Sheet>

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-line border-b bg-surface/95 px-3 backdrop-blur sm:px-6">
          <IconButton
            aria-label="Open menu"
            aria-expanded={sidebar.isOpen}
            className="lg:hidden"
            onClick={sidebar.open}
          >
            <Menu aria-hidden="true" />
          </IconButton>
          <ShopLogo src={shop.logo} name={shop.name} size="md" />
          <div className="min-w-0 flex-1">
            <p className="truncate font-semibold text-fg leading-tight">{shop.name}</p>
            {shop.industry ? (
              // Spec §9: the header text shortens below 410 px.
              <p className="truncate text-fg-muted text-xs max-[410px]:hidden">{shop.industry}</p>
            ) : null}
          </div>
          <ScanCardButton compact memberPath={memberDetailPath} />
          <ThemeToggle />
          <NotificationBell audience="merchant" />
          <Link
            to={MERCHANT_PROFILE_PATH}
            aria-label={fullName ? `Profile: ${fullName}` : "Profile"}
            className="rounded-full"
          >
            <Avatar src={user.data?.profilePicture} alt="" size="sm" />
          </Link>
        </header>
        <main id="main-content" className="flex-1 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
          <div className="mx-auto w-full max-w-6xl">
            <Outlet />
          </div>
        </main>
      </div>
    </div>
  );
}
