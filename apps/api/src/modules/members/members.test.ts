import { and, eq, getTableName } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  cashbackLedger,
  customerMemberships,
  customers,
  redemptions,
  sessions,
  transactions,
} from "../../db/schema";
import {
  connectSandbox,
  createCustomer,
  createMembership,
  createOffer,
  createStaff,
  createTier,
  lastEmailLink,
  loginAs,
  PASSWORD,
  payWithSandbox,
  uniqueEmail,
} from "../../test/factories";
import { appForFile, callerFor, signedInOwner } from "../../test/file-app";
import { expectFieldErrors } from "../../test/form-errors";
import { noticesOf } from "../../test/notices";

const t = appForFile({ env: { RATE_LIMIT_PER_MINUTE: "100000", PUBLIC_URL: "http://shop.test" } });
const call = callerFor(t);

/** An owner signed in, with a connected shop and a $19.99 monthly tier ($5 cashback). */
async function merchantShop(options: { connected?: boolean } = {}) {
  const owner = await signedInOwner(t);
  if (options.connected !== false) await connectSandbox(t.app, owner.shopId);
  const tier = await createTier(t.database.db, owner.shopId);
  return { ...owner, tier };
}

const contact = (email = uniqueEmail("member")) => ({
  firstName: "Maya",
  lastName: "O'Neil",
  email,
  phoneNumber: "(201) 555-0123",
});

/** A member with a current membership, straight in the database. */
async function memberWith(
  shopId: number,
  tierId: number,
  values: Partial<typeof customerMemberships.$inferInsert> = {},
) {
  const { customer, email, password } = await createCustomer(t.database.db, shopId);
  const membership = await createMembership(t.database.db, {
    shopId,
    customerId: customer.id,
    tierId,
    start: new Date(Date.now() - 5 * 24 * 60 * 60 * 1000),
    ...values,
  });
  return { customer, email, password, membership };
}

