import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { routes } from "@/app/router";
import { jsonResponse, mockApi } from "@/test/api-mock";
import { openAsCustomer } from "@/test/customer-app";
import {
  CUSTOMER_ID,
  customerRoutes,
  DASHBOARD,
  GET_CUSTOMER,
  makeDashboard,
  makeMembership,
  makeRedemption,
  pageOf,
  SHOP_ID,
  signInCustomer,
} from "@/test/customer-data";
import { renderRoutes } from "@/test/render";

const REDEMPTIONS = `GET /customer/redemptions/get-customer-redemptions/${CUSTOMER_ID}`;
const REDEEM_BENEFIT = `POST /customer/redemptions/create-redemption/${CUSTOMER_ID}`;
const REDEEM_CASHBACK = `POST /customer/redemptions/create-cashback-redemption/${CUSTOMER_ID}`;

const DAY = 24 * 60 * 60 * 1000;
const BENEFITS = [
  { id: 11, name: "Free filter coffee", worth: 3.5, benefitType: "monthly" },
  { id: 12, name: "10% off pastries", worth: 3, benefitType: "monthly" },
  { id: 13, name: "Free pastry", worth: 4, benefitType: "monthly" },
];

/** A membership that started 5 days ago, so "this month" is around today. */
function runningMembership(benefits = BENEFITS) {
  return makeMembership({
    startDate: new Date(Date.now() - 5 * DAY).toISOString(),
    expireDate: new Date(Date.now() + 25 * DAY).toISOString(),
    Benefits: benefits,
  });
}

function panel() {
  return screen.getByRole("region", { name: "Redeem Benefit" });
}

/** Redeem-cashback with a $4.50 balance and the server answering `answer`: `amount`, Redeem. */
async function redeemCashbackAnswered(answer: Response, amount: string) {
  const { user } = openAsCustomer(
    `/${SHOP_ID}/customer/redeem-cashback`,
    customerRoutes({
      [GET_CUSTOMER]: makeDashboard({ rewardBalance: 4.5 }),
      [REDEEM_CASHBACK]: answer,
    }),
  );
  const dialog = await screen.findByRole("dialog", { name: "Redeem Cashback" });
  const field = await within(dialog).findByLabelText("Amount to redeem");
  await user.type(field, amount);
  await user.click(within(dialog).getByRole("button", { name: "Redeem" }));
  return field;
}

describe("Redeem Benefit panel", () => {
  it("shows two benefits and See All when there are more; a used one is disabled", async () => {
    openAsCustomer(
      DASHBOARD,
      customerRoutes({
        [GET_CUSTOMER]: makeDashboard({ membership: runningMembership() }),
        [REDEMPTIONS]: pageOf("redemptions", [
          makeRedemption({ redemptionDate: new Date(Date.now() - DAY).toISOString() }),
        ]),
      }),
    );
    const redeemCoffee = await screen.findByRole("button", { name: "Redeem Free filter coffee" });
    await waitFor(() => expect(redeemCoffee).toBeDisabled());
    expect(redeemCoffee).toHaveAccessibleDescription(
      /^Redeemed this month · available again on \d+ \w+, \d{4}$/,
    );
    expect(within(panel()).getByRole("button", { name: "Redeem 10% off pastries" })).toBeEnabled();
    expect(within(panel()).queryByText("Free pastry")).not.toBeInTheDocument();
    expect(within(panel()).getByRole("link", { name: "See All 3 benefits" })).toHaveAttribute(
      "href",
      `/${SHOP_ID}/customer/redeem-benefit`,
    );
  });

  it("uses the dashboard's usedThisMonth marks without reading the redemptions", async () => {
    const { api } = openAsCustomer(
      DASHBOARD,
      customerRoutes({
        [GET_CUSTOMER]: makeDashboard({
          membership: runningMembership(
            BENEFITS.map((benefit, index) => ({
              ...benefit,
              usedThisMonth: index === 1,
              availableOn: index === 1 ? "2099-01-15T17:00:00.000Z" : null,
            })),
          ),
        }),
      }),
    );
    const pastries = await screen.findByRole("button", { name: "Redeem 10% off pastries" });
    expect(pastries).toBeDisabled();
    expect(pastries).toHaveAccessibleDescription(
      "Redeemed this month · available again on 15 Jan, 2099",
    );
    expect(screen.getByRole("button", { name: "Redeem Free filter coffee" })).toBeEnabled();
    expect(api.callsTo(REDEMPTIONS)).toHaveLength(0);
  });

  it('"No benefits available" without a membership', async () => {
    const { api } = openAsCustomer(DASHBOARD, customerRoutes({ [GET_CUSTOMER]: makeDashboard() }));
    expect(
      await within(await screen.findByRole("region", { name: "Redeem Benefit" })).findByRole(
        "heading",
        { name: "No benefits available" },
      ),
    ).toBeInTheDocument();
    expect(api.callsTo(REDEMPTIONS)).toHaveLength(0);
  });

  it("two benefits or fewer: no See All", async () => {
    openAsCustomer(
      DASHBOARD,
      customerRoutes({
        [GET_CUSTOMER]: makeDashboard({ membership: runningMembership(BENEFITS.slice(0, 2)) }),
        [REDEMPTIONS]: pageOf("redemptions", []),
      }),
    );
    await screen.findByRole("button", { name: "Redeem 10% off pastries" });
    expect(screen.queryByRole("link", { name: /See All/ })).not.toBeInTheDocument();
  });
});

