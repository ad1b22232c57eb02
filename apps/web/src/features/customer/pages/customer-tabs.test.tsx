import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { jsonResponse } from "@/test/api-mock";
import { openAsCustomer } from "@/test/customer-app";
import {
  CUSTOMER_ID,
  customerRoutes,
  DASHBOARD,
  GET_CUSTOMER,
  makeCustomerOffer,
  makeDashboard,
  makeRedemption,
  makeTransaction,
  pageOf,
  SHOP_ID,
} from "@/test/customer-data";

const REDEMPTIONS = `GET /customer/redemptions/get-customer-redemptions/${CUSTOMER_ID}`;
const TRANSACTIONS = `GET /customer/transactions/get-customer-transactions/${SHOP_ID}`;
const REDEEM_OFFER = `POST /customer/offers/redeem-offer/${CUSTOMER_ID}`;

const future = () => new Date(Date.now() + 3 * 24 * 60 * 60 * 1000).toISOString();

/** A table row shows each of `texts`. */
function expectRowToShow(row: HTMLElement | undefined, texts: string[]) {
  for (const text of texts) expect(row).toHaveTextContent(text);
}

describe("Offers tab: bought offers", () => {
  it("Redeem asks first, then redeems with the customer offer's id", async () => {
    let redeemed = false;
    const { api, user } = openAsCustomer(
      { pathname: DASHBOARD, state: { tab: "offers" } },
      customerRoutes({
        [GET_CUSTOMER]: () =>
          makeDashboard({
            activeOffers: redeemed ? [] : [makeCustomerOffer({ expiresAt: future() })],
          }),
        [REDEEM_OFFER]: () => {
          redeemed = true;
          return jsonResponse(
            {
              message: "Offer redeemed successfully",
              redemption: makeRedemption({ redemptionType: "offer", item: "Pastry box" }),
              rewardBalance: 0,
            },
            201,
          );
        },
      }),
    );
    const mine = await screen.findByRole("region", { name: "Your offers" });
    await user.click(within(mine).getByRole("button", { name: "Redeem Pastry box" }));

    const confirm = await screen.findByRole("dialog", { name: "Redeem Pastry box?" });
    expect(api.callsTo(REDEEM_OFFER)).toHaveLength(0);
    await user.click(within(confirm).getByRole("button", { name: "Redeem" }));
    expect(await screen.findByText("Offer redeemed successfully")).toBeInTheDocument();
    expect(api.callsTo(REDEEM_OFFER)[0]?.query.get("customerOfferId")).toBe("901");
    expect(await within(mine).findByRole("heading", { name: "No Offer available" })).toBeVisible();
  });

  it("an expired purchase has no Redeem; a refusal shows the server's message", async () => {
    const { user } = openAsCustomer(
      { pathname: DASHBOARD, state: { tab: "offers" } },
      customerRoutes({
        [GET_CUSTOMER]: makeDashboard({
          activeOffers: [
            makeCustomerOffer({ expiresAt: "2020-01-01T00:00:00.000Z" }),
            makeCustomerOffer({ customerOfferId: 902, offerName: "Latte", expiresAt: null }),
          ],
        }),
        [REDEEM_OFFER]: jsonResponse({ message: "This offer has already been redeemed." }, 409),
      }),
    );
    const mine = await screen.findByRole("region", { name: "Your offers" });
    expect(within(mine).queryByRole("button", { name: "Redeem Pastry box" })).toBeNull();
    await user.click(within(mine).getByRole("button", { name: "Redeem Latte" }));
    const confirm = await screen.findByRole("dialog", { name: "Redeem Latte?" });
    await user.click(within(confirm).getByRole("button", { name: "Redeem" }));
    expect(await screen.findByText("This offer has already been redeemed.")).toBeInTheDocument();
  });

  it("shows two bought offers and See All for the rest", async () => {
    const { user } = openAsCustomer(
      { pathname: DASHBOARD, state: { tab: "offers" } },
      customerRoutes({
        [GET_CUSTOMER]: makeDashboard({
          activeOffers: ["A", "B", "C"].map((name, index) =>
            makeCustomerOffer({ customerOfferId: 900 + index, offerName: `Offer ${name}` }),
          ),
        }),
      }),
    );
    const mine = await screen.findByRole("region", { name: "Your offers" });
    expect(within(mine).getAllByRole("article")).toHaveLength(2);
    const seeAll = within(mine).getByRole("button", { name: "See All (3)" });
    expect(seeAll).toHaveAttribute("aria-expanded", "false");
    await user.click(seeAll);
    expect(within(mine).getAllByRole("article")).toHaveLength(3);
    expect(within(mine).getByRole("button", { name: "Show less" })).toHaveAttribute(
      "aria-expanded",
      "true",
    );
  });
});

