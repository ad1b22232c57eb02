import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { removeToken, setToken } from "@/lib/token-storage";
import { makeUser, mockApi } from "@/test/api-mock";
import { CUSTOMER_ID, SHOP_ID, signInCustomer } from "@/test/customer-data";
import { listOf, makeNotification } from "@/test/notification-data";
import { renderRoutes } from "@/test/render";
import { sockets } from "@/test/socket-mock";
import { NotificationBell } from "./components/notification-bell";
import {
  type NotificationSocketOptions,
  type NotificationSocketStatus,
  useNotificationSocket,
} from "./use-notification-socket";

const MERCHANT_ALL = "GET /notifications/get-all-notifications-by-merchantId";
const EARLIER = makeNotification({ id: 7, title: "New member", message: "Ben joined." });
const LIVE = makeNotification({
  id: 8,
  title: "Offer purchased",
  message: "Ava Brooks bought Pastry box.",
  createdAt: new Date().toISOString(),
});

function signedInMerchant() {
  setToken("m-tok");
  return mockApi({
    "GET /user/get-user": { user: makeUser() },
    [MERCHANT_ALL]: listOf([EARLIER]),
    "GET /notifications/get-unread-notifications-by-merchantId": listOf([EARLIER]),
  });
}

function renderBell(path = "/merchant/dashboard") {
  return renderRoutes([{ path: "*", element: <NotificationBell /> }], path);
}

async function connectedSocket() {
  await waitFor(() => expect(sockets).toHaveLength(1));
  const socket = sockets[0];
  if (!socket) throw new Error("no socket");
  act(() => socket.serverConnect());
  return socket;
}

