import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { describe, expect, it, vi } from "vitest";
import { setToken } from "@/lib/token-storage";
import { jsonResponse, type MockRequest, makeUser, mockApi } from "@/test/api-mock";
import { CUSTOMER_ID, SHOP_ID, signInCustomer } from "@/test/customer-data";
import { listOf, makeNotification } from "@/test/notification-data";
import { renderRoutes } from "@/test/render";
import { NotificationBell } from "./notification-bell";

const MERCHANT_ALL = "GET /notifications/get-all-notifications-by-merchantId";
const MERCHANT_UNREAD = "GET /notifications/get-unread-notifications-by-merchantId";
const MERCHANT_MARK = "PUT /notifications/update-notification-by-id-merchant";
const MERCHANT_MARK_ALL = "PUT /notifications/read-all-notifications-by-merchantId";

const OFFER = makeNotification();
const MEMBER = makeNotification({
  id: 2,
  title: "New member",
  message: "Ben joined your shop.",
  link: null,
  createdAt: new Date(Date.now() - 3 * 3_600_000).toISOString(),
});
const OLD = makeNotification({
  id: 3,
  title: "Cashback credited",
  message: "$2 to Casey.",
  isRead: true,
  link: null,
  createdAt: new Date(Date.now() - 2 * 86_400_000).toISOString(),
});

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

function signedInMerchant(routes: Parameters<typeof mockApi>[0] = {}) {
  setToken("m-tok");
  return mockApi({
    "GET /user/get-user": { user: makeUser() },
    [MERCHANT_ALL]: listOf([OFFER, MEMBER, OLD]),
    [MERCHANT_UNREAD]: listOf([OFFER, MEMBER]),
    ...routes,
  });
}

function renderBell(element: ReactElement = <NotificationBell />, path = "/merchant/dashboard") {
  return renderRoutes([{ path: "*", element }], path);
}

/** The bell, once it knows whose it is (it holds its place, disabled, until then). */
async function findBell(name = "Notifications") {
  await waitFor(() => expect(screen.getByRole("button", { name })).toBeEnabled());
  return screen.getByRole("button", { name });
}

async function openPanel(name = "Notifications, 2 unread") {
  const user = userEvent.setup();
  await user.click(await findBell(name));
  const dialog = await screen.findByRole("dialog", { name: "Notifications" });
  return { user, dialog };
}

