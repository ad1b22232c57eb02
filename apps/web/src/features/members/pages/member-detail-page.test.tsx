import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { CurrentShopProvider } from "@/lib/shop-branding";
import { jsonResponse, makeShop, mockApi } from "@/test/api-mock";
import { renderRoutes } from "@/test/render";
import { MemberDetailPage } from "./member-detail-page";
import { MemberCashbackModal } from "./redeem-modals";

function makeMember(overrides: Record<string, unknown> = {}) {
  return {
    id: 7,
    firstName: "Ada",
    lastName: "Lovelace",
    email: "ada@example.com",
    phoneNumber: "+12015550123",
    profilePicture: null,
    status: "active",
    isDisabled: false,
    hasPassword: true,
    created_at: "2024-09-05T12:00:00Z",
    lastActivityAt: "2024-09-05T12:00:00Z",
    totalRewardBalance: 12,
    cashbackBalance: 12,
    activeMembership: {
      id: 3,
      membershipId: 1,
      membershipName: "Bronze",
      plan: "monthly",
      paymentType: "cash",
      status: "cancelled",
      price: 9.99,
      cashbackReward: 1,
      startDate: "2024-09-05T12:00:00Z",
      expireDate: "2024-10-05T12:00:00Z",
      Benefits: [],
      card: null,
    },
    nextRenewalMembership: null,
    benefits: [
      {
        id: 1,
        name: "Coffee",
        worth: 3,
        benefitType: "monthly",
        redeemed: false,
        availableOn: null,
      },
      {
        id: 2,
        name: "Pastry",
        worth: 2,
        benefitType: "monthly",
        redeemed: false,
        availableOn: null,
      },
      {
        id: 3,
        name: "Beans",
        worth: 9,
        benefitType: "monthly",
        redeemed: false,
        availableOn: null,
      },
    ],
    offers: [],
    planType: "monthly",
    paymentType: "cash",
    ...overrides,
  };
}

function renderDetail(path: string) {
  return renderRoutes(
    [
      {
        path: "/merchant/members/redeem-cashback-modal",
        element: (
          <CurrentShopProvider shop={makeShop()}>
            <MemberDetailPage memberIdFrom="query" />
          </CurrentShopProvider>
        ),
        children: [{ index: true, element: <MemberCashbackModal /> }],
      },
      {
        path: "/merchant/members/:memberId",
        element: (
          <CurrentShopProvider shop={makeShop()}>
            <MemberDetailPage />
          </CurrentShopProvider>
        ),
      },
    ],
    path,
  );
}

function makeTransaction(id: number) {
  return {
    transactionId: `pi_${id}`,
    id,
    transactionDate: "2024-09-05T12:00:00Z",
    transactionType: "Offer",
    offerName: `Offer ${id}`,
    membershipName: null,
    plan: null,
    paymentType: "cash",
    offerPrice: 5,
    price: 5,
    amount: 5,
    discount: 0,
    cashbackUsed: 0,
    status: "succeeded",
    transactionBy: "Olivia Owner",
    customerName: "Ada Lovelace",
  };
}

function makeRedemption(id: number) {
  return {
    id,
    redemptionDate: "2024-09-05T12:00:00Z",
    redemptionType: "benefit",
    item: `Benefit ${id}`,
    customerName: "Ada Lovelace",
    value: 3,
    performedBy: "merchant",
    performedByName: "Olivia Owner",
  };
}

/** Ids `from` down to `to`, newest (highest) first as the API lists them. */
const ids = (from: number, to: number) =>
  Array.from({ length: from - to + 1 }, (_, index) => from - index);

const detail = (member = makeMember()) => ({
  member,
  transactions: [],
  transactionsTotal: 0,
  redemptions: [],
  redemptionsTotal: 0,
});

/** The member with page 1 (the newest 20) of `transactions` and `redemptions` rows in all. */
const withHistory = ({ transactions = 0, redemptions = 0 }) => ({
  ...detail(),
  transactions: ids(transactions, Math.max(1, transactions - 19)).map(makeTransaction),
  transactionsTotal: transactions,
  redemptions: ids(redemptions, Math.max(1, redemptions - 19)).map(makeRedemption),
  redemptionsTotal: redemptions,
});