describe("adding a member", () => {
  it("creates a password-less member, e-mails the shop's reset link, and tells the merchants", async () => {
    const m = await merchantShop();
    const email = uniqueEmail("Added").toUpperCase();
    const res = await call("POST", "/api/v1/member/create-member", m.headers, {
      ...contact(` ${email} `),
      shopId: 999_999,
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      message: "Member added successfully",
      paymentRequired: false,
      member: {
        email: email.toLowerCase(),
        firstName: "Maya",
        lastName: "O'Neil",
        phoneNumber: "+12015550123",
        status: "inactive",
        isDisabled: false,
        hasPassword: false,
        totalRewardBalance: 0,
        activeMembership: null,
      },
    });
    // The body's shopId is a claim: the member is in the session's shop.
    const [row] = await t.database.db
      .select()
      .from(customers)
      .where(eq(customers.id, body.member.id));
    expect(row?.shopId).toBe(m.shopId);

    const told = await noticesOf(t.database.db, "member.joined", { userId: m.user.id });
    expect(told).toHaveLength(1);

    // The e-mail leads to the shop's own reset page, where the member chooses a password.
    const link = await lastEmailLink(
      t.database.db,
      email.toLowerCase(),
      `/${m.shopId}/pass/reset-password`,
    );
    expect(link.origin).toBe("http://shop.test");
    expect(link.searchParams.get("email")).toBe(email.toLowerCase());
    const token = link.searchParams.get("token") as string;
    const verify = await call(
      "GET",
      `/api/v1/customer/auth/verify-pass-token?${new URLSearchParams({
        token,
        email: email.toLowerCase(),
        shopId: String(m.shopId),
      })}`,
    );
    expect(verify.statusCode, verify.body).toBe(200);
    const reset = await call("POST", "/api/v1/customer/auth/reset-password", undefined, {
      token,
      email: email.toLowerCase(),
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(reset.statusCode, reset.body).toBe(200);
    await loginAs(t.app, { email: email.toLowerCase(), password: PASSWORD }, m.shopId);
  });

  it("counts a customer signing up at the store as a new member for the merchants", async () => {
    const m = await merchantShop();
    const signUp = await call("POST", "/api/v1/customer/auth/sign-up", undefined, {
      firstName: "Ivy",
      lastName: "Stone",
      email: uniqueEmail("self"),
      password: PASSWORD,
      shopId: m.shopId,
    });
    expect(signUp.statusCode, signUp.body).toBe(201);
    const told = await noticesOf(t.database.db, "member.joined", { userId: m.user.id });
    expect(told).toMatchObject([{ message: "Ivy Stone signed up at your store." }]);
  });

  it("refuses each field with the spec's messages", async () => {
    const m = await merchantShop();
    const create = (payload: Record<string, unknown>) =>
      call("POST", "/api/v1/member/create-member", m.headers, payload);

    const empty = await create({ firstName: "", lastName: " ", email: "", phoneNumber: "" });
    expectFieldErrors(empty, {
      firstName: "First Name is required",
      lastName: "Last Name is required",
      email: "Email is required",
      phoneNumber: "Phone Number is required",
    });
    const bad = await create({
      firstName: "Ann3",
      lastName: "Lee",
      email: "ann@gmail",
      phoneNumber: "555",
    });
    expect(bad.json().errors).toEqual({
      firstName: "Invalid Name (Alphabets only)",
      email: "Invalid Email format",
      phoneNumber: "Invalid Phone Number",
    });
    const domain = await create({ ...contact(), email: "ann@a.io" });
    expect(domain.json()).toMatchObject({
      message: "Please enter a valid email domain",
      errors: { email: "Please enter a valid email domain" },
    });
    const noPayment = await create({ ...contact(), membershipId: m.tier.id });
    expect(noPayment.json().errors).toEqual({ paymentType: "Please select a payment type." });

    const email = uniqueEmail("twice");
    expect((await create(contact(email))).statusCode).toBe(201);
    const twice = await create(contact(email.toUpperCase()));
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errors).toEqual({ email: "A member with this email already exists." });

    const archived = await createTier(t.database.db, m.shopId, { status: "inactive" });
    const unsold = await create({ ...contact(), membershipId: archived.id, paymentType: "Cash" });
    expect(unsold.statusCode).toBe(422);
    const wrongPlan = await create({
      ...contact(),
      membershipId: m.tier.id,
      planType: "yearly",
      paymentType: "Cash",
    });
    expectFieldErrors(wrongPlan, {
      planType: "This membership renews on another plan.",
    });
  });

  it("activates a cash member at once with a 10 % discount, computed on the server", async () => {
    const m = await merchantShop({ connected: false });
    const email = uniqueEmail("cash");
    const first = await call("POST", "/api/v1/member/create-member", m.headers, {
      ...contact(email),
      membershipId: m.tier.id,
      planType: "monthly",
      paymentType: "Cash",
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ paymentRequired: true, member: { status: "inactive" } });

    const pay = await call("POST", "/api/v1/member/set-payment", m.headers, {
      paymentType: "Cash",
      discount: 10,
      finalPrice: 0.01,
      membershipId: m.tier.id,
      firstName: "Maya",
      lastName: "O'Neil",
      email,
      phone: "(201) 555-0123",
    });
    expect(pay.statusCode, pay.body).toBe(201);
    const body = pay.json();
    expect(body).toMatchObject({
      outcome: "completed",
      message: "Payment received. The membership is active.",
      member: { id: first.json().member.id, status: "active", totalRewardBalance: 5 },
      membership: {
        membershipId: m.tier.id,
        status: "active",
        paymentType: "cash",
        plan: "monthly",
      },
      transaction: {
        paymentType: "cash",
        price: 19.99,
        discount: 2,
        amount: 17.99,
        transactionBy: "Olive Owner",
        customerName: "Maya O'Neil",
        status: "succeeded",
        transactionId: null,
      },
    });
    const [recorded] = await t.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.customerId, body.member.id));
    expect(recorded).toMatchObject({
      kind: "membership_purchase",
      amountCents: 1799,
      discountCents: 200,
      transactionByUserId: m.user.id,
    });
    const list = await call("GET", "/api/v1/member/get-all-members?active=true", m.headers);
    expect(list.json().members.map((x: { email: string }) => x.email)).toEqual([email]);

    // A second membership cannot be sold while one is current.
    const again = await call("POST", "/api/v1/member/set-payment", m.headers, {
      paymentType: "Cash",
      membershipId: m.tier.id,
      firstName: "Maya",
      lastName: "O'Neil",
      email,
      phone: "(201) 555-0123",
    });
    expect(again.statusCode).toBe(409);
  });

  it("checks the payment step with the spec's messages", async () => {
    const m = await merchantShop();
    const pay = (payload: Record<string, unknown>) =>
      call("POST", "/api/v1/member/set-payment", m.headers, payload);
    const base = {
      ...contact(),
      phone: "(201) 555-0123",
      membershipId: m.tier.id,
      paymentType: "Cash",
    };
    expect((await pay({ ...base, discount: 101 })).json().errors).toEqual({
      discount: "Please enter a valid discount percentage (0-100).",
    });
    expect((await pay({ ...base, discount: -1 })).json().errors).toEqual({
      discount: "Please enter a valid discount percentage (0-100).",
    });
    expect((await pay({ ...base, membershipId: "" })).json().errors).toEqual({
      membershipId: "Please select a membership.",
    });
    expect((await pay({ ...base, paymentType: "" })).json().errors).toEqual({
      paymentType: "Please select a payment type.",
    });
    expect((await pay({ ...base, phone: "" })).json().errors).toEqual({
      phone: "Phone Number is required",
    });
  });

  it("takes a card member through the sandbox as a pos payment completed by the merchant", async () => {
    const m = await merchantShop();
    const email = uniqueEmail("card");
    const open = await call("POST", "/api/v1/member/set-payment", m.headers, {
      ...contact(email),
      phone: "(201) 555-0123",
      paymentType: "Card",
      discount: 25,
      membershipId: m.tier.id,
    });
    expect(open.statusCode, open.body).toBe(200);
    const { data, member } = open.json();
    expect(data.amount).toBe(14.99);
    expect(member).toMatchObject({ email, status: "inactive" });

    // The customer cannot complete a checkout the merchant opened.
    const { customer } = await createCustomer(t.database.db, m.shopId);
    const customerLogin = await loginAs(
      t.app,
      { email: customer.email, password: PASSWORD },
      m.shopId,
    );
    const transactionId = await payWithSandbox(t.app, data.client_token);
    const foreign = await call(
      "POST",
      "/api/v1/fortis/elements/transaction/complete",
      { authorization: customerLogin.authorization },
      { checkoutId: data.checkoutId, transactionId },
    );
    expect(foreign.statusCode).toBe(404);

    const done = await call("POST", "/api/v1/member/payments/complete", m.headers, {
      checkoutId: data.checkoutId,
      transactionId,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      message: "Payment successful",
      type: "membership",
      membership: { status: "active", paymentType: "pos", card: null },
      rewardBalance: 5,
    });
    const repeat = await call("POST", "/api/v1/member/payments/complete", m.headers, {
      checkoutId: data.checkoutId,
      transactionId,
    });
    expect(repeat.statusCode).toBe(200);
    const rows = await t.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.customerId, member.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      paymentType: "pos",
      amountCents: 1499,
      discountCents: 500,
      providerReference: transactionId,
      transactionBy: "Olive Owner",
    });

    // A shop without card payments says so, in the merchant's words.
    const offline = await merchantShop({ connected: false });
    const refused = await call("POST", "/api/v1/member/set-payment", offline.headers, {
      ...contact(),
      phone: "(201) 555-0123",
      paymentType: "Card",
      membershipId: offline.tier.id,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toMatch(/Card payments are not set up/);
  });
});

