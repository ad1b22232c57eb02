import { screen } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { toast } from "react-toastify";
import { describe, expect, it, vi } from "vitest";
import { routes } from "@/app/router";
import { getSessionScope, getStoredCustomer, getToken } from "@/lib/token-storage";
import { jsonResponse, makeCustomer, makeShop, makeUser, mockApi } from "@/test/api-mock";
import { fillAndPress } from "@/test/forms";
import { renderRoutes } from "@/test/render";

/** A complete, valid form by field label; each test changes what it is about. */
const validForm = {
  "First Name": "Jane",
  "Last Name": "Doe",
  "E-mail": "jane@example.com",
  Password: "Secret@123",
  "Re-type Password": "Secret@123",
};

/** Fills the form (by field label) and sends it. */
function fillAndSend(user: UserEvent, values: Partial<typeof validForm>) {
  return fillAndPress(user, values, "Create an Account");
}

/** Every one of `messages` shows (waiting for the first). */
async function expectAllShown([first, ...rest]: string[]) {
  expect(await screen.findByText(first as string)).toBeInTheDocument();
  for (const message of rest) expect(screen.getByText(message)).toBeInTheDocument();
}

/**
 * The open sign-up page's wordings (spec §5): sent empty it shows the `empty` messages; sent with
 * `wrongForm` over the valid form, the `wrong` ones.
 */
async function expectWordings(wordings: {
  empty: string[];
  wrongForm: Partial<typeof validForm>;
  wrong: string[];
}) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole("button", { name: "Create an Account" }));
  await expectAllShown(wordings.empty);
  await fillAndSend(user, { ...validForm, ...wordings.wrongForm });
  await expectAllShown(wordings.wrong);
}

/** Opens the sign-up page at `path`, fills the whole form (`changes` over the valid one) and sends it. */
async function signUpAt(path: string, changes: Partial<typeof validForm> = {}) {
  const rendered = renderRoutes(routes, path);
  const user = userEvent.setup();
  await screen.findByLabelText("First Name");
  await fillAndSend(user, { ...validForm, ...changes });
  return rendered;
}

describe("merchant sign-up (/register)", () => {
  it("shows the merchant wordings (first wording of spec §5)", async () => {
    const api = mockApi({});
    renderRoutes(routes, "/register");
    await expectWordings({
      empty: [
        "Enter first name",
        "Enter last name",
        "Enter email",
        "Enter password",
        "Re-type password",
      ],
      wrongForm: {
        "First Name": "J0hn",
        "E-mail": "john@example",
        Password: "weak",
        "Re-type Password": "other",
      },
      wrong: [
        "Use letters only",
        "Enter a valid email",
        "Password must be 8+ characters, include uppercase, lowercase, number, and symbol",
        "Passwords do not match",
      ],
    });
    expect(api.callsTo("POST /auth/sign-up")).toHaveLength(0);
  });

  it("signs up, stores the token, toasts and goes to /verify-email with the e-mail", async () => {
    const successToast = vi.spyOn(toast, "success");
    const api = mockApi({
      "POST /auth/sign-up": jsonResponse(
        {
          message: "Account created successfully!",
          token: "t-new",
          user: makeUser({ emailVerified: false }),
        },
        201,
      ),
    });
    const { router } = await signUpAt("/register", {
      "Last Name": "O'Hara-Smith",
      "E-mail": "  Jane@Example.COM ",
    });

    expect(await screen.findByRole("heading", { name: "Verify your e-mail" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/verify-email");
    expect(router.state.location.search).toBe("?email=jane%40example.com");
    expect(getToken()).toBe("t-new");
    expect(api.callsTo("POST /auth/sign-up")[0]?.body).toEqual({
      firstName: "Jane",
      lastName: "O'Hara-Smith",
      email: "jane@example.com",
      password: "Secret@123",
    });
    expect(successToast).toHaveBeenCalled();
    expect(screen.getByText("jane@example.com")).toBeInTheDocument();
  });

  it("puts a taken e-mail's message on the e-mail field", async () => {
    mockApi({
      "POST /auth/sign-up": jsonResponse(
        {
          message: "An account with this email already exists.",
          errors: { email: "An account with this email already exists." },
        },
        409,
      ),
    });
    await signUpAt("/register");
    expect(await screen.findByLabelText("E-mail")).toHaveAccessibleDescription(
      "An account with this email already exists.",
    );
    expect(getToken()).toBeNull();
  });
});

describe("customer sign-up (/{shopId}/register)", () => {
  it("shows the customer wordings (second wording of spec §5) on the shop's page", async () => {
    mockApi({ "GET /shop/get-shop-by-Id": { shop: makeShop() } });
    renderRoutes(routes, "/7/register");
    expect(await screen.findByRole("heading", { name: "Join Bean There" })).toBeInTheDocument();
    expect(screen.getAllByText("Coffee worth coming back for").length).toBeGreaterThan(0);
    await expectWordings({
      empty: [
        "First Name is required.",
        "Last Name is required.",
        "Email is required.",
        "Password is required.",
        "Please re-enter your password.",
      ],
      wrongForm: {
        "First Name": "C4sey",
        "E-mail": "casey@",
        Password: "weakpass",
        "Re-type Password": "x",
      },
      wrong: [
        "Only letters, spaces, apostrophes (') and hyphens (-) allowed.",
        "Please enter a valid email address.",
        "Password must include at least one uppercase letter, one lower letter, one number, and one special character.",
      ],
    });
    expect(screen.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/7/login");
  });

  it("signs up with the shop id and goes to the shop's verify page", async () => {
    const api = mockApi({
      "GET /shop/get-shop-by-Id": { shop: makeShop() },
      "POST /customer/auth/sign-up": jsonResponse(
        { message: "Account created successfully!", token: "c-tok", customer: makeCustomer() },
        201,
      ),
    });
    const { router } = await signUpAt("/7/register", {
      "First Name": "Casey",
      "Last Name": "Customer",
      "E-mail": "Casey@Example.com",
    });
    expect(await screen.findByRole("heading", { name: "Verify your e-mail" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/7/verify-email");
    expect(api.callsTo("POST /customer/auth/sign-up")[0]?.body).toMatchObject({
      email: "casey@example.com",
      shopId: 7,
    });
    expect(getSessionScope()).toEqual({ kind: "customer", shopId: "7" });
    expect(getStoredCustomer()).toEqual({ id: 31, contactId: "ct_31", shopId: 7 });
  });
});
