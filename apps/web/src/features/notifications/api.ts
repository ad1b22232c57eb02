import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  type QueryKey,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import type { Customer, Notification, NotificationList } from "@tessera/shared";
import { api } from "@/lib/api-client";
import { notifyError } from "@/lib/notify";
import { retryCustomerQuery, retryUnlessClientError } from "@/lib/query-client";

/**
 * The bell's calls (spec §7 Notifications): the merchant's, or the signed-in customer's `{id}`
 * calls. Lists are cached per audience and filter as infinite queries (20 a page, newest
 * first); a live notification, a read and mark-all patch every cached list of the audience.
 */

/** Whose bell: the signed-in merchant user, or one shop's signed-in customer. */
export type NotificationAudience =
  | { kind: "merchant"; userId: number }
  | { kind: "customer"; shopId: number; customerId: number };

export type NotificationFilter = "all" | "unread";

export const NOTIFICATIONS_PAGE_SIZE = 20;

export const notificationKeys = {
  all: ["notifications"] as const,
  /** Keyed by who is signed in, so another account never sees this one's cached list. */
  audience: (audience: NotificationAudience) =>
    audience.kind === "merchant"
      ? ([...notificationKeys.all, "merchant", audience.userId] as const)
      : ([...notificationKeys.all, "customer", audience.shopId, audience.customerId] as const),
  lists: (audience: NotificationAudience) =>
    [...notificationKeys.audience(audience), "list"] as const,
  list: (audience: NotificationAudience, filter: NotificationFilter) =>
    [...notificationKeys.lists(audience), filter] as const,
  /** The signed-in customer's own record: its e-mail names the socket's user. */
  customerIdentity: (shopId: number, customerId: number) =>
    [...notificationKeys.all, "customer", shopId, customerId, "identity"] as const,
};

// ---------------------------------------------------------------- calls

/**
 * A call's path for the audience: the merchant's call names no one (the session says who), the
 * customer's ends in the customer's id.
 */
function audiencePath(
  audience: NotificationAudience,
  merchantPath: string,
  customerPath: string,
): string {
  return audience.kind === "merchant" ? merchantPath : `${customerPath}/${audience.customerId}`;
}

function listPath(audience: NotificationAudience, filter: NotificationFilter): string {
  const which = filter === "unread" ? "unread" : "all";
  return audiencePath(
    audience,
    `/notifications/get-${which}-notifications-by-merchantId`,
    `/notifications/get-${which}-notifications-by-customerId`,
  );
}

/** GET …/get-all-notifications-by-… or …/get-unread-notifications-by-… (newest first). */
export function fetchNotifications(
  audience: NotificationAudience,
  filter: NotificationFilter,
  page: number,
  signal?: AbortSignal,
): Promise<NotificationList> {
  return api.get<NotificationList>(listPath(audience, filter), {
    query: { page, pageSize: NOTIFICATIONS_PAGE_SIZE },
    signal,
  });
}

export type MarkReadResponse = {
  message: string;
  notification: Notification;
  unreadCount: number;
};

/** PUT /notifications/update-notification-by-id-merchant?id= or …-customer/{id}?id= */
export function markNotificationRead(
  audience: NotificationAudience,
  id: number,
): Promise<MarkReadResponse> {
  const path = audiencePath(
    audience,
    "/notifications/update-notification-by-id-merchant",
    "/notifications/update-notification-by-id-customer",
  );
  return api.put<MarkReadResponse>(path, undefined, { query: { id } });
}

export type MarkAllReadResponse = { message: string; updated: number; unreadCount: number };

/** PUT /notifications/read-all-notifications-by-merchantId or …-by-customerId/{id} */
export function markAllNotificationsRead(
  audience: NotificationAudience,
): Promise<MarkAllReadResponse> {
  const path = audiencePath(
    audience,
    "/notifications/read-all-notifications-by-merchantId",
    "/notifications/read-all-notifications-by-customerId",
  );
  return api.put<MarkAllReadResponse>(path);
}

