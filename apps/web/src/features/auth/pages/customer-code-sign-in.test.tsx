import { LOGIN_MESSAGES, SIGN_IN_CODE_MESSAGES } from "@tessera/shared";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { routes } from "@/app/router";
import { getSessionScope, getToken } from "@/lib/token-storage";
import { jsonResponse, makeCustomer, makeShop, mockApi } from "@/test/api-mock";
import { renderRoutes } from "@/test/render";

const shopRoute = { "GET /shop/get-shop-by-Id": { shop: makeShop() } };

describe("sign-in with an e-mailed code (/{shopId}/login)", () => {
  // A whole journey of typing: more than the default five seconds on a busy machine.
  it("sends a code, asks a newcomer's name, and opens the dashboard", {
    timeout: 20_000,
  }, async () => {
    const user = userEvent.setup();
    let verifies = 0;
    const api = mockApi({
      ...shopRoute,
      "POST /customer/auth/sign-in-code": { message: SIGN_IN_CODE_MESSAGES.sent },
      "POST /customer/auth/sign-in-code/verify": () =>
        ++verifies === 1
          ? { needsName: true, email: "new@example.com" }
          : { token: "code-tok", customer: makeCustomer({ hasPassword: false }) },
    });
    const { router } = renderRoutes(routes, "/7/login");
    await user.click(await screen.findByRole("button", { name: "Email me a sign-in code" }));

    const email = await screen.findByLabelText("E-mail");
    expect(email).toHaveFocus();
    await user.click(screen.getByRole("button", { name: "Email me a code" }));
    expect(await screen.findByText(LOGIN_MESSAGES.emailInvalid)).toBeInTheDocument();
    await user.type(email, " New@Example.com ");
    await user.click(screen.getByRole("button", { name: "Email me a code" }));

    expect(await screen.findByText(SIGN_IN_CODE_MESSAGES.sent)).toBeInTheDocument();
    expect(api.callsTo("POST /customer/auth/sign-in-code")[0]?.body).toEqual({
      shopId: 7,
      email: "new@example.com",
    });
    const code = screen.getByLabelText("Sign-in code");
    expect(code).toHaveFocus();
    await user.type(code, "12 34");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText(SIGN_IN_CODE_MESSAGES.codeFormat)).toBeInTheDocument();
    await user.type(code, "56");
    await user.click(screen.getByRole("button", { name: "Sign in" }));

    expect(await screen.findByText(SIGN_IN_CODE_MESSAGES.nameNeeded)).toBeInTheDocument();
    await user.type(screen.getByLabelText("First name"), "Nia");
    await user.type(screen.getByLabelText("Last name"), "Newcomer");
    await user.click(screen.getByRole("button", { name: "Create my account" }));

    expect(await screen.findByRole("heading", { name: "Dashboard" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/7/customer/dashboard");
    expect(getToken()).toBe("code-tok");
    expect(getSessionScope()).toEqual({ kind: "customer", shopId: "7" });
    expect(api.callsTo("POST /customer/auth/sign-in-code/verify")[1]?.body).toEqual({
      shopId: 7,
      email: "new@example.com",
      code: "123456",
      firstName: "Nia",
      lastName: "Newcomer",
    });
  });

  it("shows the server's refusal on the code field, and goes back to the password form", async () => {
    const user = userEvent.setup();
    mockApi({
      ...shopRoute,
      "POST /customer/auth/sign-in-code": { message: SIGN_IN_CODE_MESSAGES.sent },
      "POST /customer/auth/sign-in-code/verify": () =>
        jsonResponse({ message: SIGN_IN_CODE_MESSAGES.wrongCode }, 400),
    });
    renderRoutes(routes, "/7/login");
    await user.click(await screen.findByRole("button", { name: "Email me a sign-in code" }));
    await user.type(await screen.findByLabelText("E-mail"), "casey@example.com");
    await user.click(screen.getByRole("button", { name: "Email me a code" }));
    await user.type(await screen.findByLabelText("Sign-in code"), "000000");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    expect(await screen.findByText(SIGN_IN_CODE_MESSAGES.wrongCode)).toBeInTheDocument();
    expect(screen.getByLabelText("Sign-in code")).toHaveAttribute("aria-invalid", "true");

    await user.click(
      screen.getAllByRole("button", { name: "Use my password instead" })[0] as HTMLElement,
    );
    expect(await screen.findByLabelText("Password")).toBeInTheDocument();
  });

  it("signs in from the e-mail's link once", async () => {
    const api = mockApi({
      ...shopRoute,
      "POST /customer/auth/sign-in-code/verify": { token: "link-tok", customer: makeCustomer() },
    });
    const { router } = renderRoutes(routes, "/7/login/code?token=abc");
    expect(await screen.findByRole("heading", { name: "Dashboard" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/7/customer/dashboard");
    expect(api.callsTo("POST /customer/auth/sign-in-code/verify")).toHaveLength(1);
    expect(api.callsTo("POST /customer/auth/sign-in-code/verify")[0]?.body).toEqual({
      shopId: 7,
      token: "abc",
    });
  });

  it("says when the link no longer works", async () => {
    mockApi({
      ...shopRoute,
      "POST /customer/auth/sign-in-code/verify": () =>
        jsonResponse({ message: SIGN_IN_CODE_MESSAGES.expired }, 400),
    });
    renderRoutes(routes, "/7/login/code?token=used");
    expect(
      await screen.findByRole("heading", { name: "This sign-in link doesn't work" }),
    ).toBeInTheDocument();
    expect(screen.getByText(SIGN_IN_CODE_MESSAGES.expired)).toBeInTheDocument();
  });
});