describe("the members list", () => {
  it("pages, filters, searches and orders by last activity, within the shop only", async () => {
    const m = await merchantShop();
    const other = await merchantShop();
    await createCustomer(t.database.db, other.shopId, { email: uniqueEmail("zed") });
    const active = await memberWith(m.shopId, m.tier.id);
    const cancelled = await memberWith(m.shopId, m.tier.id, {
      status: "cancelled",
      cancelledAt: new Date(),
    });
    const pending = await memberWith(m.shopId, m.tier.id, { status: "pending" });
    const disabled = await memberWith(m.shopId, m.tier.id);
    await t.database.db
      .update(customers)
      .set({ isDisabled: true })
      .where(eq(customers.id, disabled.customer.id));
    const expired = await memberWith(m.shopId, m.tier.id, { status: "expired" });
    const plain = await createCustomer(t.database.db, m.shopId, {
      email: `Zoe.${Date.now()}@Example.com`,
    });

    const list = async (query: string) => {
      const res = await call("GET", `/api/v1/member/get-all-members?${query}`, m.headers);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as {
        members: { id: number; status: string; activeMembership: unknown }[];
        total: number;
      };
    };
    const all = await list("");
    expect(all.total).toBe(6);
    const statusOf = new Map(all.members.map((x) => [x.id, x.status]));
    expect(statusOf.get(active.customer.id)).toBe("active");
    expect(statusOf.get(pending.customer.id)).toBe("active");
    expect(statusOf.get(cancelled.customer.id)).toBe("cancelled");
    expect(statusOf.get(disabled.customer.id)).toBe("disabled");
    expect(statusOf.get(expired.customer.id)).toBe("inactive");
    expect(statusOf.get(plain.customer.id)).toBe("inactive");
    // Newest first.
    expect(all.members[0]?.id).toBe(plain.customer.id);

    const onlyActive = await list("active=true");
    expect(onlyActive.members.map((x) => x.id).sort()).toEqual(
      [active.customer.id, pending.customer.id].sort(),
    );
    expect(onlyActive.total).toBe(2);
    const notActive = await list("inactive=true");
    expect(notActive.total).toBe(4);
    expect((await list("active=true&inactive=true")).total).toBe(6);

    const page = await list("page=2&pageSize=4");
    expect(page).toMatchObject({ total: 6, page: 2, pageSize: 4 });
    expect(page.members).toHaveLength(2);

    const byEmail = await list("search=ZOE.");
    expect(byEmail.members.map((x) => x.id)).toEqual([plain.customer.id]);
    const byName = await list("search=eo%20cust");
    expect(byName.total).toBe(6);
    expect((await list("search=%25")).total).toBe(0);

    // A redemption makes the oldest member the most recently active.
    await t.database.db.insert(cashbackLedger).values({
      shopId: m.shopId,
      customerId: active.customer.id,
      amountCents: 300,
      kind: "reward",
      description: "Test",
    });
    const redeemed = await call(
      "POST",
      `/api/v1/merchant-redemptions/create-cashback-redemption?customerId=${active.customer.id}&price=1`,
      m.headers,
    );
    expect(redeemed.statusCode, redeemed.body).toBe(201);
    const recent = await list("lastActivity=true");
    expect(recent.members[0]?.id).toBe(active.customer.id);

    const bad = await call("GET", "/api/v1/member/get-all-members?pageSize=500", m.headers);
    expect(bad.statusCode).toBe(400);
  });
});

