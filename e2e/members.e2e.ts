import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import {
  fillLogin,
  openPage,
  screenshot,
  seriousAxeViolations,
  viewports,
  waitForPath,
} from "./support/browser";
import { SANDBOX_CARDS } from "./support/customers";
import {
  DEMO_OWNER,
  dismissToasts,
  openedDialog,
  poll,
  ready,
  seeToast,
  sidebarLink,
  unexpectedProblems,
  uniqueEmail,
  viewportEntries,
} from "./support/journey";
import { linkIn, waitForMail } from "./support/mailbox";
import { ownerJourney } from "./support/owner-journey";

/**
 * Members and staff acceptance (issue 7), in a real browser against the built app: the demo
 * owner adds members at the counter (cash with a discount, card through the sandbox form),
 * redeems a benefit, an offer and cashback on the member page, disables, enables and deletes a
 * member, and invites a staff member who sets a password, signs in without the Staff page, and
 * is signed out when disabled. Desktop and phone, screenshots, axe in both themes.
 */

const STAFF_PASSWORD = "Staff@2025x";
const memberEmail = (who: string) => uniqueEmail(who, "example.com");

type Tier = { id: number; name: string; price: number; renewal: string };
type MemberRow = { id: number; email: string; status: string; cashbackBalance: number };
type MemberDetail = {
  member: MemberRow & {
    firstName: string;
    lastName: string;
    benefits: { id: number; name: string; redeemed: boolean }[];
    offers: { customerOfferId: number; offerName: string }[];
    activeMembership: { membershipName: string; paymentType: string } | null;
  };
  transactions: { paymentType: string; amount: number; discount: number }[];
  redemptions: { item: string }[];
};

/** A member detail history tab's rows: a table from `sm` up, a list on phones. */
function historyRows(
  page: Page,
  tab: "Transactions" | "Redemptions",
  size: keyof typeof viewports,
) {
  const panel = page.getByRole("tabpanel", { name: tab });
  return size === "phone"
    ? panel.getByRole("list", { name: tab }).getByRole("listitem")
    : panel.getByRole("table").locator("tbody tr");
}

