import type { Notification } from "@tessera/shared";
import { BellOff } from "lucide-react";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { Link } from "react-router";
import { Button, EmptyState, QueryErrorState, Spinner } from "@/components/ui";
import { cn } from "@/lib/cn";
import { type MessageKey, t } from "@/lib/i18n";
import { useT } from "@/lib/i18n/use-t";
import { type NotificationAudience, type NotificationFilter, useNotifications } from "../api";
import { formatFullTime, formatRelativeTime } from "../format-relative-time";

export const EMPTY_TEXT: Record<NotificationFilter, MessageKey> = {
  all: "No notifications yet",
  unread: "No unread notifications",
};

/** Re-renders every `interval` ms, so "5 minutes ago" keeps up while the list is open. */
function useNow(interval = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), interval);
    return () => window.clearInterval(timer);
  }, [interval]);
  return now;
}

type Target = { kind: "route" | "page"; href: string };

/**
 * Where an item leads: an app path opens in the router; an http(s) address of another site as
 * a page. Anything else (`javascript:`, `//host`) is not followed.
 */
export function targetOf(link: string | null): Target | null {
  if (!link) return null;
  if (link.startsWith("/") && !link.startsWith("//")) return { kind: "route", href: link };
  try {
    const url = new URL(link);
    if (url.protocol !== "https:" && url.protocol !== "http:") return null;
    if (url.origin === window.location.origin) {
      return { kind: "route", href: `${url.pathname}${url.search}${url.hash}` };
    }
    return { kind: "page", href: url.href };
  } catch {
    return null;
  }
}

const itemClassName =
  "flex w-full gap-3 px-4 py-3 text-left text-fg no-underline transition-colors focus-visible:outline-2 focus-visible:-outline-offset-2";

function NotificationItem({
  notification,
  now,
  onOpen,
}: {
  notification: Notification;
  now: number;
  onOpen: (notification: Notification, followsLink: boolean) => void;
}) {
  const target = targetOf(notification.link);
  const { locale } = useT();
  const isUnread = !notification.isRead;
  const body: ReactNode = (
    <>
      <span
        aria-hidden="true"
        className={cn(
          "mt-1.5 size-2 shrink-0 rounded-full",
          isUnread ? "bg-primary" : "bg-transparent",
        )}
      />
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        {isUnread ? <span className="sr-only">{t("Unread:")} </span> : null}
        <span className={cn("text-sm", isUnread ? "font-semibold" : "font-medium")}>
          {notification.title}
        </span>
        {notification.message ? (
          <span className="text-fg-muted text-sm [overflow-wrap:anywhere]">
            {notification.message}
          </span>
        ) : null}
        <time
          dateTime={notification.createdAt}
          title={formatFullTime(notification.createdAt, locale)}
          className="text-fg-muted text-xs"
        >
          {formatRelativeTime(notification.createdAt, now, locale)}
        </time>
      </span>
    </>
  );
  const className = cn(
    itemClassName,
    isUnread && "bg-primary-soft/60",
    (target || isUnread) && "cursor-pointer hover:bg-muted",
  );

  if (target?.kind === "route") {
    return (
      <Link to={target.href} className={className} onClick={() => onOpen(notification, true)}>
        {body}
      </Link>
    );
  }
  if (target?.kind === "page") {
    return (
      <a href={target.href} className={className} onClick={() => onOpen(notification, true)}>
        {body}
      </a>
    );
  }
  if (isUnread) {
    return (
      <button type="button" className={className} onClick={() => onOpen(notification, false)}>
        {body}
      </button>
    );
  }
  return <div className={className}>{body}</div>;
}

/**
 * One filter's list, newest first: a spinner while it loads, the server's message with Retry
 * when it fails, an empty state, and "Load more" while the server has more.
 */
export function NotificationList({
  audience,
  filter,
  onOpen,
}: {
  audience: NotificationAudience;
  filter: NotificationFilter;
  onOpen: (notification: Notification, followsLink: boolean) => void;
}) {
  const query = useNotifications(audience, filter);
  const now = useNow();
  useT();
  // A live notice shifts the server's pages by one; a later page may repeat an item.
  const notifications = useMemo(() => {
    const seen = new Set<number>();
    return (query.data?.pages ?? [])
      .flatMap((page) => page.notifications)
      .filter((n) => {
        if (seen.has(n.id)) return false;
        seen.add(n.id);
        return true;
      });
  }, [query.data]);

  if (query.isPending) {
    return (
      <div className="flex justify-center py-10 text-fg-muted">
        <Spinner label={t("Loading notifications")} />
      </div>
    );
  }
  if (query.isError && notifications.length === 0) {
    return (
      <QueryErrorState
        query={query}
        title={t("Notifications could not be loaded")}
        className="py-8"
      />
    );
  }
  if (notifications.length === 0) {
    return (
      <EmptyState
        title={t(EMPTY_TEXT[filter])}
        icon={<BellOff aria-hidden="true" />}
        className="py-8"
      />
    );
  }
  return (
    <>
      <ul className="divide-y divide-line">
        {notifications.map((notification) => (
          <li key={notification.id}>
            <NotificationItem notification={notification} now={now} onOpen={onOpen} />
          </li>
        ))}
      </ul>
      {query.hasNextPage ? (
        <div className="border-line border-t p-2">
          <Button
            variant="ghost"
            size="sm"
            fullWidth
            loading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {t("Load more")}
          </Button>
        </div>
      ) : null}
    </>
  );
}
