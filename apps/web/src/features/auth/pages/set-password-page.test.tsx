import { screen, waitFor } from "@testing-library/react";
import { toast } from "react-toastify";
import { describe, expect, it, vi } from "vitest";
import { routes } from "@/app/router";
import { getToken, setToken } from "@/lib/token-storage";
import { mockApi } from "@/test/api-mock";
import { enterNewPassword, openNewPasswordForm } from "@/test/password-pages";
import { renderRoutes } from "@/test/render";
import { pressAndExpect } from "./password-form-steps";

describe("employee set-password", () => {
  it.each(["/set-password", "/employee/set-password"])(
    "%s clears the stored token on opening and keeps the invitation token out of it",
    async (path) => {
      setToken("owner-session");
      mockApi({});
      renderRoutes(routes, `${path}?token=invite-1`);
      expect(await screen.findByRole("button", { name: "Set Password" })).toBeInTheDocument();
      expect(getToken()).toBeNull();
    },
  );

  it("validates with the merchant wording, sets the password, toasts and goes to /", async () => {
    const successToast = vi.spyOn(toast, "success");
    const { api, router, user } = await openNewPasswordForm(
      "/employee/set-password?token=invite-1",
      {
        "POST /employees/set-password": {
          message: "Your password has been set. You can log in now.",
        },
      },
    );
    await pressAndExpect(
      user,
      { "New Password": "weak", "Confirm Password": "weaker" },
      "Set Password",
      ["Use 8+ chars, upper & lower case, number, symbol", "Passwords do not match."],
    );

    await enterNewPassword(user, "Staff@1234", "Confirm Password", "Set Password");

    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(api.callsTo("POST /employees/set-password")[0]?.body).toEqual({
      token: "invite-1",
      password: "Staff@1234",
      confirmPassword: "Staff@1234",
    });
    expect(successToast).toHaveBeenCalled();
    expect(getToken()).toBeNull();
  });

  it("without a token explains the link is incomplete", async () => {
    mockApi({});
    renderRoutes(routes, "/set-password");
    expect(
      await screen.findByRole("heading", { name: "This link is incomplete" }),
    ).toBeInTheDocument();
  });
});
