import { screen, waitFor } from "@testing-library/react";
import { toast } from "react-toastify";
import { describe, expect, it, vi } from "vitest";
import { routes } from "@/app/router";
import { getToken, setToken } from "@/lib/token-storage";
import { jsonResponse, makeShop, mockApi } from "@/test/api-mock";
import { enterNewPassword, openNewPasswordForm } from "@/test/password-pages";
import { renderRoutes } from "@/test/render";
import { pressAndExpect } from "./password-form-steps";

const badToken = () => jsonResponse({ message: "Invalid or expired token." }, 400);

describe("reset password", () => {
  it("a bad token: toast “Invalid or expired token.” and back to / (after one retry)", async () => {
    const errorToast = vi.spyOn(toast, "error");
    const api = mockApi({ "GET /auth/verify-token": badToken });
    const { router } = renderRoutes(routes, "/pass/reset-password?token=bad&email=a%40b.co");

    await waitFor(() => expect(router.state.location.pathname).toBe("/"), { timeout: 4000 });
    expect(errorToast).toHaveBeenCalledWith("Invalid or expired token.", expect.anything());
    // Spec §9: the token check retries once.
    expect(api.callsTo("GET /auth/verify-token")).toHaveLength(2);
    expect(api.callsTo("GET /auth/verify-token")[0]?.query.get("email")).toBe("a@b.co");
    expect(await screen.findByRole("button", { name: "Log in" })).toBeInTheDocument();
  });

  it("a link without a token goes straight back to /", async () => {
    const errorToast = vi.spyOn(toast, "error");
    const api = mockApi({});
    const { router } = renderRoutes(routes, "/pass/reset-password");
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(errorToast).toHaveBeenCalledWith("Invalid or expired token.", expect.anything());
    expect(api.callsTo("GET /auth/verify-token")).toHaveLength(0);
  });

  it("clears a stored session, checks the token, resets and goes to /", async () => {
    setToken("someone-else");
    const { api, router, user } = await openNewPasswordForm(
      "/pass/reset-password?token=good&email=a%40b.co",
      {
        "GET /auth/verify-token": { message: "Token is valid", email: "a@b.co" },
        "POST /auth/reset-password": {
          message: "Your password has been reset. You can log in now.",
        },
      },
    );
    expect(getToken()).toBeNull();
    // The reset token never becomes a session.
    expect(api.callsTo("GET /auth/verify-token")[0]?.headers.has("Authorization")).toBe(false);

    await pressAndExpect(user, {}, "Set new Password", ["Password is required."]);
    await pressAndExpect(
      user,
      { "New Password": "short", "Re-type Password": "other" },
      "Set new Password",
      [
        "Password must be at least 8 characters long, and include at least one uppercase letter, one lowercase letter, one number, and one special character.",
        "Passwords do not match",
      ],
    );

    await enterNewPassword(user, "Newpass@123", "Re-type Password", "Set new Password");

    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(api.callsTo("POST /auth/reset-password")[0]?.body).toEqual({
      token: "good",
      email: "a@b.co",
      password: "Newpass@123",
    });
  });

  it("a customer's bad link goes to the shop's login", async () => {
    const api = mockApi({
      "GET /shop/get-shop-by-Id": { shop: makeShop() },
      "GET /customer/auth/verify-pass-token": badToken,
    });
    const { router } = renderRoutes(routes, "/7/pass/reset-password?token=bad");
    await waitFor(() => expect(router.state.location.pathname).toBe("/7/login"), {
      timeout: 4000,
    });
    expect(api.callsTo("GET /auth/verify-token")).toHaveLength(0);
  });

  it("a customer's reset sends confirmPassword too and returns to the shop's login", async () => {
    const { api, router, user } = await openNewPasswordForm(
      "/7/pass/reset-password?token=t1&email=c%40d.co",
      {
        "GET /shop/get-shop-by-Id": { shop: makeShop() },
        "GET /customer/auth/verify-pass-token": { message: "ok", email: "c@d.co" },
        "POST /customer/auth/reset-password": { message: "done" },
      },
    );
    await enterNewPassword(user, "Newpass@123", "Re-type Password", "Set new Password");
    await waitFor(() => expect(router.state.location.pathname).toBe("/7/login"));
    expect(api.callsTo("POST /customer/auth/reset-password")[0]?.body).toEqual({
      token: "t1",
      email: "c@d.co",
      password: "Newpass@123",
      confirmPassword: "Newpass@123",
    });
  });
});