describe("NotificationBell (merchant)", () => {
  it("shows the unread count and opens the list with its filters", async () => {
    const api = signedInMerchant();
    renderBell();
    const bell = await screen.findByRole("button", { name: "Notifications, 2 unread" });
    expect(bell).toHaveAttribute("aria-expanded", "false");
    expect(screen.getByTestId("notification-badge")).toHaveTextContent("2");
    const [call] = api.callsTo(MERCHANT_ALL);
    expect(call?.query.get("page")).toBe("1");
    expect(call?.query.get("pageSize")).toBe("20");
    expect(call?.headers.get("Authorization")).toBe("Bearer m-tok");

    const { dialog } = await openPanel();
    expect(bell).toHaveAttribute("aria-expanded", "true");
    expect(within(dialog).getByRole("tab", { name: "All" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    expect(within(dialog).getByRole("tab", { name: /Unread/ })).toBeInTheDocument();
    const items = within(dialog).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual([
      "Unread: Offer purchasedAva Brooks bought Pastry box.5 minutes ago",
      "Unread: New memberBen joined your shop.3 hours ago",
      "Cashback credited$2 to Casey.2 days ago",
    ]);
    // The newest item has focus first: the selected tab.
    expect(within(dialog).getByRole("tab", { name: "All" })).toHaveFocus();
  });

  it("the Unread filter asks the unread call and says when there is nothing", async () => {
    const api = signedInMerchant({
      [MERCHANT_ALL]: listOf([OLD]),
      [MERCHANT_UNREAD]: listOf([]),
    });
    renderBell();
    const { user, dialog } = await openPanel("Notifications");
    expect(await within(dialog).findByText("Cashback credited")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Mark all as read" })).toBeDisabled();
    await user.click(within(dialog).getByRole("tab", { name: "Unread" }));
    expect(await within(dialog).findByText("No unread notifications")).toBeInTheDocument();
    expect(api.callsTo(MERCHANT_UNREAD)).toHaveLength(1);
  });

  it("says when there are no notifications yet", async () => {
    signedInMerchant({ [MERCHANT_ALL]: listOf([]) });
    renderBell();
    await openPanel("Notifications");
    expect(await screen.findByText("No notifications yet")).toBeInTheDocument();
    expect(screen.queryByTestId("notification-badge")).not.toBeInTheDocument();
  });

  it("shows the server's message when the list fails, and Retry loads it", async () => {
    let calls = 0;
    signedInMerchant({
      [MERCHANT_ALL]: () => {
        calls += 1;
        // The bell's load fails, and so does the retry that opening the list makes.
        return calls <= 2
          ? jsonResponse({ message: "Too many requests. Try again in a minute." }, 429)
          : listOf([OFFER]);
      },
    });
    renderBell();
    const { user } = await openPanel("Notifications");
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Too many requests. Try again in a minute.");
    await user.click(within(alert).getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("Offer purchased")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Notifications, 1 unread" })).toBeInTheDocument();
  });

  it("clicking an unread item marks it read at once, then on the server, and follows its link", async () => {
    const reply = deferred<object>();
    const api = signedInMerchant({ [MERCHANT_MARK]: () => reply.promise });
    const { router } = renderBell();
    const { user, dialog } = await openPanel();

    await user.click(within(dialog).getByRole("link", { name: /Offer purchased/ }));
    // Optimistic: the count drops before the server answers.
    expect(await screen.findByRole("button", { name: "Notifications, 1 unread" })).toBeVisible();
    expect(router.state.location.pathname).toBe("/merchant/offers");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const [mark] = api.callsTo(MERCHANT_MARK);
    expect(mark?.query.get("id")).toBe("1");

    reply.resolve({
      message: "Notification marked as read",
      notification: { ...OFFER, isRead: true },
      unreadCount: 1,
    });
    // Settled: the list is asked again.
    await waitFor(() => expect(api.callsTo(MERCHANT_ALL).length).toBeGreaterThan(1));
  });

  it("an unread item without a link is a button that marks it read; a failure puts it back", async () => {
    const api = signedInMerchant({
      [MERCHANT_MARK]: jsonResponse({ message: "Notification not found." }, 404),
    });
    const { router } = renderBell();
    const { user, dialog } = await openPanel();
    // A read item without a link does nothing: it is not a control.
    expect(within(dialog).queryByRole("button", { name: /Cashback credited/ })).toBeNull();

    await user.click(within(dialog).getByRole("button", { name: /New member/ }));
    expect(await screen.findByText("Notification not found.")).toBeInTheDocument();
    expect(api.callsTo(MERCHANT_MARK)[0]?.query.get("id")).toBe("2");
    expect(screen.getByRole("button", { name: "Notifications, 2 unread" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/merchant/dashboard");
    expect(screen.getByRole("dialog", { name: "Notifications" })).toBeInTheDocument();
  });

  it("Mark all as read clears the count and the unread dots", async () => {
    let readAll = false;
    const api = signedInMerchant({
      [MERCHANT_ALL]: () =>
        readAll
          ? listOf([OFFER, MEMBER, OLD].map((n) => ({ ...n, isRead: true })))
          : listOf([OFFER, MEMBER, OLD]),
      [MERCHANT_MARK_ALL]: () => {
        readAll = true;
        return { message: "All notifications marked as read", updated: 2, unreadCount: 0 };
      },
    });
    renderBell();
    const { user, dialog } = await openPanel();
    await user.click(within(dialog).getByRole("button", { name: "Mark all as read" }));
    expect(await screen.findByRole("button", { name: "Notifications" })).toBeInTheDocument();
    expect(screen.queryByTestId("notification-badge")).not.toBeInTheDocument();
    expect(within(dialog).queryByText(/^Unread:/)).not.toBeInTheDocument();
    expect(api.callsTo(MERCHANT_MARK_ALL)).toHaveLength(1);
    await waitFor(() =>
      expect(within(dialog).getByRole("button", { name: "Mark all as read" })).toBeDisabled(),
    );
  });

  it("loads the next page while the server has more", async () => {
    const first = Array.from({ length: 20 }, (_, i) =>
      makeNotification({ id: 100 - i, title: `Notice ${100 - i}`, isRead: true, link: null }),
    );
    const api = signedInMerchant({
      [MERCHANT_ALL]: (request: MockRequest) =>
        request.query.get("page") === "2"
          ? listOf([makeNotification({ id: 5, title: "Notice 5", isRead: true })], {
              total: 21,
              page: 2,
              unreadCount: 0,
            })
          : listOf(first, { total: 21, unreadCount: 0 }),
    });
    renderBell();
    const { user } = await openPanel("Notifications");
    await user.click(await screen.findByRole("button", { name: "Load more" }));
    expect(await screen.findByText("Notice 5")).toBeInTheDocument();
    expect(api.callsTo(MERCHANT_ALL).at(-1)?.query.get("page")).toBe("2");
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
  });

  it("Escape closes the list and gives focus back to the bell", async () => {
    signedInMerchant();
    renderBell();
    const { user } = await openPanel();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.getByRole("button", { name: "Notifications, 2 unread" })).toHaveFocus();
  });

  it("is a slide-up sheet on phones, with focus on the selected filter", async () => {
    vi.stubGlobal("matchMedia", (query: string) => ({
      matches: query.includes("max-width"),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    signedInMerchant();
    renderBell();
    const { dialog } = await openPanel();
    expect(within(dialog).getByRole("button", { name: "Close" })).toBeInTheDocument();
    expect(within(dialog).getByText("Offer purchased")).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole("tab", { name: "All" })).toHaveFocus());
  });
});

describe("NotificationBell (customer)", () => {
  const CUSTOMER_ALL = `GET /notifications/get-all-notifications-by-customerId/${CUSTOMER_ID}`;
  const CUSTOMER_UNREAD = `GET /notifications/get-unread-notifications-by-customerId/${CUSTOMER_ID}`;
  const CUSTOMER_MARK = `PUT /notifications/update-notification-by-id-customer/${CUSTOMER_ID}`;
  const CUSTOMER_MARK_ALL = `PUT /notifications/read-all-notifications-by-customerId/${CUSTOMER_ID}`;
  const REDEEMED = makeNotification({
    id: 40,
    title: "Offer redeemed",
    message: "Pastry box was redeemed at the counter.",
    link: `/${SHOP_ID}/customer/dashboard`,
  });

  it("without a merchant user, uses the signed-in customer's calls", async () => {
    signInCustomer();
    const api = mockApi({
      "GET /customer/auth/me": { customer: { id: CUSTOMER_ID, email: "casey@example.com" } },
      [CUSTOMER_ALL]: listOf([REDEEMED, { ...REDEEMED, id: 41, title: "Cashback credited" }]),
      [CUSTOMER_UNREAD]: listOf([REDEEMED]),
      [CUSTOMER_MARK]: {
        message: "Notification marked as read",
        notification: { ...REDEEMED, isRead: true },
        unreadCount: 1,
      },
      [CUSTOMER_MARK_ALL]: {
        message: "All notifications marked as read",
        updated: 1,
        unreadCount: 0,
      },
    });
    const { router } = renderBell(<NotificationBell />, `/${SHOP_ID}/customer/profile-overview`);
    const { user, dialog } = await openPanel();
    await user.click(within(dialog).getByRole("tab", { name: /Unread/ }));
    await waitFor(() => expect(api.callsTo(CUSTOMER_UNREAD)).toHaveLength(1));

    await user.click(await within(dialog).findByRole("link", { name: /Offer redeemed/ }));
    expect(router.state.location.pathname).toBe(`/${SHOP_ID}/customer/dashboard`);
    await waitFor(() => expect(api.callsTo(CUSTOMER_MARK)).toHaveLength(1));
    expect(api.callsTo(CUSTOMER_MARK)[0]?.query.get("id")).toBe("40");
    expect(api.callsTo(CUSTOMER_MARK)[0]?.headers.get("Authorization")).toBe("Bearer c-tok");

    await user.click(screen.getByRole("button", { name: /^Notifications/ }));
    await user.click(await screen.findByRole("button", { name: "Mark all as read" }));
    await waitFor(() => expect(api.callsTo(CUSTOMER_MARK_ALL)).toHaveLength(1));
    expect(api.requests.some((r) => r.path.includes("merchant"))).toBe(false);
    expect(api.callsTo("GET /user/get-user")).toHaveLength(0);
  });

  it("an explicit customer audience never calls merchant endpoints with a merchant's token", async () => {
    setToken("m-tok");
    const api = mockApi({ "GET /user/get-user": { user: makeUser() } });
    renderBell(<NotificationBell audience="customer" shopId={SHOP_ID} customerId={CUSTOMER_ID} />);
    await waitFor(() => expect(api.callsTo("GET /user/get-user")).toHaveLength(1));
    expect(screen.getByRole("button", { name: "Notifications" })).toBeDisabled();
    expect(api.requests.filter((r) => r.path.startsWith("/notifications"))).toHaveLength(0);
  });

  it("renders nothing without a session", () => {
    const api = mockApi({});
    renderBell();
    expect(screen.queryByRole("button", { name: /Notifications/ })).not.toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });
});
