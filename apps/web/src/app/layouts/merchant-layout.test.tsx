import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { pressAndExpect } from "@/features/auth/pages/password-form-steps";
import {
  customerScope,
  getStoredCustomer,
  getToken,
  setStoredCustomer,
  setToken,
} from "@/lib/token-storage";
import { makeShop, mockApi } from "@/test/api-mock";
import { signInMerchant } from "@/test/merchant-data";
import { listOf, makeNotification } from "@/test/notification-data";
import { enterNewPassword, refusesCurrentPasswordOnce } from "@/test/password-pages";
import { renderRoutes } from "@/test/render";
import { sockets } from "@/test/socket-mock";
import { routes } from "../router";

function signedInMerchant(extra: Parameters<typeof mockApi>[0] = {}) {
  return signInMerchant({ "POST /auth/logout": { message: "Logged out successfully" }, ...extra });
}

describe("merchant shell", () => {
  it("the phone menu starts closed and opens as a dialog", async () => {
    signedInMerchant();
    renderRoutes(routes, "/merchant/dashboard");
    const open = await screen.findByRole("button", { name: "Open menu" });
    expect(open).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await userEvent.setup().click(open);
    const dialog = await screen.findByRole("dialog", { name: "Menu" });
    expect(within(dialog).getByRole("link", { name: "Dashboard" })).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Logout" })).toBeInTheDocument();
  });

  it("Logout revokes the token, removes it and goes to /", async () => {
    const api = signedInMerchant();
    const { router } = renderRoutes(routes, "/merchant/dashboard");
    await screen.findByRole("heading", { name: "Welcome back, Olivia" });
    const [logout] = screen.getAllByRole("button", { name: "Logout" });
    await userEvent.setup().click(logout as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(getToken()).toBeNull();
    expect(api.callsTo("POST /auth/logout")[0]?.headers.get("Authorization")).toBe("Bearer m-tok");
  });

  it("the top bar's bell shows the unread count; logout leaves the socket's room and closes it", async () => {
    signedInMerchant({
      "GET /notifications/get-all-notifications-by-merchantId": listOf([makeNotification()]),
    });
    const { router } = renderRoutes(routes, "/merchant/dashboard");
    const bell = await screen.findByRole("button", { name: "Notifications, 1 unread" });
    expect(within(screen.getByRole("banner")).getByRole("button", { name: /Notifications/ })).toBe(
      bell,
    );
    await waitFor(() => expect(sockets).toHaveLength(1));
    const socket = sockets[0];
    act(() => socket?.serverConnect());
    expect(socket?.emitsOf("connectUser")[0]?.[0]).toBe("1owner@shop.com");

    const [logout] = screen.getAllByRole("button", { name: "Logout" });
    await userEvent.setup().click(logout as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    await waitFor(() => expect(socket?.closed).toBe(true));
    expect(socket?.log.slice(-2)).toEqual(["disconnectAndLeaveRoom", "close"]);
    expect(sockets).toHaveLength(1);
  });

  it("the profile page shows the details and a dash for a missing phone", async () => {
    signedInMerchant();
    renderRoutes(routes, "/merchant/profile");
    expect(await screen.findByRole("heading", { name: "Profile" })).toBeInTheDocument();
    expect(await screen.findByText("Full Name")).toBeInTheDocument();
    expect(screen.getByText("-")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Update Password" })).toHaveAttribute(
      "href",
      "/merchant/profile/update-password",
    );
  });

  it("update password: wrong current password on its field, then success → profile", async () => {
    const api = signedInMerchant({
      "PUT /auth/update-password": refusesCurrentPasswordOnce("Invalid current password"),
    });
    const { router } = renderRoutes(routes, "/merchant/profile/update-password");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Update Password" }));
    expect(await screen.findByText("Current password is required.")).toBeInTheDocument();
    expect(screen.getByText("New password is required.")).toBeInTheDocument();

    await pressAndExpect(
      user,
      {
        "Current Password": "Old@12345",
        "New Password": "Old@12345",
        "Re-Enter new Password": "Other@123",
      },
      "Update Password",
      ["New Password cannot be the same as current password.", "Passwords do not match."],
    );

    await enterNewPassword(user, "New@12345", "Re-Enter new Password", "Update Password");
    expect(await screen.findByLabelText("Current Password")).toHaveAccessibleDescription(
      "Invalid current password",
    );
    expect(api.callsTo("PUT /auth/update-password")[0]?.body).toEqual({
      currentPassword: "Old@12345",
      newPassword: "New@12345",
    });

    await user.click(screen.getByRole("button", { name: "Update Password" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/merchant/profile"));
  });
});

describe("customer logout", () => {
  it("removes the token and the customer, and goes to the shop's login", async () => {
    setToken("c-tok", customerScope(7));
    setStoredCustomer({ id: 31, contactId: "ct_31", shopId: 7 });
    mockApi({
      "GET /shop/get-shop-by-Id": { shop: makeShop() },
      "POST /auth/logout": { message: "Logged out successfully" },
    });
    const { router } = renderRoutes(routes, "/7/customer/dashboard");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Account menu" }));
    await user.click(await screen.findByRole("menuitem", { name: "Logout" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/7/login"));
    expect(getToken()).toBeNull();
    expect(getStoredCustomer()).toBeNull();
  });
});
