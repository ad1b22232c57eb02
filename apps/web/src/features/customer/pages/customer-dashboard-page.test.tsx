import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { routes } from "@/app/router";
import { jsonResponse, makeCustomer, mockApi } from "@/test/api-mock";
import { openAsCustomer } from "@/test/customer-app";
import {
  CUSTOMER_ID,
  customerRoutes,
  DASHBOARD,
  GET_CUSTOMER,
  makeCustomerOffer,
  makeDashboard,
  makeMembership,
  makeOffer,
  makeSession,
  membershipPaid,
  postFromCardForm,
  SHOP_ID,
  signInCustomer,
} from "@/test/customer-data";
import { renderRoutes } from "@/test/render";

function tierCard(name: string) {
  return screen.getByRole("article", { name });
}

/** The dashboard with a card session to hand: Buy `tier`, then Checkout, up to the card form. */
async function openCardForm(tier: string, apiRoutes: Parameters<typeof mockApi>[0] = {}) {
  const opened = openAsCustomer(DASHBOARD, {
    ...customerRoutes(),
    [GET_CUSTOMER]: makeDashboard(),
    "POST /fortis/elements/transaction/intention": { data: makeSession() },
    ...apiRoutes,
  });
  await opened.user.click(await screen.findByRole("button", { name: `Buy ${tier}` }));
  await opened.user.click(await screen.findByRole("button", { name: "Checkout" }));
  const frame = (await screen.findByTitle("Card payment")) as HTMLIFrameElement;
  return { ...opened, frame };
}