/** GET /customer/auth/me: who holds the customer's token (for the socket's uniqueId). */
export async function fetchCustomerIdentity(signal?: AbortSignal): Promise<Customer> {
  const { customer } = await api.get<{ customer: Customer }>("/customer/auth/me", { signal });
  return customer;
}

// ---------------------------------------------------------------- queries

export type NotificationPages = InfiniteData<NotificationList, number>;

export function notificationsQueryOptions(
  audience: NotificationAudience,
  filter: NotificationFilter,
) {
  return infiniteQueryOptions({
    queryKey: notificationKeys.list(audience, filter),
    queryFn: ({ pageParam, signal }) => fetchNotifications(audience, filter, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.page * last.pageSize < last.total ? last.page + 1 : undefined,
    // The socket keeps the list current; a refetch on focus after a minute catches up on
    // anything missed while it was down.
    staleTime: 60_000,
    // Customer-area queries retry twice at most (spec §9).
    retry: audience.kind === "customer" ? retryCustomerQuery : retryUnlessClientError,
  });
}

/** One filter's list. Idle without an audience (nobody signed in). */
export function useNotifications(
  audience: NotificationAudience | null,
  filter: NotificationFilter,
) {
  return useInfiniteQuery({
    ...notificationsQueryOptions(audience ?? { kind: "merchant", userId: 0 }, filter),
    enabled: audience !== null,
  });
}

/** The signed-in customer's record; idle for merchants. */
export function useCustomerIdentity(audience: NotificationAudience | null) {
  const customer = audience?.kind === "customer" ? audience : null;
  return useQuery({
    queryKey: notificationKeys.customerIdentity(customer?.shopId ?? 0, customer?.customerId ?? 0),
    queryFn: ({ signal }) => fetchCustomerIdentity(signal),
    enabled: customer !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: retryCustomerQuery,
  });
}

// ---------------------------------------------------------------- cache

type Snapshot = [QueryKey, NotificationPages | undefined][];

function cachedLists(queryClient: QueryClient, audience: NotificationAudience): Snapshot {
  return queryClient.getQueriesData<NotificationPages>({
    queryKey: notificationKeys.lists(audience),
  });
}

function filterOf(key: QueryKey): NotificationFilter {
  return key[key.length - 1] === "unread" ? "unread" : "all";
}

function restore(queryClient: QueryClient, snapshot: Snapshot) {
  for (const [key, data] of snapshot) queryClient.setQueryData(key, data);
}

/** Rewrites every cached list of the audience; lists not loaded yet are left alone. */
function updateLists(
  queryClient: QueryClient,
  audience: NotificationAudience,
  update: (data: NotificationPages, filter: NotificationFilter) => NotificationPages,
) {
  for (const [key, data] of cachedLists(queryClient, audience)) {
    if (data) queryClient.setQueryData<NotificationPages>(key, update(data, filterOf(key)));
  }
}

function withUnreadCount(data: NotificationPages, unreadCount: number): NotificationPages {
  return { ...data, pages: data.pages.map((page) => ({ ...page, unreadCount })) };
}

/** The bell's number: the first loaded list's count (every list carries the same one). */
export function cachedUnreadCount(
  queryClient: QueryClient,
  audience: NotificationAudience,
): number | undefined {
  const all = queryClient.getQueryData<NotificationPages>(notificationKeys.list(audience, "all"));
  if (all?.pages[0]) return all.pages[0].unreadCount;
  for (const [, data] of cachedLists(queryClient, audience)) {
    if (data?.pages[0]) return data.pages[0].unreadCount;
  }
  return undefined;
}

function isCached(queryClient: QueryClient, audience: NotificationAudience, id: number): boolean {
  return cachedLists(queryClient, audience).some(([, data]) =>
    data?.pages.some((page) => page.notifications.some((n) => n.id === id)),
  );
}

/**
 * A notification pushed by the socket: put it at the top of the lists it belongs to and count
 * it. One already listed (a refetch got there first) changes nothing. Returns whether it was new.
 */
export function prependNotification(
  queryClient: QueryClient,
  audience: NotificationAudience,
  notification: Notification,
): boolean {
  if (isCached(queryClient, audience, notification.id)) return false;
  const current = cachedUnreadCount(queryClient, audience);
  const unreadCount = current === undefined ? undefined : current + (notification.isRead ? 0 : 1);
  updateLists(queryClient, audience, (data, filter) => {
    const belongs = filter === "all" || !notification.isRead;
    const pages = data.pages.map((page, index) => ({
      ...page,
      notifications:
        belongs && index === 0 ? [notification, ...page.notifications] : page.notifications,
      total: belongs ? page.total + 1 : page.total,
      unreadCount: unreadCount ?? page.unreadCount,
    }));
    return { ...data, pages };
  });
  return true;
}

function markCachedRead(
  data: NotificationPages,
  isTarget: (notification: Notification) => boolean,
): NotificationPages {
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      notifications: page.notifications.map((n) =>
        isTarget(n) && !n.isRead ? { ...n, isRead: true } : n,
      ),
    })),
  };
}