describe("one member", () => {
  it("shows the member, panels, transactions and redemptions; staff too; other shops 404", async () => {
    const m = await merchantShop();
    const { customer } = await memberWith(m.shopId, m.tier.id);
    const offer = await createOffer(t.database.db, m.shopId);
    await t.database.db.insert(cashbackLedger).values({
      shopId: m.shopId,
      customerId: customer.id,
      amountCents: 700,
      kind: "reward",
      description: "Test",
    });
    const sold = await call("POST", `/api/v1/member/purchase-offer/${customer.id}`, m.headers, {
      offerId: offer.id,
      paymentType: "Cash",
      cashbackUsed: 0,
    });
    expect(sold.statusCode, sold.body).toBe(201);
    const [benefit] = await t.database.db.query.membershipBenefits.findMany({
      where: (b, { eq }) => eq(b.tierId, m.tier.id),
    });
    const redeemed = await call(
      "POST",
      `/api/v1/merchant-redemptions/create-redemption?benefitId=${benefit?.id}&customerId=${customer.id}`,
      m.headers,
    );
    expect(redeemed.statusCode, redeemed.body).toBe(201);

    const staff = await createStaff(t.database.db, m.shopId);
    const staffHeaders = await loginAs(t.app, staff);
    const res = await call("GET", `/api/v1/member/get-single-member/${customer.id}`, {
      authorization: staffHeaders.authorization,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.member).toMatchObject({
      id: customer.id,
      status: "active",
      cashbackBalance: 7,
      activeMembership: {
        membershipName: "Silver",
        Benefits: [{ name: "Free coffee", worth: 4.5 }],
      },
      benefits: [{ id: benefit?.id, name: "Free coffee", redeemed: true }],
      offers: [{ offerId: offer.id, offerName: "Two for one" }],
    });
    expect(body.member.benefits[0].availableOn).toEqual(expect.any(String));
    expect(body.transactions).toMatchObject([{ transactionType: "Offer", paymentType: "cash" }]);
    expect(body).toMatchObject({ transactionsTotal: 1, redemptionsTotal: 1 });
    expect(body.redemptions).toMatchObject([
      {
        redemptionType: "benefit",
        item: "Free coffee",
        performedBy: "merchant",
        performedByName: "Olive Owner",
      },
    ]);

    const txPage = await call(
      "GET",
      `/api/v1/member/get-member-transactions/${customer.id}?page=1&pageSize=1`,
      m.headers,
    );
    expect(txPage.json()).toMatchObject({ total: 1, page: 1, pageSize: 1 });

    // Another shop's merchant gets 404 on every member call.
    const other = await merchantShop();
    const id = customer.id;
    const attempts = [
      call("GET", `/api/v1/member/get-single-member/${id}`, other.headers),
      call("GET", `/api/v1/member/get-member-transactions/${id}`, other.headers),
      call("PUT", "/api/v1/member/update-member", other.headers, { userId: id, ...contact() }),
      call("PUT", "/api/v1/member/update-membership", other.headers, {
        userId: id,
        membershipId: other.tier.id,
        paymentType: "Cash",
      }),
      call("POST", "/api/v1/member/delete-membership", other.headers, { customerId: id }),
      call("PUT", `/api/v1/member/update-member-status/${id}`, other.headers, {
        status: "disabled",
      }),
      call("DELETE", `/api/v1/member/delete-member/${id}`, other.headers),
      call("POST", `/api/v1/member/purchase-offer/${id}`, other.headers, {
        offerId: offer.id,
        paymentType: "Cash",
      }),
    ];
    for (const attempt of await Promise.all(attempts)) {
      expect(attempt.statusCode, attempt.body).toBe(404);
    }
    // Customers are not merchants.
    const asCustomer = await loginAs(
      t.app,
      { email: customer.email, password: PASSWORD },
      m.shopId,
    );
    const forbidden = await call("GET", "/api/v1/member/get-all-members", {
      authorization: asCustomer.authorization,
    });
    expect(forbidden.statusCode).toBe(403);
    expect((await call("GET", "/api/v1/member/get-all-members")).statusCode).toBe(401);
  });

  it("updates names and phone; the e-mail stays; messages from the spec", async () => {
    const m = await merchantShop();
    const { customer } = await createCustomer(t.database.db, m.shopId);
    const res = await call("PUT", "/api/v1/member/update-member", m.headers, {
      userId: customer.id,
      firstName: "Rosa",
      lastName: "Lind",
      email: "changed@example.com",
      phoneNumber: "+44 20 7946 0958",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: "Member updated successfully",
      member: {
        firstName: "Rosa",
        lastName: "Lind",
        email: customer.email,
        phoneNumber: "+442079460958",
      },
    });
    const empty = await call("PUT", "/api/v1/member/update-member", m.headers, {
      userId: customer.id,
      firstName: "",
      lastName: "",
      email: "",
      phoneNumber: "",
    });
    expect(empty.json().errors).toEqual({
      firstName: "First Name is required",
      lastName: "Last Name is required",
      email: "Email is required",
      phoneNumber: "Phone Number is required",
    });
  });
});

describe("managing a membership", () => {
  it("schedules a change while active, takes a due renewal, sells when there is none", async () => {
    const m = await merchantShop({ connected: false });
    const gold = await createTier(t.database.db, m.shopId, { name: "Gold", priceCents: 2999 });
    const manage = (payload: Record<string, unknown>) =>
      call("PUT", "/api/v1/member/update-membership", m.headers, payload);

    const { customer: someone } = await createCustomer(t.database.db, m.shopId);
    expect((await manage({ userId: someone.id, paymentType: "Cash" })).json().errors).toEqual({
      membershipId: "Membership is required",
    });
    expect((await manage({ userId: someone.id, membershipId: gold.id })).json().errors).toEqual({
      paymentType: "Please select a payment type.",
    });

    // Active: the new tier waits for the next renewal; Cash stops a saved card.
    const active = await memberWith(m.shopId, m.tier.id, {
      paymentType: "online",
      cardToken: "card-token",
      cardLabel: "Visa •••• 1111",
    });
    const scheduled = await manage({
      userId: active.customer.id,
      activeMembershipId: active.membership.id,
      membershipId: gold.id,
      plan: "monthly",
      paymentType: "Cash",
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(scheduled.json()).toMatchObject({
      outcome: "scheduled",
      message: "Membership updated successfully",
      membership: { membershipId: m.tier.id, paymentType: "cash", card: null },
      nextRenewalMembership: { membershipId: gold.id, name: "Gold" },
    });
    const stale = await manage({
      userId: active.customer.id,
      activeMembershipId: active.membership.id + 1000,
      membershipId: gold.id,
      paymentType: "Cash",
    });
    expect(stale.statusCode).toBe(409);

    // Payment due (pending): the merchant takes it; the next period starts where the last ended.
    const due = await memberWith(m.shopId, m.tier.id, { status: "pending" });
    const renewed = await manage({
      userId: due.customer.id,
      membershipId: m.tier.id,
      paymentType: "Cash",
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json()).toMatchObject({
      outcome: "completed",
      message: "Payment received. The membership is renewed.",
      membership: { status: "active", paymentType: "cash" },
      transaction: { amount: 19.99, paymentType: "cash" },
      member: { status: "active", totalRewardBalance: 5 },
    });
    const [after] = await t.database.db
      .select()
      .from(customerMemberships)
      .where(eq(customerMemberships.id, due.membership.id));
    expect(after?.periodStart.getTime()).toBe(due.membership.expireDate.getTime());
    expect(after?.renewalAttempts).toBe(0);

    // No membership: a sale.
    const sale = await manage({ userId: someone.id, membershipId: gold.id, paymentType: "Cash" });
    expect(sale.json()).toMatchObject({
      outcome: "completed",
      message: "Payment received. The membership is active.",
      transaction: { amount: 29.99 },
    });
  });

  it("cancels: renewal stops, the member shows cancelled, a second cancel is refused", async () => {
    const m = await merchantShop();
    const { customer, membership } = await memberWith(m.shopId, m.tier.id);
    const res = await call("POST", "/api/v1/member/delete-membership", m.headers, {
      customerId: customer.id,
      membershipId: membership.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: "Membership cancelled successfully",
      membership: { status: "cancelled" },
    });
    const detail = await call("GET", `/api/v1/member/get-single-member/${customer.id}`, m.headers);
    expect(detail.json().member.status).toBe("cancelled");
    const again = await call("POST", "/api/v1/member/delete-membership", m.headers, {
      customerId: customer.id,
    });
    expect(again.statusCode).toBe(409);
  });
});

describe("member status and deletion", () => {
  it("disables at once (session ends, no purchase or redemption) and enables again", async () => {
    const m = await merchantShop();
    const { customer, email, password } = await memberWith(m.shopId, m.tier.id);
    const session = await loginAs(t.app, { email, password }, m.shopId);
    const status = (value: unknown) =>
      call("PUT", `/api/v1/member/update-member-status/${customer.id}`, m.headers, {
        status: value,
      });

    expect((await status("gone")).json().errors).toEqual({ status: "Select a valid status" });
    expect((await status("active")).statusCode).toBe(409);
    const disabled = await status("disabled");
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json()).toMatchObject({
      message: "Member disabled successfully",
      member: { status: "disabled", isDisabled: true },
    });
    expect((await status("disabled")).statusCode).toBe(409);

    const me = await call("GET", `/api/v1/customer/profile/get-customer/${customer.id}`, {
      authorization: session.authorization,
    });
    expect(me.statusCode).toBe(401);
    const login = await call("POST", "/api/v1/customer/auth/sign-in", undefined, {
      email,
      password,
      shopId: m.shopId,
    });
    expect(login.statusCode).toBe(403);
    const offer = await createOffer(t.database.db, m.shopId);
    const sale = await call("POST", `/api/v1/member/purchase-offer/${customer.id}`, m.headers, {
      offerId: offer.id,
      paymentType: "Cash",
    });
    expect(sale.statusCode).toBe(422);
    expect(sale.json().message).toBe("This member is disabled. Enable them first.");
    const redeem = await call(
      "POST",
      `/api/v1/merchant-redemptions/create-cashback-redemption?customerId=${customer.id}&price=1`,
      m.headers,
    );
    expect(redeem.statusCode).toBe(422);

    const enabled = await status("active");
    expect(enabled.json()).toMatchObject({
      message: "Member enabled successfully",
      member: { status: "active", isDisabled: false },
    });
    await loginAs(t.app, { email, password }, m.shopId);
  });

  it("deletes the member's personal data and keeps the shop's history under their name", async () => {
    const m = await merchantShop();
    const { customer, email, password } = await memberWith(m.shopId, m.tier.id);
    await loginAs(t.app, { email, password }, m.shopId);
    await t.database.db.insert(cashbackLedger).values({
      shopId: m.shopId,
      customerId: customer.id,
      amountCents: 250,
      kind: "reward",
      description: "Test",
    });
    const offer = await createOffer(t.database.db, m.shopId);
    const sold = await call("POST", `/api/v1/member/purchase-offer/${customer.id}`, m.headers, {
      offerId: offer.id,
      paymentType: "Cash",
      cashbackUsed: 1,
    });
    const customerOfferId = sold.json().customerOffer.customerOfferId;
    const redeemed = await call(
      "POST",
      `/api/v1/merchant-redemptions/redeem-offer?customerOfferId=${customerOfferId}`,
      m.headers,
    );
    expect(redeemed.statusCode, redeemed.body).toBe(201);

    const res = await call("DELETE", `/api/v1/member/delete-member/${customer.id}`, m.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: "Member deleted successfully" });
    expect(
      await t.database.db.select().from(customers).where(eq(customers.id, customer.id)),
    ).toEqual([]);
    expect(
      await t.database.db.select().from(sessions).where(eq(sessions.customerId, customer.id)),
    ).toEqual([]);
    const history = await t.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.shopId, m.shopId));
    expect(history).toMatchObject([{ customerId: null, customerName: "Cleo Customer" }]);
    const kept = await t.database.db
      .select()
      .from(redemptions)
      .where(eq(redemptions.shopId, m.shopId));
    expect(kept).toMatchObject([
      { customerId: null, customerName: "Cleo Customer", item: "Two for one" },
    ]);
    expect(
      (await call("GET", `/api/v1/member/get-single-member/${customer.id}`, m.headers)).statusCode,
    ).toBe(404);
    expect(
      (await call("DELETE", `/api/v1/member/delete-member/${customer.id}`, m.headers)).statusCode,
    ).toBe(404);
    // Wallet and memberships were personal: gone with the account.
    for (const table of [customerMemberships, cashbackLedger]) {
      const left = await t.database.db
        .select({ id: table.id })
        .from(table)
        .where(eq(table.customerId, customer.id));
      expect(left, getTableName(table)).toEqual([]);
    }
  });
});

