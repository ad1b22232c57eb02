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

const detail = (member = makeMember()) => ({
  member,
  transactions: [],
  transactionsTotal: 0,
  redemptions: [],
  redemptionsTotal: 0,
});

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
    expect(screen.getByText("No transactions found")).toBeInTheDocument();
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
    await user.click(within(dialog).getByRole("button", { name: "Redeem" }));
    expect(await within(dialog).findByText("Please enter an amount to redeem.")).toBeVisible();
    await user.type(amount, "2.5");
    await user.click(within(dialog).getByRole("button", { name: "Redeem" }));
    expect(await within(dialog).findByText("Only whole numbers are allowed.")).toBeVisible();
    await user.clear(amount);
    await user.type(amount, "13");
    await user.click(within(dialog).getByRole("button", { name: "Redeem" }));
    expect(
      await within(dialog).findByText("You cannot redeem more than your available cashback."),
    ).toBeVisible();
    await user.clear(amount);
    await user.type(amount, "5");
    await user.click(within(dialog).getByRole("button", { name: "Redeem" }));
    expect(await screen.findByText("Cashback redeemed successfully")).toBeInTheDocument();
    const call = api.callsTo("POST /merchant-redemptions/create-cashback-redemption")[0];
    expect(call?.query.get("customerId")).toBe("7");
    expect(call?.query.get("price")).toBe("5");
  });
});