describe("redeem-benefit modal", () => {
  it("Redeem → confirm → the server's message, back on the dashboard, the benefit disabled", async () => {
    signInCustomer();
    let redeemed = false;
    const api = mockApi(
      customerRoutes({
        [GET_CUSTOMER]: makeDashboard({ membership: runningMembership() }),
        [REDEMPTIONS]: () =>
          pageOf(
            "redemptions",
            redeemed ? [makeRedemption({ redemptionDate: new Date().toISOString() })] : [],
          ),
        [REDEEM_BENEFIT]: () => {
          redeemed = true;
          return jsonResponse(
            {
              message: "Benefit redeemed successfully",
              redemption: makeRedemption(),
              rewardBalance: 0,
            },
            201,
          );
        },
      }),
    );
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, DASHBOARD);
    const redeem = await screen.findByRole("button", { name: "Redeem Free filter coffee" });
    await waitFor(() => expect(redeem).toBeEnabled());
    await user.click(redeem);

    const dialog = await screen.findByRole("dialog", { name: "Redeem Free filter coffee?" });
    expect(router.state.location.pathname).toBe(`/${SHOP_ID}/customer/redeem-benefit`);
    expect(router.state.location.search).toBe("?benefitId=11");
    // The dashboard stays behind the modal.
    expect(screen.getByRole("heading", { name: "Dashboard", hidden: true })).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Redeem" }));

    expect(await screen.findByText("Benefit redeemed successfully")).toBeInTheDocument();
    expect(api.callsTo(REDEEM_BENEFIT)[0]?.query.get("benefitId")).toBe("11");
    await waitFor(() => expect(router.state.location.pathname).toBe(DASHBOARD));
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Redeem Free filter coffee" })).toBeDisabled(),
    );
  });

  it("already redeemed this month (409): the message, and Redeem stays disabled", async () => {
    signInCustomer();
    const message =
      "You have already redeemed Free filter coffee this month. It is available again on 22 Dec, 2026.";
    mockApi(
      customerRoutes({
        [GET_CUSTOMER]: makeDashboard({ membership: runningMembership() }),
        [REDEMPTIONS]: pageOf("redemptions", []),
        [REDEEM_BENEFIT]: jsonResponse({ message }, 409),
      }),
    );
    const user = userEvent.setup();
    renderRoutes(routes, `/${SHOP_ID}/customer/redeem-benefit?benefitId=11`);
    const dialog = await screen.findByRole("dialog", { name: "Redeem Free filter coffee?" });
    const confirm = within(dialog).getByRole("button", { name: "Redeem" });
    await waitFor(() => expect(confirm).toBeEnabled());
    await user.click(confirm);

    expect(await screen.findAllByText(message)).not.toHaveLength(0);
    await waitFor(() =>
      expect(within(dialog).getByRole("button", { name: "Redeem" })).toBeDisabled(),
    );
    expect(within(dialog).getByText("Already redeemed this month")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Redeem Free filter coffee" })).toBeDisabled(),
    );
  });

  it("See All lists every benefit; choosing one asks to confirm it", async () => {
    const { user, router } = openAsCustomer(
      DASHBOARD,
      customerRoutes({
        [GET_CUSTOMER]: makeDashboard({ membership: runningMembership() }),
        [REDEMPTIONS]: pageOf("redemptions", []),
      }),
    );
    await user.click(await screen.findByRole("link", { name: "See All 3 benefits" }));
    const dialog = await screen.findByRole("dialog", { name: "Redeem Benefit" });
    const redeemPastry = within(dialog).getByRole("button", { name: "Redeem Free pastry" });
    await waitFor(() => expect(redeemPastry).toBeEnabled());
    expect(within(dialog).getAllByRole("listitem")).toHaveLength(3);
    await user.click(redeemPastry);
    const confirm = await screen.findByRole("dialog", { name: "Redeem Free pastry?" });
    expect(router.state.location.search).toBe("?benefitId=13");
    await user.click(within(confirm).getByRole("button", { name: "All benefits" }));
    expect(await screen.findByRole("dialog", { name: "Redeem Benefit" })).toBeInTheDocument();
  });
});

