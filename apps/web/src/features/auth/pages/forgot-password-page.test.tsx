import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { routes } from "@/app/router";
import { makeShop, mockApi } from "@/test/api-mock";
import { renderRoutes } from "@/test/render";

describe("forgot password", () => {
  it("switches the text to the confirmation with the address", async () => {
    const api = mockApi({
      "POST /auth/forgot-password": { message: "Reset Password link has been sent to your email" },
    });
    renderRoutes(routes, "/pass/forgot-password");
    expect(
      await screen.findByText(
        "Enter your email, and we'll send you a password reset link to your inbox.",
      ),
    ).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Send reset link" }));
    expect(await screen.findByText("Please enter a valid email address")).toBeInTheDocument();

    await user.type(screen.getByLabelText("E-mail"), " Owner@Shop.com");
    await user.click(screen.getByRole("button", { name: "Send reset link" }));
    const confirmation = await screen.findByRole("status");
    expect(confirmation).toHaveTextContent(
      "We have sent an email to reset your password! Please check your inbox at owner@shop.com",
    );
    expect(api.callsTo("POST /auth/forgot-password")[0]?.body).toEqual({
      email: "owner@shop.com",
    });
  });

  it("a customer's request goes to the shop's path with e-mail and shop id", async () => {
    const api = mockApi({
      "GET /shop/get-shop-by-Id": { shop: makeShop() },
      "POST /customer/auth/forgot-password/casey%40example.com/7": {
        message: "Reset Password link has been sent to your email",
      },
    });
    renderRoutes(routes, "/7/pass/forgot-password");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("E-mail"), "casey@example.com");
    await user.click(screen.getByRole("button", { name: "Send reset link" }));
    expect(await screen.findByRole("status")).toHaveTextContent("casey@example.com");
    expect(api.requests.some((r) => r.path.startsWith("/customer/auth/forgot-password/"))).toBe(
      true,
    );
    expect(screen.getByRole("link", { name: "Back to login" })).toHaveAttribute("href", "/7/login");
  });
});