describe("selling an offer at the counter", () => {
  it("takes cash with cashback, and a card (pos) for the rest through the sandbox", async () => {
    const m = await merchantShop();
    const { customer } = await createCustomer(t.database.db, m.shopId);
    await t.database.db.insert(cashbackLedger).values({
      shopId: m.shopId,
      customerId: customer.id,
      amountCents: 400,
      kind: "reward",
      description: "Test",
    });
    const offer = await createOffer(t.database.db, m.shopId, { offerPriceCents: 500 });
    const sell = (payload: Record<string, unknown>) =>
      call("POST", `/api/v1/member/purchase-offer/${customer.id}`, m.headers, payload);

    expect((await sell({ offerId: offer.id, cashbackUsed: 0 })).json().errors).toEqual({
      paymentType: "Please select a payment type.",
    });
    const tooMuch = await sell({ offerId: offer.id, paymentType: "Cash", cashbackUsed: 4.5 });
    expectFieldErrors(tooMuch, {
      cashbackUsed: "You cannot redeem more than your available cashback.",
    });

    const cash = await sell({ offerId: offer.id, paymentType: "Cash", cashbackUsed: 3 });
    expect(cash.statusCode, cash.body).toBe(201);
    expect(cash.json()).toMatchObject({
      outcome: "completed",
      message: "Offer purchased successfully",
      rewardBalance: 1,
      customerOffer: { offerId: offer.id },
    });
    const [cashRow] = await t.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.customerId, customer.id));
    expect(cashRow).toMatchObject({
      paymentType: "cash",
      amountCents: 200,
      cashbackUsedCents: 300,
      transactionBy: "Olive Owner",
    });

    const card = await sell({ offerId: offer.id, paymentType: "Card", cashbackUsed: 1 });
    expect(card.statusCode, card.body).toBe(200);
    const { data } = card.json();
    expect(data).toMatchObject({ amount: 4, cashbackUsed: 1 });
    const transactionId = await payWithSandbox(t.app, data.client_token);
    const done = await call("POST", "/api/v1/member/payments/complete", m.headers, {
      checkoutId: data.checkoutId,
      transactionId,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ type: "offer", rewardBalance: 0 });
    const rows = await t.database.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.customerId, customer.id), eq(transactions.paymentType, "pos")));
    expect(rows).toMatchObject([{ amountCents: 400, cashbackUsedCents: 100 }]);
  });
});