describe("redeem-cashback modal", () => {
  it("opens from the header's balance and checks the amount with the spec's messages", async () => {
    signInCustomer();
    let balance = 4.5;
    const api = mockApi(
      customerRoutes({
        [GET_CUSTOMER]: () => makeDashboard({ rewardBalance: balance }),
        [REDEEM_CASHBACK]: () => {
          balance = 2.25;
          return jsonResponse(
            {
              message: "Cashback redeemed successfully",
              redemption: makeRedemption({ redemptionType: "cashback", item: "Cashback" }),
              rewardBalance: balance,
            },
            201,
          );
        },
      }),
    );
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, DASHBOARD);
    await user.click(
      await screen.findByRole("link", { name: "Cashback balance $4.50: redeem cashback" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Redeem Cashback" });
    expect(router.state.location.pathname).toBe(`/${SHOP_ID}/customer/redeem-cashback`);
    const amount = within(dialog).getByLabelText("Amount to redeem");
    expect(amount).toHaveAttribute("step", "0.01");
    expect(amount).toHaveAttribute("min", "0");
    const submit = within(dialog).getByRole("button", { name: "Redeem" });

    await user.click(submit);
    expect(
      await within(dialog).findByText("Please enter an amount to redeem."),
    ).toBeInTheDocument();
    await user.type(amount, "0");
    // Editing clears the message.
    expect(within(dialog).queryByText("Please enter an amount to redeem.")).not.toBeInTheDocument();
    await user.click(submit);
    expect(
      await within(dialog).findByText("Please enter a valid amount to redeem."),
    ).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, "4.51");
    await user.click(submit);
    expect(
      await within(dialog).findByText("You cannot redeem more than your available cashback."),
    ).toBeInTheDocument();
    expect(api.callsTo(REDEEM_CASHBACK)).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, "2.25");
    await user.click(submit);
    expect(await screen.findByText("Cashback redeemed successfully")).toBeInTheDocument();
    expect(api.callsTo(REDEEM_CASHBACK)[0]?.query.get("price")).toBe("2.25");
    // Back where it was opened from, with the new balance.
    await waitFor(() => expect(router.state.location.pathname).toBe(DASHBOARD));
    expect(
      await screen.findByRole("link", { name: "Cashback balance $2.25: redeem cashback" }),
    ).toBeInTheDocument();
  });

  it("a failure says 'Failed to redeem cashback. Please try again.'", async () => {
    await redeemCashbackAnswered(
      jsonResponse({ message: "Something went wrong on our side. Please try again." }, 500),
      "1",
    );
    expect(
      await screen.findByText("Failed to redeem cashback. Please try again."),
    ).toBeInTheDocument();
    expect(screen.getByRole("dialog", { name: "Redeem Cashback" })).toBeInTheDocument();
  });

  it("the server's balance check shows on the field", async () => {
    const amount = await redeemCashbackAnswered(
      jsonResponse({ message: "You cannot redeem more than your available cashback." }, 422),
      "4",
    );
    await waitFor(() =>
      expect(amount).toHaveAccessibleDescription(
        "You cannot redeem more than your available cashback.",
      ),
    );
  });

  it("closing goes back to the dashboard as it was left, on the same tab", async () => {
    const { user, router } = openAsCustomer(
      { pathname: DASHBOARD, state: { tab: "offers" } },
      customerRoutes({
        [GET_CUSTOMER]: makeDashboard({ rewardBalance: 4.5 }),
        [`GET /customer/transactions/get-customer-transactions/${SHOP_ID}`]: pageOf(
          "transactions",
          [],
        ),
      }),
    );
    await user.click(await screen.findByRole("tab", { name: "Billing" }));
    await user.click(screen.getByRole("link", { name: /^Cashback balance/ }));
    const dialog = await screen.findByRole("dialog", { name: "Redeem Cashback" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(router.state.location.pathname).toBe(DASHBOARD));
    await waitFor(() =>
      expect(screen.getByRole("tab", { name: "Billing" })).toHaveAttribute("aria-selected", "true"),
    );
  });

  it("with no cashback, nothing can be redeemed", async () => {
    openAsCustomer(
      `/${SHOP_ID}/customer/redeem-cashback`,
      customerRoutes({ [GET_CUSTOMER]: makeDashboard({ rewardBalance: 0 }) }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Redeem Cashback" });
    expect(
      await within(dialog).findByText(/You have no cashback to redeem yet/),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Redeem" })).toBeDisabled();
  });
});