describe("customer dashboard", () => {
  it("without a membership: tiers to buy, the balance, and the Offers tab", async () => {
    openAsCustomer(DASHBOARD, {
      ...customerRoutes({}, [makeOffer()]),
      [GET_CUSTOMER]: makeDashboard({ rewardBalance: 4.5 }),
    });
    expect(await screen.findByRole("heading", { name: "No membership yet" })).toBeInTheDocument();
    // The balance in its card and in the header, whose link opens redeem-cashback.
    expect(screen.getAllByText("$4.50")).toHaveLength(2);
    expect(
      screen.getByRole("link", { name: "Cashback balance $4.50: redeem cashback" }),
    ).toHaveAttribute("href", `/${SHOP_ID}/customer/redeem-cashback`);
    expect(await screen.findByRole("article", { name: "Bronze" })).toBeInTheDocument();
    expect(within(tierCard("Bronze")).getByRole("button", { name: "Buy Bronze" })).toBeEnabled();
    expect(within(tierCard("Gold")).queryByText("Subscribed")).not.toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole("tab", { name: "Offers" }));
    expect(await screen.findByRole("heading", { name: "No Offer available" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Buy Pastry box" })).toBeInTheDocument();
  });

  it("opens on the tab named in navigation state", async () => {
    openAsCustomer(
      { pathname: DASHBOARD, state: { tab: "offers" } },
      {
        ...customerRoutes(),
        [GET_CUSTOMER]: makeDashboard({ activeOffers: [makeCustomerOffer()] }),
      },
    );
    expect(await screen.findByRole("tab", { name: "Offers" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    expect(await screen.findByRole("article", { name: "Pastry box" })).toBeInTheDocument();
    expect(screen.getByText("Valid until 9 Mar, 2026")).toBeInTheDocument();
    expect(
      await screen.findByRole("heading", { name: "No offers available." }),
    ).toBeInTheDocument();
  });

  it("buys a tier by card: intention, sandbox form, complete, Subscribed", async () => {
    let member = false;
    const { api, user, router } = openAsCustomer(DASHBOARD, {
      ...customerRoutes(),
      [GET_CUSTOMER]: () =>
        makeDashboard(member ? { membership: makeMembership(), rewardBalance: 2 } : {}),
      "POST /fortis/elements/transaction/intention": { data: makeSession() },
      "POST /fortis/elements/transaction/complete": () => {
        member = true;
        return membershipPaid(2);
      },
    });
    await user.click(await screen.findByRole("button", { name: "Buy Bronze" }));

    const panel = await screen.findByRole("dialog", { name: "Bronze membership" });
    expect(within(panel).getByText("Payable Amount")).toBeInTheDocument();
    expect(within(panel).getByText("$9.99")).toBeInTheDocument();
    await user.click(within(panel).getByRole("button", { name: "Checkout" }));

    const frame = (await screen.findByTitle("Card payment")) as HTMLIFrameElement;
    expect(frame.getAttribute("src")).toBe("/api/v1/sandbox/checkout?token=ct_abc&theme=light");
    expect(api.callsTo("POST /fortis/elements/transaction/intention")[0]?.body).toEqual({
      type: "membership",
      membershipId: 1,
      amount: 9.99,
      shopId: SHOP_ID,
      customerId: CUSTOMER_ID,
    });

    postFromCardForm(frame, { type: "done", transactionId: "sbx_tx_1" });
    expect(await screen.findByText("Payment successful")).toBeInTheDocument();
    expect(api.callsTo("POST /fortis/elements/transaction/complete")[0]?.body).toEqual({
      checkoutId: "chk_1",
      transactionId: "sbx_tx_1",
    });
    await waitFor(() =>
      expect(within(tierCard("Bronze")).getByText("Subscribed")).toBeInTheDocument(),
    );
    expect(screen.getByRole("heading", { level: 2, name: "Bronze" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(DASHBOARD);
    expect(router.state.location.state).toEqual({ tab: "memberships" });
    await waitFor(() => expect(screen.queryByTitle("Card payment")).not.toBeInTheDocument());
  });

  it("a declined card: 'Payment failed, Try again' once, the form closes, nothing granted", async () => {
    const { frame } = await openCardForm("Bronze", {
      "POST /fortis/elements/transaction/complete": jsonResponse(
        { message: "Payment failed, Try again" },
        422,
      ),
    });

    postFromCardForm(frame, { type: "done", transactionId: "sbx_declined" });
    // The form reporting again (a second submit) must not repeat the toast.
    postFromCardForm(frame, { type: "error", code: "paid", message: "Already paid" });
    expect(await screen.findByText("Payment failed, Try again")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.getAllByText("Payment failed, Try again")).toHaveLength(1);
    expect(within(tierCard("Bronze")).queryByText("Subscribed")).not.toBeInTheDocument();
  });

  it("a form error (expired token) fails once without asking the server", async () => {
    const { api, frame } = await openCardForm("Gold");
    postFromCardForm(frame, { type: "error", code: "expired", message: "Expired" });
    postFromCardForm(frame, { type: "error", code: "expired", message: "Expired" });
    expect(await screen.findByText("Payment failed, Try again")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.getAllByText("Payment failed, Try again")).toHaveLength(1);
    expect(api.callsTo("POST /fortis/elements/transaction/complete")).toHaveLength(0);
  });

  it("ignores messages that do not come from the card form's frame", async () => {
    const { api } = await openCardForm("Bronze");
    window.dispatchEvent(
      new MessageEvent("message", {
        data: { source: "tessera-sandbox", type: "done", transactionId: "forged" },
        origin: window.location.origin,
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.callsTo("POST /fortis/elements/transaction/complete")).toHaveLength(0);
    expect(screen.getByTitle("Card payment")).toBeInTheDocument();
  });

  it("an unverified customer is told to verify before paying", async () => {
    openAsCustomer(DASHBOARD, {
      ...customerRoutes(),
      [GET_CUSTOMER]: makeDashboard({ customer: makeCustomer({ emailVerified: false }) }),
    });
    expect(await screen.findByText("Verify your e-mail")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Resend" })).toBeInTheDocument();
  });

  it("with an active membership, another tier becomes the next renewal without a payment", async () => {
    let scheduled = false;
    const { api, user } = openAsCustomer(DASHBOARD, {
      ...customerRoutes(),
      [GET_CUSTOMER]: () =>
        makeDashboard({
          membership: makeMembership(),
          nextRenewalMembership: scheduled
            ? { membershipId: 2, name: "Gold", plan: "monthly", price: 199 }
            : null,
        }),
      "POST /fortis/membership/schedule": () => {
        scheduled = true;
        return {
          message: "Membership renewal successfully",
          membership: makeMembership(),
          nextRenewalMembership: { membershipId: 2, name: "Gold", plan: "monthly", price: 199 },
        };
      },
    });
    expect(await screen.findByText("Subscribed")).toBeInTheDocument();
    expect(within(tierCard("Bronze")).queryByRole("button")).not.toBeInTheDocument();

    await user.click(within(tierCard("Gold")).getByRole("button", { name: "Switch to Gold" }));
    const confirm = await screen.findByRole("dialog", { name: "Switch to Gold?" });
    expect(confirm).toHaveAccessibleDescription(/Nothing is charged now\./);
    await user.click(within(confirm).getByRole("button", { name: "Switch plan" }));

    expect(await screen.findByText("Membership renewal successfully")).toBeInTheDocument();
    expect(api.callsTo("POST /fortis/membership/schedule")[0]?.body).toEqual({
      customerId: CUSTOMER_ID,
      transactionAmount: 199,
      membershipId: 2,
      plan: "monthly",
      shopId: SHOP_ID,
      name: "Gold",
    });
    expect(api.callsTo("POST /fortis/elements/transaction/intention")).toHaveLength(0);
    await waitFor(() =>
      expect(within(tierCard("Gold")).getByText("Subscribed")).toBeInTheDocument(),
    );
    expect(screen.getByText("Switching to Gold")).toBeInTheDocument();
  });

  it("cancels a card membership through the provider call, after a confirmation", async () => {
    let cancelled = false;
    const { api, user } = openAsCustomer(DASHBOARD, {
      ...customerRoutes(),
      [GET_CUSTOMER]: () =>
        makeDashboard({ membership: makeMembership(cancelled ? { status: "cancelled" } : {}) }),
      "POST /fortis/membership/cancel": () => {
        cancelled = true;
        return {
          message: "Membership cancelled successfully",
          membership: makeMembership({ status: "cancelled" }),
        };
      },
    });
    expect(await screen.findByText("Visa •••• 1111")).toBeInTheDocument();
    expect(screen.getByText("Renews on")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Cancel Membership" }));
    const confirm = await screen.findByRole("dialog", { name: "Cancel membership?" });
    await user.click(within(confirm).getByRole("button", { name: "Cancel Membership" }));

    expect(await screen.findByText("Membership cancelled successfully")).toBeInTheDocument();
    expect(api.callsTo("POST /fortis/membership/cancel")[0]?.body).toEqual({
      membershipId: 501,
      shopId: SHOP_ID,
      customerId: CUSTOMER_ID,
    });
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Cancel Membership" })).toBeDisabled(),
    );
    expect(screen.getByText("Expires on")).toBeInTheDocument();
  });

  it("cancels a cash membership through the customer call; a failure says so", async () => {
    const { api, user } = openAsCustomer(DASHBOARD, {
      ...customerRoutes(),
      [GET_CUSTOMER]: makeDashboard({
        membership: makeMembership({ paymentType: "cash", card: null }),
      }),
      [`PUT /customer/memberships/cancel-customer-membership/${CUSTOMER_ID}`]: jsonResponse(
        { message: "There is no active membership to cancel." },
        422,
      ),
    });
    await user.click(await screen.findByRole("button", { name: "Cancel Membership" }));
    const confirm = await screen.findByRole("dialog", { name: "Cancel membership?" });
    await user.click(within(confirm).getByRole("button", { name: "Cancel Membership" }));
    expect(
      await screen.findByText("Failed to cancel membership. Please try again."),
    ).toBeInTheDocument();
    expect(
      api.callsTo(`PUT /customer/memberships/cancel-customer-membership/${CUSTOMER_ID}`)[0]?.body,
    ).toEqual({ membershipId: 501, shopId: SHOP_ID });
  });

  it("a session that arrived with only a token (Google) asks who it is, then loads", async () => {
    signInCustomer();
    localStorage.removeItem("customer");
    const api = mockApi({
      ...customerRoutes(),
      "GET /customer/auth/me": { customer: makeCustomer({ id: CUSTOMER_ID, shopId: SHOP_ID }) },
      [GET_CUSTOMER]: makeDashboard({ rewardBalance: 3 }),
    });
    renderRoutes(routes, DASHBOARD);
    expect(await screen.findAllByText("$3.00")).toHaveLength(2);
    // The guard asks once; the bell asks for the socket's label too.
    expect(api.callsTo("GET /customer/auth/me").length).toBeGreaterThanOrEqual(1);
    expect(api.callsTo(GET_CUSTOMER)).toHaveLength(1);
  });

  it("a token the server no longer knows goes back to the shop's login", async () => {
    signInCustomer();
    localStorage.removeItem("customer");
    mockApi({
      ...customerRoutes(),
      "GET /customer/auth/me": jsonResponse(
        { message: "Invalid or expired token. Please login again." },
        401,
      ),
    });
    const { router } = renderRoutes(routes, DASHBOARD);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/${SHOP_ID}/login`));
  });

  it("paying without a customer session: 'Please login to continue.' and the shop's login", async () => {
    const { api, user, router } = openAsCustomer(DASHBOARD, {
      ...customerRoutes(),
      [GET_CUSTOMER]: makeDashboard(),
    });
    await user.click(await screen.findByRole("button", { name: "Buy Bronze" }));
    const checkout = await screen.findByRole("button", { name: "Checkout" });
    // Logged out in another tab meanwhile.
    localStorage.clear();
    await user.click(checkout);
    expect(await screen.findByText("Please login to continue.")).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/${SHOP_ID}/login`));
    expect(api.callsTo("POST /fortis/elements/transaction/intention")).toHaveLength(0);
  });
});
