import { screen, waitFor, within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { jsonResponse } from "@/test/api-mock";
import { openAsCustomer } from "@/test/customer-app";
import {
  CUSTOMER_ID,
  customerRoutes,
  DASHBOARD,
  GET_CUSTOMER,
  makeDashboard,
  makeOffer,
  makeSession,
  offerBought,
  postFromCardForm,
  SHOP_ID,
} from "@/test/customer-data";

const PURCHASE = `/${SHOP_ID}/customer/offer-purchase`;
const PURCHASE_CALL = `POST /customer/offers/purchase-offer/${CUSTOMER_ID}`;

function routesWith(balance: number, extra: Record<string, unknown> = {}) {
  return customerRoutes({ [GET_CUSTOMER]: makeDashboard({ rewardBalance: balance }), ...extra }, [
    makeOffer(),
  ]);
}

/** The purchase panel for offer `offerId` (the Pastry box unless said), `balance` cashback to hand. */
function openPurchase(balance: number, extra: Record<string, unknown> = {}, offerId = 3) {
  return openAsCustomer(`${PURCHASE}?offerId=${offerId}`, routesWith(balance, extra));
}

async function openPanel() {
  return screen.findByRole("dialog", { name: "Buy offer" });
}

/** The panel once the offer and the balance have loaded. */
async function loadedPanel() {
  const panel = await openPanel();
  await within(panel).findByText("Payable Amount");
  return panel;
}

/** In the loaded panel: uses `cashback`, sees `payable` left to pay, and presses `submit`. */
async function payWithCashback(user: UserEvent, cashback: string, payable: string, submit: string) {
  const panel = await loadedPanel();
  await user.type(within(panel).getByLabelText("Use cashback"), cashback);
  expect(within(panel).getByText(payable)).toBeInTheDocument();
  await user.click(within(panel).getByRole("button", { name: submit }));
}

describe("offer purchase (/{shopId}/customer/offer-purchase)", () => {
  it("opens over the dashboard from Buy, and closing returns to the Offers tab", async () => {
    const { user, router } = openAsCustomer(
      { pathname: DASHBOARD, state: { tab: "offers" } },
      routesWith(5),
    );
    await user.click(await screen.findByRole("button", { name: "Buy Pastry box" }));
    const panel = await loadedPanel();
    expect(router.state.location.pathname).toBe(PURCHASE);
    expect(router.state.location.state).toEqual({ offerId: 3 });
    expect(within(panel).getByText("Pastry box")).toBeInTheDocument();
    // The dashboard stays behind the modal.
    expect(screen.getByRole("heading", { name: "Dashboard", hidden: true })).toBeInTheDocument();

    await user.click(within(panel).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(router.state.location.pathname).toBe(DASHBOARD));
    expect(router.state.location.state).toEqual({ tab: "offers" });
    // The router settles a shop address a moment after its state changes (it asks whether the
    // customer area's pages have joined yet), so the dashboard shows up on the next render.
    expect(await screen.findByRole("tab", { name: "Offers" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
  });

  it("checks the cashback against the price and the balance, with the spec's messages", async () => {
    const { api, user } = openPurchase(5);
    const panel = await loadedPanel();
    expect(within(panel).getByText("$12")).toBeInTheDocument();
    const input = within(panel).getByLabelText("Use cashback");
    expect(input).toHaveAttribute("step", "0.01");
    expect(input).toHaveAttribute("min", "0");

    await user.type(input, "13");
    await user.click(within(panel).getByRole("button", { name: "Checkout" }));
    expect(
      await within(panel).findByText("Cashback amount cannot exceed the offer price."),
    ).toBeInTheDocument();

    await user.clear(input);
    await user.type(input, "6");
    await user.click(within(panel).getByRole("button", { name: "Checkout" }));
    expect(
      await within(panel).findByText("You cannot redeem more than your available cashback."),
    ).toBeInTheDocument();
    expect(api.callsTo(PURCHASE_CALL)).toHaveLength(0);
  });

  it("part cashback: the purchase's checkout session opens the card form, no second intention", async () => {
    const { api, user, router } = openPurchase(5, {
      [PURCHASE_CALL]: {
        outcome: "checkout",
        data: makeSession({ checkoutId: "chk_offer", amount: 7.65, cashbackUsed: 4.35 }),
      },
      "POST /fortis/elements/transaction/complete": {
        message: "Payment successful",
        ...offerBought(0.65),
      },
    });
    await payWithCashback(user, "4.35", "$7.65", "Checkout");

    const frame = (await screen.findByTitle("Card payment")) as HTMLIFrameElement;
    expect(api.callsTo(PURCHASE_CALL)[0]?.body).toEqual({ offerId: 3, cashbackUsed: 4.35 });
    expect(api.callsTo("POST /fortis/elements/transaction/intention")).toHaveLength(0);
    expect(screen.getByRole("dialog", { name: "Pay by card" })).toHaveAccessibleDescription(
      "Payable Amount $7.65 after $4.35 cashback",
    );

    postFromCardForm(frame, { type: "done", transactionId: "sbx_offer" });
    expect(await screen.findByText("Payment successful")).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(DASHBOARD));
    expect(router.state.location.state).toEqual({ tab: "offers" });
  });

  it("cashback covering the price completes at once", async () => {
    const { api, user, router } = openPurchase(25, {
      [PURCHASE_CALL]: {
        outcome: "completed",
        message: "Offer purchased successfully",
        ...offerBought(13),
      },
    });
    await payWithCashback(user, "12", "$0", "Complete Purchase");

    expect(await screen.findByText("Offer purchased successfully")).toBeInTheDocument();
    expect(api.callsTo(PURCHASE_CALL)[0]?.body).toEqual({ offerId: 3, cashbackUsed: 12 });
    await waitFor(() => expect(router.state.location.pathname).toBe(DASHBOARD));
    expect(router.state.location.state).toEqual({ tab: "offers" });
    expect(screen.queryByTitle("Card payment")).not.toBeInTheDocument();
  });

  it("a refused purchase shows the server's message and stays open", async () => {
    const { user } = openPurchase(0, {
      [PURCHASE_CALL]: jsonResponse({ message: "Sorry, this offer is sold out." }, 409),
    });
    const panel = await loadedPanel();
    expect(within(panel).queryByLabelText("Use cashback")).not.toBeInTheDocument();
    await user.click(within(panel).getByRole("button", { name: "Checkout" }));
    expect(await screen.findByText("Sorry, this offer is sold out.")).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Buy offer" })).toBeInTheDocument();
  });

  it("an offer no longer on sale says so, with nothing to pay", async () => {
    openPurchase(5, {}, 99);
    const panel = await openPanel();
    expect(
      await within(panel).findByText("This offer is not available right now."),
    ).toBeInTheDocument();
    expect(within(panel).queryByText("Payable Amount")).not.toBeInTheDocument();
  });
});