describe("Redemptions and Billing tabs, empty", () => {
  it.each([
    {
      tab: "redemptions",
      call: REDEMPTIONS,
      list: "redemptions",
      empty: "No redemptions available",
    },
    { tab: "billing", call: TRANSACTIONS, list: "transactions", empty: "No transactions found" },
  ])('$tab: "$empty" when there are none', async ({ tab, call, list, empty }) => {
    openAsCustomer(
      { pathname: DASHBOARD, state: { tab } },
      customerRoutes({ [GET_CUSTOMER]: makeDashboard(), [call]: pageOf(list, []) }),
    );
    expect(await screen.findByRole("heading", { name: empty })).toBeInTheDocument();
  });
});

describe("Redemptions tab", () => {
  it("lists date, item, type, value and who redeemed it, page by page", async () => {
    const { api, user } = openAsCustomer(
      { pathname: DASHBOARD, state: { tab: "redemptions" } },
      customerRoutes({
        [GET_CUSTOMER]: makeDashboard(),
        [REDEMPTIONS]: (request: { query: URLSearchParams }) =>
          request.query.get("page") === "2"
            ? pageOf(
                "redemptions",
                [makeRedemption({ id: 2, item: "Cashback", redemptionType: "cashback" })],
                11,
                2,
              )
            : pageOf(
                "redemptions",
                [
                  makeRedemption(),
                  makeRedemption({
                    id: 3,
                    item: "Pastry box",
                    redemptionType: "offer",
                    value: 12,
                    performedBy: "merchant",
                    performedByName: "Dana Fields",
                  }),
                ],
                11,
              ),
      }),
    );
    await screen.findByText("Dana Fields (shop)");
    const table = screen.getByRole("table");
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(3);
    expectRowToShow(rows[1], ["3 Mar, 2026", "Free filter coffee", "Benefit", "$3.50", "You"]);
    expect(rows[2]).toHaveTextContent("Dana Fields (shop)");
    expect(api.callsTo(REDEMPTIONS)[0]?.query.get("pageSize")).toBe("10");

    const pages = screen.getByRole("navigation", { name: "Redemptions pages" });
    expect(within(pages).getByText("Page 1 of 2")).toBeInTheDocument();
    await user.click(within(pages).getByRole("button", { name: "Next" }));
    expect(await within(pages).findByText("Page 2 of 2")).toBeInTheDocument();
    await waitFor(() => expect(within(table).getAllByRole("row")).toHaveLength(2));
    expect(within(pages).getByRole("button", { name: "Next" })).toBeDisabled();
  });
});

describe("Billing tab", () => {
  it("lists payments with what was bought, how, the amount and the status", async () => {
    const { user } = openAsCustomer(
      DASHBOARD,
      customerRoutes({
        [GET_CUSTOMER]: makeDashboard(),
        [TRANSACTIONS]: pageOf("transactions", [
          makeTransaction({
            id: 2,
            transactionType: "Offer",
            offerName: "Pastry box",
            membershipName: null,
            plan: null,
            price: 12,
            offerPrice: 12,
            amount: 10.75,
            cashbackUsed: 1.25,
          }),
          makeTransaction({ status: "failed" }),
        ]),
      }),
    );
    await user.click(await screen.findByRole("tab", { name: "Billing" }));
    await screen.findByText("Pastry box");
    const rows = within(screen.getByRole("table")).getAllByRole("row");
    expectRowToShow(rows[1], ["Pastry box", "$10.75", "of $12.00, less $1.25 cashback", "Paid"]);
    expectRowToShow(rows[2], ["Bronze", "Membership · Monthly", "Online", "Declined"]);
    // A paid row offers its PDF receipt; a declined one has none.
    expect(
      within(rows[1] as HTMLElement).getByRole("button", { name: /^PDF receipt, Pastry box/ }),
    ).toBeInTheDocument();
    expect(
      within(rows[2] as HTMLElement).queryByRole("button", { name: /PDF receipt/ }),
    ).toBeNull();
  });
});
