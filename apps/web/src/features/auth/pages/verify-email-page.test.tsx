import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "react-toastify";
import { describe, expect, it, vi } from "vitest";
import { routes } from "@/app/router";
import { makeShop, mockApi } from "@/test/api-mock";
import { renderRoutes } from "@/test/render";

describe("verify e-mail", () => {
  it("resends to the address in the link", async () => {
    const successToast = vi.spyOn(toast, "success");
    const api = mockApi({
      "POST /auth/resend-verify-email": {
        message: "Verification email sent. Please check your inbox.",
      },
    });
    renderRoutes(routes, "/verify-email?email=jane%40example.com");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Resend" }));
    expect(api.callsTo("POST /auth/resend-verify-email")[0]?.body).toEqual({
      email: "jane@example.com",
    });
    expect(successToast).toHaveBeenCalled();
  });

  it("blocks Resend without the e-mail parameter and only logs it", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    mockApi({});
    renderRoutes(routes, "/verify-email");
    expect(await screen.findByRole("button", { name: "Resend" })).toBeDisabled();
    // Logged from an effect, which React may run just after the button is painted.
    await waitFor(() => expect(warn).toHaveBeenCalled());
  });

  it("shows a bad verification link's error as a toast", async () => {
    const errorToast = vi.spyOn(toast, "error");
    mockApi({});
    renderRoutes(routes, "/verify-email?email=a%40b.co&error=Invalid%20or%20expired%20token.");
    await screen.findByRole("button", { name: "Resend" });
    expect(errorToast).toHaveBeenCalledWith("Invalid or expired token.", expect.anything());
  });

  it("a customer's Resend carries the shop id", async () => {
    const api = mockApi({
      "GET /shop/get-shop-by-Id": { shop: makeShop() },
      "POST /auth/resend-verify-email": { message: "sent" },
    });
    renderRoutes(routes, "/7/verify-email?email=casey%40example.com");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Resend" }));
    expect(api.callsTo("POST /auth/resend-verify-email")[0]?.body).toEqual({
      email: "casey@example.com",
      shopId: 7,
    });
  });

  it("/email-verified says Verified! with a Login button to /", async () => {
    mockApi({});
    renderRoutes(routes, "/email-verified");
    expect(await screen.findByRole("heading", { name: "Verified!" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/");
  });
});

describe("check your inbox for the reset link", () => {
  it("names the address, offers the link again and the way back", async () => {
    mockApi({});
    renderRoutes(routes, "/verify-email-to-reset-password?email=jane%40example.com");
    expect(await screen.findByRole("heading", { name: "Check your inbox" })).toBeInTheDocument();
    expect(screen.getByText("jane@example.com")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Send the link again" })).toHaveAttribute(
      "href",
      "/pass/forgot-password",
    );
    expect(document.title).toContain("Check your inbox");
  });
});
