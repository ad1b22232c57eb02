import * as Dialog from "@radix-ui/react-dialog";
import type { Notification } from "@tessera/shared";
import { Bell, CheckCheck } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import {
  Button,
  IconButton,
  type IconButtonProps,
  SidePanel,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  useIsPhone,
} from "@/components/ui";
import { cn } from "@/lib/cn";
import { t } from "@/lib/i18n";
import { useT } from "@/lib/i18n/use-t";
import {
  type NotificationAudience,
  type NotificationFilter,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotifications,
} from "../api";
import {
  type NotificationAudienceOptions,
  useNotificationAudience,
} from "../use-notification-audience";
import { useNotificationSocket } from "../use-notification-socket";
import { NotificationList } from "./notification-list";

export const NOTIFICATIONS_TITLE = "Notifications";

/** The bell's accessible name: "Notifications", or "Notifications, 3 unread". */
export function bellLabel(unreadCount: number | undefined): string {
  return unreadCount
    ? t("Notifications, {count} unread", { count: unreadCount })
    : t(NOTIFICATIONS_TITLE);
}

/** The count as the badge shows it: up to 99, then "99+". */
export function badgeText(unreadCount: number): string {
  return unreadCount > 99 ? "99+" : String(unreadCount);
}

function BellButton({
  unreadCount,
  ...props
}: Omit<IconButtonProps, "aria-label" | "children"> & { unreadCount: number | undefined }) {
  return (
    <IconButton aria-label={bellLabel(unreadCount)} {...props}>
      <Bell aria-hidden="true" />
      {unreadCount ? (
        <span
          aria-hidden="true"
          data-testid="notification-badge"
          className="pointer-events-none absolute top-0 right-0 flex h-5 min-w-5 items-center justify-center rounded-full bg-danger px-1 font-semibold text-[11px] text-white tabular-nums leading-none ring-2 ring-surface"
        >
          {badgeText(unreadCount)}
        </span>
      ) : null}
    </IconButton>
  );
}

export interface NotificationBellProps extends NotificationAudienceOptions {
  /**
   * Keeps the real-time socket open while the bell is on screen (default). Pass false where
   * the area mounts `useNotificationSocket` itself, so there is still one socket per area.
   */
  live?: boolean;
  className?: string;
}

const NO_SESSION = { audience: null, identity: null, token: null };

/**
 * The notification bell (spec §2, §6): the unread count on a bell that opens the list with
 * the filters All and Unread and "Mark all as read". Merchant calls when a merchant user is
 * signed in, otherwise the signed-in customer's; nothing without a session. A popover under
 * the bell on larger screens, a slide-up sheet on phones.
 *
 *   <NotificationBell />                                   // whoever is signed in
 *   <NotificationBell audience="customer" shopId={shop.id} />
 */
export function NotificationBell({ live = true, className, ...options }: NotificationBellProps) {
  const session = useNotificationAudience(options);
  useNotificationSocket(live ? session : NO_SESSION);
  if (!session.token) return null;
  if (!session.audience) {
    // Who is signed in is still loading: hold the bell's place so the top bar does not shift.
    return <BellButton unreadCount={undefined} disabled className={className} />;
  }
  return <BellWithPanel audience={session.audience} className={className} />;
}

function BellWithPanel({
  audience,
  className,
}: {
  audience: NotificationAudience;
  className?: string;
}) {
  const [isOpen, setIsOpen] = useState(false);
  useT();
  const [filter, setFilter] = useState<NotificationFilter>("all");
  const isPhone = useIsPhone();
  // The All list is always loaded: its first page carries the bell's count.
  const all = useNotifications(audience, "all");
  const unreadCount = all.data?.pages[0]?.unreadCount;
  const markRead = useMarkNotificationRead(audience);
  const markAll = useMarkAllNotificationsRead(audience);
  const tabsRef = useRef<HTMLDivElement>(null);

  // The phone sheet (vaul) leaves focus on the bell behind its backdrop; move it to the
  // selected filter, as the popover does by itself.
  useEffect(() => {
    if (!isOpen || !isPhone) return;
    const frame = requestAnimationFrame(() =>
      tabsRef.current?.querySelector<HTMLElement>('[role="tab"][data-state="active"]')?.focus(),
    );
    return () => cancelAnimationFrame(frame);
  }, [isOpen, isPhone]);

  function open(notification: Notification, followsLink: boolean) {
    if (!notification.isRead) markRead.mutate(notification);
    if (followsLink) setIsOpen(false);
  }

  const trigger = <BellButton unreadCount={unreadCount} className={className} />;
  const listClassName = cn(
    "max-h-80 overflow-y-auto overscroll-contain border-line border-t sm:max-h-100",
    "focus-visible:outline-2 focus-visible:-outline-offset-2",
    isPhone && "-mx-5",
  );
  const body = (
    <Tabs
      value={filter}
      onValueChange={(value) => setFilter(value === "unread" ? "unread" : "all")}
      className="gap-0"
    >
      <div className={cn("flex items-center justify-between gap-2 pb-3", !isPhone && "px-4")}>
        <TabsList ref={tabsRef} variant="pill" aria-label={t("Show")}>
          <TabsTrigger value="all">{t("All")}</TabsTrigger>
          <TabsTrigger value="unread">
            {t("Unread")}
            {unreadCount ? (
              <span className="rounded-full bg-primary-soft px-1.5 text-primary-ink text-xs tabular-nums">
                {badgeText(unreadCount)}
              </span>
            ) : null}
          </TabsTrigger>
        </TabsList>
        <Button
          variant="ghost"
          size="sm"
          className="-me-2"
          leftIcon={<CheckCheck aria-hidden="true" className="size-4" />}
          disabled={!unreadCount}
          loading={markAll.isPending}
          onClick={() => markAll.mutate()}
        >
          {t("Mark all as read")}
        </Button>
      </div>
      <TabsContent value="all" className={listClassName}>
        <NotificationList audience={audience} filter="all" onOpen={open} />
      </TabsContent>
      <TabsContent value="unread" className={listClassName}>
        <NotificationList audience={audience} filter="unread" onOpen={open} />
      </TabsContent>
    </Tabs>
  );

  if (isPhone) {
    return (
      <SidePanel
        open={isOpen}
        onOpenChange={setIsOpen}
        trigger={trigger}
        title={t(NOTIFICATIONS_TITLE)}
      >
        {body}
      </SidePanel>
    );
  }
  return (
    <Dialog.Root open={isOpen} onOpenChange={setIsOpen} modal={false}>
      <div className="relative">
        <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
        <Dialog.Content
          aria-describedby={undefined}
          className="absolute top-full right-0 z-50 mt-2 w-[min(24rem,calc(100vw-1.5rem))] overflow-hidden rounded-card border border-line bg-surface text-fg shadow-overlay outline-none data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in"
        >
          <Dialog.Title className="px-4 pt-4 pb-3 font-semibold text-base text-fg">
            {t(NOTIFICATIONS_TITLE)}
          </Dialog.Title>
          {body}
        </Dialog.Content>
      </div>
    </Dialog.Root>
  );
}