/** Invalidates the audience's lists (after a change the server has the last word on). */
export function invalidateNotifications(queryClient: QueryClient, audience: NotificationAudience) {
  return queryClient.invalidateQueries({ queryKey: notificationKeys.lists(audience) });
}

// ---------------------------------------------------------------- mutations

/**
 * A mark-read mutation: the lists change on screen at once (`markOnScreen`, given the bell's
 * count before it), the server's unread count goes in when it answers, and a failure puts the
 * lists back and says why. The lists are fetched again either way.
 */
function useOptimisticRead<Variables, Response extends { unreadCount: number }>(
  audience: NotificationAudience | null,
  send: (audience: NotificationAudience, variables: Variables) => Promise<Response>,
  markOnScreen: (
    variables: Variables,
    unreadCount: number | undefined,
  ) => (data: NotificationPages) => NotificationPages,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: Variables) => {
      if (!audience) throw new Error("Not signed in");
      return send(audience, variables);
    },
    onMutate: async (variables) => {
      if (!audience) return undefined;
      await queryClient.cancelQueries({ queryKey: notificationKeys.lists(audience) });
      const snapshot = cachedLists(queryClient, audience);
      const current = cachedUnreadCount(queryClient, audience);
      updateLists(queryClient, audience, markOnScreen(variables, current));
      return { snapshot };
    },
    onSuccess: (response) => {
      if (!audience) return;
      updateLists(queryClient, audience, (data) => withUnreadCount(data, response.unreadCount));
    },
    onError: (error, _variables, context) => {
      if (context) restore(queryClient, context.snapshot);
      notifyError(error);
    },
    onSettled: () => (audience ? invalidateNotifications(queryClient, audience) : undefined),
  });
}

/**
 * Marks one notification read: at once on screen (it stays in the Unread list until the
 * next refetch, so nothing jumps under the pointer), then on the server; a failure puts it back.
 */
export function useMarkNotificationRead(audience: NotificationAudience | null) {
  return useOptimisticRead(
    audience,
    (to, notification: Notification) => markNotificationRead(to, notification.id),
    (notification, current) => (data) => {
      const next = markCachedRead(data, (n) => n.id === notification.id);
      return current === undefined || notification.isRead
        ? next
        : withUnreadCount(next, Math.max(0, current - 1));
    },
  );
}

/** Marks everything read: at once on screen, then on the server; a failure puts it back. */
export function useMarkAllNotificationsRead(audience: NotificationAudience | null) {
  return useOptimisticRead<void, MarkAllReadResponse>(
    audience,
    (to) => markAllNotificationsRead(to),
    () => (data) =>
      withUnreadCount(
        markCachedRead(data, () => true),
        0,
      ),
  );
}