/** One history table (phones get the same rows as a list, which jsdom renders too). */
async function inTable(name: "Transactions" | "Redemptions") {
  return within(await screen.findByRole("table", { name }));
}

describe("MemberDetailPage", () => {
  it("shows two benefits with See All, the empty panels and tabs, and hides Manage Memberships for cancelled", async () => {
    mockApi({
      "GET /member/get-single-member/7": detail(makeMember({ status: "cancelled" })),
    });
    renderDetail("/merchant/members/7");
    expect(await screen.findByRole("heading", { name: "Ada Lovelace" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Redeem Coffee" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Redeem Pastry" })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Redeem Beans" })).toBeNull();
    expect(screen.getByText("See All").closest("a")).toHaveAttribute(
      "href",
      "/merchant/members/7/redeem-benefits",
    );
    expect(screen.getByText("No Offer available")).toBeInTheDocument();
    expect((await inTable("Transactions")).getByText("No transactions found")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Manage Memberships" })).toBeNull();
  });

  it("says Member not found for an unknown id", async () => {
    mockApi({
      "GET /member/get-single-member/8": jsonResponse({ message: "Member not found." }, 404),
    });
    renderDetail("/merchant/members/8");
    expect(await screen.findByRole("heading", { name: "Member not found" })).toBeInTheDocument();
    expect(
      screen.getByText("Please navigate to this page from the members list."),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to Members" })).toHaveAttribute(
      "href",
      "/merchant/members",
    );
  });

  it("Redeem Cashback takes whole dollars within the balance", async () => {
    const api = mockApi({
      "GET /member/get-single-member/7": detail(),
      "POST /merchant-redemptions/create-cashback-redemption": {
        message: "Cashback redeemed successfully",
      },
    });
    renderDetail("/merchant/members/redeem-cashback-modal?memberId=7");
    const dialog = await screen.findByRole("dialog", { name: "Redeem Cashback" });
    const amount = within(dialog).getByLabelText("Amount (whole dollars)");
    const user = userEvent.setup();
    /** Redeems what the amount field holds after `typed` replaces its text. */
    async function redeem(typed: string) {
      await user.clear(amount);
      if (typed) await user.type(amount, typed);
      await user.click(within(dialog).getByRole("button", { name: "Redeem" }));
    }
    await redeem("");
    expect(await within(dialog).findByText("Please enter an amount to redeem.")).toBeVisible();
    await redeem("2.5");
    expect(await within(dialog).findByText("Only whole numbers are allowed.")).toBeVisible();
    await redeem("13");
    expect(
      await within(dialog).findByText("You cannot redeem more than your available cashback."),
    ).toBeVisible();
    await redeem("5");
    expect(await screen.findByText("Cashback redeemed successfully")).toBeInTheDocument();
    const call = api.callsTo("POST /merchant-redemptions/create-cashback-redemption")[0];
    expect(call?.query.get("customerId")).toBe("7");
    expect(call?.query.get("price")).toBe("5");
  });

  it("pages the transactions: page 1 from the member, page 2 fetched, and back", async () => {
    const api = mockApi({
      "GET /member/get-single-member/7": withHistory({ transactions: 25 }),
      "GET /member/get-member-transactions/7": {
        transactions: ids(5, 1).map(makeTransaction),
        total: 25,
        page: 2,
        pageSize: 20,
      },
    });
    renderDetail("/merchant/members/7");
    expect(await (await inTable("Transactions")).findByText("Offer 25")).toBeInTheDocument();
    const pager = screen.getByRole("navigation", { name: "Transactions pages" });
    expect(within(pager).getByText("Page 1 of 2")).toBeInTheDocument();
    expect(within(pager).getByRole("button", { name: "Previous" })).toBeDisabled();
    expect(api.callsTo("GET /member/get-member-transactions/7")).toHaveLength(0);

    const user = userEvent.setup();
    await user.click(within(pager).getByRole("button", { name: "Next" }));
    expect(await (await inTable("Transactions")).findByText("Offer 5")).toBeInTheDocument();
    expect(screen.queryAllByText("Offer 25")).toHaveLength(0);
    expect(within(pager).getByText("Page 2 of 2")).toBeInTheDocument();
    expect(within(pager).getByRole("button", { name: "Next" })).toBeDisabled();
    const [call] = api.callsTo("GET /member/get-member-transactions/7");
    expect(call?.query.get("page")).toBe("2");
    expect(call?.query.get("pageSize")).toBe("20");

    await user.click(within(pager).getByRole("button", { name: "Previous" }));
    expect(await (await inTable("Transactions")).findByText("Offer 25")).toBeInTheDocument();
    expect(screen.queryAllByText("Offer 5")).toHaveLength(0);
    expect(api.callsTo("GET /member/get-member-transactions/7")).toHaveLength(1);
  });

  it("pages the redemptions through the merchant redemptions list", async () => {
    const api = mockApi({
      "GET /member/get-single-member/7": withHistory({ redemptions: 21 }),
      "GET /merchant-redemptions/get-customer-redemptions": {
        redemptions: [makeRedemption(1)],
        total: 21,
        page: 2,
        pageSize: 20,
      },
    });
    renderDetail("/merchant/members/7");
    await screen.findByRole("heading", { name: "Ada Lovelace" });
    const user = userEvent.setup();
    await user.click(screen.getByRole("tab", { name: "Redemptions" }));
    expect(await (await inTable("Redemptions")).findByText("Benefit 21")).toBeInTheDocument();
    const pager = screen.getByRole("navigation", { name: "Redemptions pages" });
    await user.click(within(pager).getByRole("button", { name: "Next" }));
    expect(await (await inTable("Redemptions")).findByText("Benefit 1")).toBeInTheDocument();
    expect(screen.queryAllByText("Benefit 21")).toHaveLength(0);
    expect(within(pager).getByText("Page 2 of 2")).toBeInTheDocument();
    const [call] = api.callsTo("GET /merchant-redemptions/get-customer-redemptions");
    expect(call?.query.get("customerId")).toBe("7");
    expect(call?.query.get("page")).toBe("2");
    expect(call?.query.get("pageSize")).toBe("20");
  });

  it("hides the pagers when the history fits on one page", async () => {
    const api = mockApi({
      "GET /member/get-single-member/7": withHistory({ transactions: 20, redemptions: 3 }),
    });
    renderDetail("/merchant/members/7");
    expect(await (await inTable("Transactions")).findByText("Offer 20")).toBeInTheDocument();
    expect((await inTable("Transactions")).getByText("Offer 1")).toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "Transactions pages" })).toBeNull();
    await userEvent.setup().click(screen.getByRole("tab", { name: "Redemptions" }));
    expect(await (await inTable("Redemptions")).findByText("Benefit 3")).toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "Redemptions pages" })).toBeNull();
    expect(api.callsTo("GET /member/get-member-transactions/7")).toHaveLength(0);
    expect(api.callsTo("GET /merchant-redemptions/get-customer-redemptions")).toHaveLength(0);
  });

  it("shows a retry when a later page fails, and keeps the way back", async () => {
    mockApi({
      "GET /member/get-single-member/7": withHistory({ transactions: 25 }),
      "GET /member/get-member-transactions/7": jsonResponse({ message: "Not allowed." }, 403),
    });
    renderDetail("/merchant/members/7");
    expect(await (await inTable("Transactions")).findByText("Offer 25")).toBeInTheDocument();
    const pager = screen.getByRole("navigation", { name: "Transactions pages" });
    const user = userEvent.setup();
    await user.click(within(pager).getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Could not load the transactions")).toBeInTheDocument();
    expect(screen.queryAllByText("Offer 25")).toHaveLength(0);
    await user.click(within(pager).getByRole("button", { name: "Previous" }));
    expect(await (await inTable("Transactions")).findByText("Offer 25")).toBeInTheDocument();
  });
});