describe("the notification socket", () => {
  it("connects with the stored token and announces the signed-in user", async () => {
    signedInMerchant();
    renderBell();
    const socket = await connectedSocket();
    expect(socket.options).toEqual({
      query: { authToken: "m-tok" },
      transports: ["websocket", "polling"],
    });
    const [announce] = socket.emitsOf("connectUser");
    expect(announce?.[0]).toBe("1owner@shop.com");
    expect(typeof announce?.[1]).toBe("function");
  });

  it("a notification goes to the top of the list, counts on the bell and raises a toast", async () => {
    signedInMerchant();
    renderBell();
    await screen.findByRole("button", { name: "Notifications, 1 unread" });
    const socket = await connectedSocket();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Notifications, 1 unread" }));
    const dialog = await screen.findByRole("dialog", { name: "Notifications" });
    await within(dialog).findByText("New member");

    act(() => socket.serverEmit("notification", LIVE));
    expect(
      await screen.findByRole("button", { name: "Notifications, 2 unread" }),
    ).toBeInTheDocument();
    const items = within(dialog).getAllByRole("listitem");
    expect(items[0]).toHaveTextContent("Offer purchased");
    expect(items[0]).toHaveTextContent("Just now");
    expect(items[1]).toHaveTextContent("New member");
    const toast = await screen.findByRole("alert");
    expect(toast).toHaveTextContent("Offer purchased");
    expect(toast).toHaveTextContent("Ava Brooks bought Pastry box.");

    // The same notice again (a second delivery) changes nothing.
    act(() => socket.serverEmit("notification", LIVE));
    expect(screen.getByRole("button", { name: "Notifications, 2 unread" })).toBeInTheDocument();
    expect(within(dialog).getAllByRole("listitem")).toHaveLength(2);
    // Something that is not a notification is ignored.
    act(() => socket.serverEmit("notification", { hello: "world" }));
    expect(within(dialog).getAllByRole("listitem")).toHaveLength(2);
  });

  it("does not connect without a stored token, nor before the user is known", async () => {
    mockApi({});
    const first = renderBell();
    expect(sockets).toHaveLength(0);
    first.unmount();

    setToken("m-tok");
    let release: (value: object) => void = () => {};
    mockApi({
      "GET /user/get-user": () =>
        new Promise<object>((resolve) => {
          release = resolve;
        }),
      [MERCHANT_ALL]: listOf([]),
    });
    renderBell();
    await screen.findByRole("button", { name: "Notifications" });
    expect(sockets).toHaveLength(0);
    release({ user: makeUser() });
    await waitFor(() => expect(sockets).toHaveLength(1));
  });

  it("on leaving it announces the disconnect, then closes", async () => {
    signedInMerchant();
    const { unmount } = renderBell();
    const socket = await connectedSocket();
    unmount();
    expect(socket.log.slice(-2)).toEqual(["disconnectAndLeaveRoom", "close"]);
    expect(socket.closed).toBe(true);
  });

  it("closes when another tab logs out (the stored token is gone)", async () => {
    signedInMerchant();
    renderBell();
    const socket = await connectedSocket();
    act(() => {
      removeToken();
      fireEvent(window, new StorageEvent("storage", { key: "token", newValue: null }));
    });
    expect(socket.log.slice(-2)).toEqual(["disconnectAndLeaveRoom", "close"]);
    expect(sockets).toHaveLength(1);
  });

  it("a refused handshake is not retried", async () => {
    signedInMerchant();
    renderBell();
    await waitFor(() => expect(sockets).toHaveLength(1));
    const socket = sockets[0];
    act(() => socket?.serverRefuse());
    expect(socket?.closed).toBe(true);
    expect(socket?.emitsOf("connectUser")).toHaveLength(0);
    // Still one socket: nothing reconnects with the same token.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sockets).toHaveLength(1);
  });

  it("after a dropped connection it joins again and catches up on the list", async () => {
    const api = signedInMerchant();
    renderBell();
    await screen.findByRole("button", { name: "Notifications, 1 unread" });
    const socket = await connectedSocket();
    const loads = api.callsTo(MERCHANT_ALL).length;
    act(() => socket.serverDrop());
    act(() => socket.serverConnect());
    expect(socket.emitsOf("connectUser")).toHaveLength(2);
    // Nothing is fetched again until the server says the socket is back in the room.
    expect(api.callsTo(MERCHANT_ALL).length).toBe(loads);
    act(() => socket.acknowledge("connectUser", { room: "user:1" }));
    await waitFor(() => expect(api.callsTo(MERCHANT_ALL).length).toBe(loads + 1));
  });

  it("a notice sent before the socket joined its room shows once it has joined", async () => {
    let stored = [EARLIER];
    setToken("m-tok");
    mockApi({
      "GET /user/get-user": { user: makeUser() },
      [MERCHANT_ALL]: () => listOf(stored),
      "GET /notifications/get-unread-notifications-by-merchantId": () => listOf(stored),
    });
    renderBell();
    await screen.findByRole("button", { name: "Notifications, 1 unread" });
    const socket = await connectedSocket();
    // The notice was stored while the page was loading: no socket was in the room to hear it.
    stored = [LIVE, EARLIER];
    act(() => socket.acknowledge("connectUser", { room: "user:1" }));
    expect(
      await screen.findByRole("button", { name: "Notifications, 2 unread" }),
    ).toBeInTheDocument();
  });

  it("a customer announces their own id and e-mail", async () => {
    signInCustomer();
    mockApi({
      "GET /customer/auth/me": {
        customer: { id: CUSTOMER_ID, shopId: SHOP_ID, email: "casey@example.com" },
      },
      [`GET /notifications/get-all-notifications-by-customerId/${CUSTOMER_ID}`]: listOf([]),
    });
    renderBell(`/${SHOP_ID}/customer/dashboard`);
    const socket = await connectedSocket();
    expect(socket.options).toMatchObject({ query: { authToken: "c-tok" } });
    expect(socket.emitsOf("connectUser")[0]?.[0]).toBe(`${CUSTOMER_ID}casey@example.com`);
  });
});

describe("useNotificationSocket status", () => {
  function Probe(
    props: NotificationSocketOptions & { onStatus: (s: NotificationSocketStatus) => void },
  ) {
    const { onStatus, ...options } = props;
    onStatus(useNotificationSocket(options));
    return null;
  }

  it("is live once the server acknowledges the user, and refused after a refusal", async () => {
    mockApi({});
    const seen: NotificationSocketStatus[] = [];
    const options = {
      audience: { kind: "merchant", userId: 1 } as const,
      identity: { id: 1, email: "owner@shop.com" },
      token: "m-tok",
    };
    renderRoutes([{ path: "*", element: <Probe {...options} onStatus={(s) => seen.push(s)} /> }]);
    const socket = await connectedSocket();
    expect(seen.at(-1)).toBe("connecting");
    act(() => socket.acknowledge("connectUser", { room: "user:1" }));
    await waitFor(() => expect(seen.at(-1)).toBe("live"));
    act(() => socket.serverDrop());
    await waitFor(() => expect(seen.at(-1)).toBe("connecting"));
    act(() => socket.serverRefuse());
    await waitFor(() => expect(seen.at(-1)).toBe("refused"));
  });
});