describe("members and staff journeys (issue 7)", () => {
  const journey = ownerJourney({ env: { RATE_LIMIT_PER_MINUTE: "300" } });
  /** Calls the API as the owner. */
  const { api } = journey;
  let tiers: Tier[];

  const memberById = (id: number) => api<MemberDetail>(`/member/get-single-member/${id}`);

  async function memberByEmail(email: string) {
    const { members } = await api<{ members: MemberRow[] }>(
      `/member/get-all-members?search=${encodeURIComponent(email)}`,
    );
    const row = members.find((m) => m.email === email);
    if (!row) throw new Error(`no member ${email}`);
    return row;
  }

  /** A member added at the counter through the API, Bronze paid in cash without a discount. */
  async function addBronzeCashMember(
    person: { firstName: string; lastName: string; phone: string },
    email: string,
  ) {
    await api("/member/create-member", {
      method: "POST",
      body: JSON.stringify({ ...person, email, phoneNumber: person.phone }),
    });
    const bronze = tiers.find((t) => t.name === "Bronze") as Tier;
    await api("/member/set-payment", {
      method: "POST",
      body: JSON.stringify({
        ...person,
        email,
        paymentType: "Cash",
        discount: 0,
        finalPrice: bronze.price,
        membershipId: bronze.id,
        planType: bronze.renewal,
      }),
    });
  }

  const ownerPage = (viewport: { width: number; height: number }) =>
    journey.ownerPage(viewport, { motion: true });

  /** Add New Member through the form, up to the payment step. */
  async function addMember(
    page: Page,
    person: { first: string; last: string; email: string; phone: string },
    plan: Tier,
    method: "Card" | "Cash",
  ) {
    await page.goto(`${journey.server.url}/merchant/members`);
    await page.getByRole("heading", { name: "Members", exact: true }).waitFor();
    await page.getByRole("link", { name: "Add Members" }).click();
    const dialog = await openedDialog(page, "Add New Member");
    // Submitting empty shows the spec's messages.
    await dialog.getByRole("button", { name: "Submit" }).click();
    await dialog.getByText("First Name is required").waitFor();
    await dialog.getByText("Email is required").waitFor();
    await dialog.getByLabel("First name").fill(person.first);
    await dialog.getByLabel("Last name").fill(person.last);
    await dialog.getByLabel("Email").fill(person.email);
    await dialog.getByLabel("Phone number").fill(person.phone);
    await dialog.getByLabel("Membership plan (optional)").selectOption(String(plan.id));
    await dialog.getByLabel(method, { exact: true }).check();
    await screenshot(
      page,
      `members-add-${method.toLowerCase()}-${(page.viewportSize()?.width ?? 0) < 600 ? "phone" : "desktop"}`,
    );
    await dialog.getByRole("button", { name: "Submit" }).click();
    await waitForPath(page, "/merchant/members/add-member/set-payment");
    return openedDialog(page, "Payment");
  }

  beforeAll(async () => {
    ({ memberships: tiers } = await api<{ memberships: Tier[] }>(
      "/memberships/get-all-memberships?active=true",
    ));
  });

  for (const [size, viewport] of viewportEntries) {
    it(`adds a member with Cash and a 10 % discount, then sees them active with the transaction (${size})`, async () => {
      const bronze = tiers.find((t) => t.name === "Bronze") as Tier;
      const page = await ownerPage(viewport);
      const problems = unexpectedProblems(page, [400]);

      await page.goto(`${journey.server.url}/merchant/members`);
      await page.getByRole("heading", { name: "Members", exact: true }).waitFor();
      await ready(page);
      // The list: joining dates like "5 - Sep - 2024", statuses and reward balances.
      await poll(() => page.getByRole("row").count()).toBeGreaterThan(2);
      expect(
        await page
          .getByRole("cell")
          .filter({ hasText: /^\d{1,2} - [A-Z][a-z]{2} - \d{4}$/ })
          .count(),
      ).toBeGreaterThan(0);
      await screenshot(page, `members-list-${size}`);

      const email = memberEmail(`cash-${size}`);
      const payment = await addMember(
        page,
        {
          first: "Casey",
          last: size === "desktop" ? "Cashman" : "Phoneman",
          email,
          phone: "2015550123",
        },
        bronze,
        "Cash",
      );
      await payment.getByLabel("Discount (%)").fill("120");
      await payment.getByRole("button", { name: "Complete cash payment" }).click();
      await payment.getByText("Please enter a valid discount percentage (0-100).").waitFor();
      await payment.getByLabel("Discount (%)").fill("10");
      const yearly = bronze.renewal === "monthly" ? bronze.price * 12 : bronze.price;
      await payment
        .getByText(`$${yearly.toFixed(2)}`)
        .first()
        .waitFor();
      const due = Math.round(bronze.price * 0.9 * 100) / 100;
      await poll(() => payment.getByTestId("order-total").textContent()).toBe(`$${due.toFixed(2)}`);
      await screenshot(page, `members-set-payment-cash-${size}`);
      await payment.getByRole("button", { name: "Complete cash payment" }).click();
      await waitForPath(page, "/merchant/members");
      await dismissToasts(page);

      // Found by search, active, with the cash transaction at the discounted price.
      await page.getByLabel("Search members").fill(email);
      const row = page.getByRole("row").filter({ hasText: email });
      // The search is debounced: wait for the filtered list, or the click below can land on a
      // row of the unfiltered list just as it is replaced, and open nothing.
      await poll(() => page.getByRole("row").filter({ hasText: "@" }).count()).toBe(1);
      await row.waitFor();
      await row.getByText("Active").waitFor();
      await row.getByText("Bronze").waitFor();
      await screenshot(page, `members-search-${size}`);
      await row.getByRole("link").first().click();
      await page.getByRole("heading", { name: /^Casey / }).waitFor();
      await ready(page);
      const transactions = historyRows(page, "Transactions", size);
      await transactions
        .filter({ hasText: "Cash" })
        .filter({ hasText: `$${due.toFixed(2)}` })
        .first()
        .waitFor();
      const stored = await memberByEmail(email);
      expect(stored.status).toBe("active");
      const detail = await memberById(stored.id);
      expect(detail.transactions[0]?.paymentType).toBe("cash");
      expect(detail.transactions[0]?.amount).toBe(due);
      await screenshot(page, `members-detail-cash-${size}`);

      // A reload keeps the page (it loads by id); an unknown id says so.
      await page.reload();
      await page.getByRole("heading", { name: /^Casey / }).waitFor();
      await page.goto(`${journey.server.url}/merchant/members/999999`);
      await page.getByRole("heading", { name: "Member not found" }).waitFor();
      await page.getByText("Please navigate to this page from the members list.").waitFor();
      await screenshot(page, `members-not-found-${size}`);
      await page.getByRole("link", { name: "Back to Members" }).click();
      await waitForPath(page, "/merchant/members");
      expect(problems().filter((p) => !p.includes("404"))).toEqual([]);
      await page.close();
    });
  }

  it("adds a member with Card through the sandbox form", async () => {
    const gold = tiers.find((t) => t.name === "Gold") as Tier;
    const page = await ownerPage(viewports.desktop);
    const email = memberEmail("card");
    const payment = await addMember(
      page,
      { first: "Carla", last: "Cardwell", email, phone: "2015550124" },
      gold,
      "Card",
    );
    await payment.getByRole("button", { name: "Pay by card" }).click();
    const pay = page.getByRole("dialog", { name: "Pay by card" });
    await pay.waitFor();
    const form = page.frameLocator('iframe[title="Card payment"]');
    await form.getByLabel("Card number").fill(SANDBOX_CARDS.approved);
    await form.getByLabel("Expiry (MM/YY)").fill("12/30");
    await form.getByLabel("CVC").fill("123");
    await form.getByLabel("Name on card").fill("Carla Cardwell");
    await screenshot(page, "members-card-form-desktop");
    await form.getByRole("button", { name: /^Pay / }).click();
    await waitForPath(page, "/merchant/members");
    const stored = await memberByEmail(email);
    await poll(async () => (await memberById(stored.id)).member.status).toBe("active");
    const detail = await memberById(stored.id);
    expect(detail.member.activeMembership?.paymentType).toBe("pos");
    expect(detail.transactions[0]?.paymentType).toBe("pos");
    await page.goto(`${journey.server.url}/merchant/members/${stored.id}`);
    await page.getByRole("heading", { name: "Carla Cardwell" }).waitFor();
    await page
      .getByRole("tabpanel", { name: "Transactions" })
      .getByRole("cell", { name: "POS" })
      .waitFor();
    await screenshot(page, "members-detail-card-desktop");
    await page.close();
  });

  it("redeems a benefit, an offer and cashback on the member page, balances updating", async () => {
    // A seeded member with a benefit to redeem and cashback; an offer sold at the counter.
    const { members } = await api<{ members: MemberRow[] }>(
      "/member/get-all-members?active=true&pageSize=50",
    );
    let chosen: MemberDetail | null = null;
    for (const row of members) {
      const detail = await memberById(row.id);
      if (detail.member.cashbackBalance >= 2 && detail.member.benefits.some((b) => !b.redeemed)) {
        chosen = detail;
        break;
      }
    }
    if (!chosen) throw new Error("no seeded member with a benefit and cashback");
    const member = chosen.member;
    const name = `${member.firstName} ${member.lastName}`;
    const page = await ownerPage(viewports.desktop);
    await page.goto(`${journey.server.url}/merchant/members/${member.id}`);
    await page.getByRole("heading", { name }).waitFor();
    await ready(page);
    await screenshot(page, "members-detail-before-redeem-desktop");

    // Benefit.
    const benefit = member.benefits.find((b) => !b.redeemed) as { id: number; name: string };
    await page.goto(`${journey.server.url}/merchant/members/${member.id}/redeem-benefits`);
    const benefits = await openedDialog(page, "Redeem Benefit");
    await screenshot(page, "members-redeem-benefit-desktop");
    await benefits.getByRole("button", { name: `Redeem ${benefit.name}` }).click();
    await seeToast(page, /./, "first");
    await benefits.waitFor({ state: "hidden" });
    await poll(
      async () =>
        (await memberById(member.id)).member.benefits.find((b) => b.id === benefit.id)?.redeemed,
    ).toBe(true);
    await dismissToasts(page);

    // Sell an offer for cash at the counter (Offer Price), then redeem it.
    await page.getByRole("button", { name: "Sell Offer" }).click();
    const sell = await openedDialog(page, "Offer Price");
    const offerOption =
      (await sell.getByLabel("Offer").locator("option").nth(1).textContent()) ?? "";
    await sell.getByLabel("Offer").selectOption({ index: 1 });
    await sell.getByLabel("Payment method").selectOption({ label: "Cash" });
    await screenshot(page, "members-offer-price-desktop");
    await sell.getByRole("button", { name: "Pay" }).click();
    await seeToast(page, /./, "first");
    await sell.waitFor({ state: "hidden" });
    await dismissToasts(page);
    const offerName = offerOption.replace(/ \(\$[\d.,]+\)$/, "");
    const withOffer = await memberById(member.id);
    const bought = withOffer.member.offers.find((o) => o.offerName === offerName);
    expect(bought).toBeTruthy();
    await page.goto(`${journey.server.url}/merchant/members/${member.id}/redeem-offers`);
    const offers = await openedDialog(page, "Redeem Offers");
    await offers
      .getByRole("button", { name: `Redeem ${offerName}` })
      .first()
      .click();
    await seeToast(page, /./, "first");
    await offers.waitFor({ state: "hidden" });
    await poll(async () =>
      (await memberById(member.id)).member.offers.some(
        (o) => o.customerOfferId === bought?.customerOfferId,
      ),
    ).toBe(false);
    await dismissToasts(page);

    // Cashback: whole dollars only, not above the balance, then 1 dollar.
    const before = (await memberById(member.id)).member.cashbackBalance;
    await page.getByRole("link", { name: "Redeem Cashback" }).click();
    const cashback = await openedDialog(page, "Redeem Cashback");
    await cashback.getByRole("button", { name: "Redeem" }).click();
    await cashback.getByText("Please enter an amount to redeem.").waitFor();
    await cashback.getByLabel("Amount (whole dollars)").fill("1.5");
    await cashback.getByRole("button", { name: "Redeem" }).click();
    await cashback.getByText("Only whole numbers are allowed.").waitFor();
    await cashback.getByLabel("Amount (whole dollars)").fill(String(Math.ceil(before) + 100));
    await cashback.getByRole("button", { name: "Redeem" }).click();
    await cashback.getByText("You cannot redeem more than your available cashback.").waitFor();
    await cashback.getByLabel("Amount (whole dollars)").fill("1");
    await screenshot(page, "members-redeem-cashback-desktop");
    await cashback.getByRole("button", { name: "Redeem" }).click();
    await seeToast(page, /./, "first");
    await cashback.waitFor({ state: "hidden" });
    const after = Math.round((before - 1) * 100) / 100;
    await poll(async () => (await memberById(member.id)).member.cashbackBalance).toBe(after);
    // The page shows the new balance and the redemptions.
    await page
      .getByText(`$${after.toFixed(2)}`)
      .first()
      .waitFor();
    await page.getByRole("tab", { name: "Redemptions" }).click();
    await page
      .getByRole("tabpanel", { name: "Redemptions" })
      .getByRole("cell", { name: benefit.name })
      .first()
      .waitFor();
    await dismissToasts(page);
    await screenshot(page, "members-detail-after-redeem-desktop");
    await page.close();
  });

  it("disables, enables and deletes a member", async () => {
    const email = memberEmail("status");
    await addBronzeCashMember(
      { firstName: "Stella", lastName: "Status", phone: "+12015550125" },
      email,
    );
    const page = await ownerPage(viewports.phone);
    await page.goto(`${journey.server.url}/merchant/members?search=${encodeURIComponent(email)}`);
    const row = page.getByRole("row").filter({ hasText: email });
    await row.getByText("Active").waitFor();

    await row.getByRole("button", { name: "Actions for Stella Status" }).click();
    await page.getByRole("menuitem", { name: "Disable" }).click();
    const confirm = await openedDialog(page, "Disable member?");
    await screenshot(page, "members-disable-confirm-phone");
    await confirm.getByRole("button", { name: "Disable" }).click();
    await row.getByText("Disabled").waitFor();
    await dismissToasts(page);

    await row.getByRole("button", { name: "Actions for Stella Status" }).click();
    await page.getByRole("menuitem", { name: "Enable" }).click();
    await row.getByText("Active").waitFor();
    await dismissToasts(page);

    await row.getByRole("button", { name: "Actions for Stella Status" }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    const del = await openedDialog(page, "Delete member?");
    await del.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("heading", { name: "No members" }).waitFor();
    await screenshot(page, "members-deleted-phone");
    await page.close();
  });

  it("invites a staff member who sets a password, works without the Staff page, and is signed out when disabled", async () => {
    const email = memberEmail("staff");
    const page = await ownerPage(viewports.desktop);
    await page.goto(`${journey.server.url}/merchant/dashboard`);
    await sidebarLink(page, "Staff").click();
    await waitForPath(page, "/merchant/users");
    await ready(page);
    // The owner's own row is hidden.
    expect(await page.getByRole("row").filter({ hasText: DEMO_OWNER.email }).count()).toBe(0);
    await screenshot(page, "staff-list-desktop");
    await page.getByRole("link", { name: "Add User" }).click();
    const form = await openedDialog(page, "Create Staff Member");
    await form.getByRole("button", { name: "Invite Role" }).click();
    await form.getByText("Enter a valid email address").waitFor();
    await form.getByLabel("First name").fill("Sam");
    await form.getByLabel("Last name").fill("Staffer");
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Role").fill("Barista");
    await screenshot(page, "staff-invite-desktop");
    await form.getByRole("button", { name: "Invite Role" }).click();
    await form.waitFor({ state: "hidden" });
    const row = page.getByRole("row").filter({ hasText: email });
    await row.getByText("Invited").waitFor();
    await dismissToasts(page);

    // The e-mailed link: set a password, then log in as staff.
    const mail = await waitForMail(journey.server.url, email, /invited/i);
    const staffPage = await openPage(journey.browser, viewports.phone);
    staffPage.setDefaultTimeout(15_000);
    await staffPage.goto(linkIn(mail, "/employee/set-password"));
    await staffPage.getByLabel("New Password").fill(STAFF_PASSWORD);
    await staffPage.getByLabel("Confirm Password").fill(STAFF_PASSWORD);
    await screenshot(staffPage, "staff-set-password-phone");
    await staffPage.getByRole("button", { name: "Set Password" }).click();
    await waitForPath(staffPage, "/");
    await fillLogin(staffPage, email, STAFF_PASSWORD);
    await waitForPath(staffPage, "/merchant/dashboard");
    await staffPage.getByRole("button", { name: "Open menu" }).click();
    const drawer = staffPage.getByRole("dialog", { name: "Menu" });
    await drawer.getByRole("link", { name: "Members", exact: true }).waitFor();
    expect(await drawer.getByRole("link", { name: "Staff", exact: true }).count()).toBe(0);
    await drawer.getByRole("link", { name: "Members", exact: true }).click();
    await waitForPath(staffPage, "/merchant/members");
    await staffPage.getByRole("heading", { name: "Members", exact: true }).waitFor();
    await staffPage.goto(`${journey.server.url}/merchant/users`);
    await waitForPath(staffPage, "/merchant/dashboard");
    await screenshot(staffPage, "staff-signed-in-phone");

    // The owner sees them active, and disables them.
    await page.reload();
    await row.getByText("Active").waitFor();
    await row.getByRole("button", { name: "Actions for Sam Staffer" }).click();
    await page.getByRole("menuitem", { name: "Disable" }).click();
    const confirm = await openedDialog(page, "Disable staff member?");
    await confirm.getByRole("button", { name: "Disable" }).click();
    await row.getByText("Disabled").waitFor();
    await screenshot(page, "staff-disabled-desktop");

    // Their session stops working: the next call sends them to the login page.
    await staffPage.goto(`${journey.server.url}/merchant/members`);
    await waitForPath(staffPage, "/");
    await page.close();
    await staffPage.close();
  });

  it("pages a member's history past the 20 most recent transactions and redemptions", async () => {
    // A Bronze member (one payment) who then buys and redeems an offer 21 times at the counter.
    const email = memberEmail("history");
    const person = { firstName: "Hester", lastName: "History", phone: "+12015550126" };
    await addBronzeCashMember(person, email);
    const { id } = await memberByEmail(email);
    const { offers } = await api<{
      offers: { id: number; isLimited: boolean; isLimitedPerUser: boolean }[];
    }>("/offers/get-all-offers?timeFilter=active");
    const offer = offers.find((o) => !o.isLimited && !o.isLimitedPerUser);
    if (!offer) throw new Error("no active offer without limits");
    for (let i = 0; i < 21; i += 1) {
      await api(`/member/purchase-offer/${id}`, {
        method: "POST",
        body: JSON.stringify({ offerId: offer.id, paymentType: "Cash", cashbackUsed: 0 }),
      });
    }
    const bought = (await memberById(id)).member.offers;
    expect(bought).toHaveLength(21);
    for (const { customerOfferId } of bought) {
      await api(`/merchant-redemptions/redeem-offer?customerOfferId=${customerOfferId}`, {
        method: "POST",
      });
    }
    const stored = await api<
      MemberDetail & { transactionsTotal: number; redemptionsTotal: number }
    >(`/member/get-single-member/${id}`);
    expect(stored).toMatchObject({ transactionsTotal: 22, redemptionsTotal: 21 });
    expect(stored.transactions).toHaveLength(20);

    for (const [size, viewport] of viewportEntries) {
      const page = await ownerPage(viewport);
      const problems = unexpectedProblems(page);
      await page.goto(`${journey.server.url}/merchant/members/${id}`);
      await page.getByRole("heading", { name: "Hester History" }).waitFor();
      await ready(page);

      // Transactions: the 20 newest, then the oldest (the Bronze payment) on page 2.
      const transactions = page.getByRole("tabpanel", { name: "Transactions" });
      const transactionRows = historyRows(page, "Transactions", size);
      const transactionPager = transactions.getByRole("navigation", { name: "Transactions pages" });
      await transactionPager.getByText("Page 1 of 2").waitFor();
      expect(await transactionRows.count()).toBe(20);
      expect(await transactionRows.filter({ hasText: "Bronze" }).count()).toBe(0);
      await transactionPager.getByRole("button", { name: "Next" }).click();
      await transactionPager.getByText("Page 2 of 2").waitFor();
      await ready(page);
      await poll(() => transactionRows.count()).toBe(2);
      await transactionRows.filter({ hasText: "Bronze" }).waitFor();
      await screenshot(page, `members-history-transactions-page-2-${size}`);

      // Redemptions: 20, then 1; back to page 1 shows 20 again.
      await page.getByRole("tab", { name: "Redemptions" }).click();
      const redemptions = page.getByRole("tabpanel", { name: "Redemptions" });
      const redemptionRows = historyRows(page, "Redemptions", size);
      const redemptionPager = redemptions.getByRole("navigation", { name: "Redemptions pages" });
      await redemptionPager.getByText("Page 1 of 2").waitFor();
      expect(await redemptionRows.count()).toBe(20);
      await redemptionPager.getByRole("button", { name: "Next" }).click();
      await redemptionPager.getByText("Page 2 of 2").waitFor();
      await ready(page);
      await poll(() => redemptionRows.count()).toBe(1);
      await screenshot(page, `members-history-redemptions-page-2-${size}`);
      await redemptionPager.getByRole("button", { name: "Previous" }).click();
      await redemptionPager.getByText("Page 1 of 2").waitFor();
      await poll(() => redemptionRows.count()).toBe(20);
      // The Transactions tab kept its page.
      await page.getByRole("tab", { name: "Transactions" }).click();
      await transactionPager.getByText("Page 2 of 2").waitFor();
      expect(problems()).toEqual([]);
      await page.close();
    }
  });

  // Every page in both themes and every size, each with an axe scan: minutes, not seconds.
  it("the member and staff pages have no serious accessibility problems, light or dark", async () => {
    const { members } = await api<{ members: MemberRow[] }>(
      "/member/get-all-members?active=true",
      {},
    );
    const memberId = members[0]?.id;
    const pages = [
      { path: "/merchant/members", ready: "Members" },
      { path: `/merchant/members/${memberId}`, ready: null },
      { path: "/merchant/users", ready: "Staff" },
    ];
    const findings: string[] = [];
    for (const theme of ["light", "dark"] as const) {
      for (const [size, viewport] of viewportEntries) {
        const page = await ownerPage(viewport);
        await page.addInitScript((saved) => localStorage.setItem("theme", saved), theme);
        for (const { path, ready: heading } of pages) {
          await page.goto(`${journey.server.url}${path}`);
          if (heading) await page.getByRole("heading", { name: heading, exact: true }).waitFor();
          else await page.getByRole("tab", { name: "Transactions" }).waitFor();
          await ready(page);
          findings.push(...(await seriousAxeViolations(page, `${path} ${size} ${theme}:`)));
          await screenshot(page, `members-axe-${path.split("/").pop()}-${size}-${theme}`);
        }
        await page.close();
      }
    }
    expect(findings).toEqual([]);
  }, 240_000);
});
