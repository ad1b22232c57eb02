import { ACCESS_MESSAGES } from "@tessera/shared";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessions, transactions, users } from "../../db/schema";
import { findRow } from "../../infra/db/rows";
import {
  createCustomer,
  createStaff,
  lastEmailLink,
  loginAs,
  PASSWORD,
  uniqueEmail,
} from "../../test/factories";
import { appForFile, callerFor, signedInOwner } from "../../test/file-app";
import { expectFieldErrors } from "../../test/form-errors";

const t = appForFile({ env: { RATE_LIMIT_PER_MINUTE: "100000", PUBLIC_URL: "http://shop.test" } });
const call = callerFor(t);
const ownerShop = () => signedInOwner(t);

const person = (email = uniqueEmail("invitee")) => ({
  firstName: "Nina",
  lastName: "Park",
  email,
  role: "Barista",
});

describe("inviting staff", () => {
  it("invites by e-mail; the link sets a password and activates; staff then log in", async () => {
    const o = await ownerShop();
    const email = uniqueEmail("Invited").toUpperCase();
    const res = await call("POST", "/api/v1/employees/create-employee", o.headers, {
      ...person(email),
      shopId: 999_999,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      message: "Invitation sent successfully",
      employee: {
        email: email.toLowerCase(),
        firstName: "Nina",
        role: "Barista",
        status: "inactive",
        shopId: o.shopId,
        isOwner: false,
      },
    });

    const link = await lastEmailLink(t.database.db, email.toLowerCase(), "/employee/set-password");
    expect(link.origin).toBe("http://shop.test");
    const token = link.searchParams.get("token") as string;
    const [invite] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, email.toLowerCase()));
    const tokenRow = await t.database.db.query.accountTokens.findFirst({
      where: (row, { eq }) => eq(row.userId, invite?.id as number),
    });
    const week = 7 * 24 * 60 * 60 * 1000;
    expect(Math.abs((tokenRow?.expiresAt.getTime() ?? 0) - Date.now() - week)).toBeLessThan(60_000);

    const set = await call("POST", "/api/v1/employees/set-password", undefined, {
      token,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(set.statusCode, set.body).toBe(200);
    const staff = await loginAs(t.app, { email: email.toLowerCase(), password: PASSWORD });
    const list = await call("GET", "/api/v1/employees/get-employees-by-merchant-id", o.headers);
    expect(list.json().employees).toMatchObject([
      { id: o.user.id, isOwner: true, role: "Owner", status: "active" },
      { email: email.toLowerCase(), status: "active", isOwner: false },
    ]);
    expect(list.json().total).toBe(2);

    // Staff are not allowed any owner-only staff action.
    const headers = { authorization: staff.authorization };
    const id = invite?.id as number;
    const attempts = await Promise.all([
      call("POST", "/api/v1/employees/create-employee", headers, person()),
      call("GET", "/api/v1/employees/get-employees-by-merchant-id", headers),
      call("GET", `/api/v1/employees/get-employee-by-id/${id}`, headers),
      call("PUT", `/api/v1/employees/update-employee/${id}`, headers, person()),
      call("DELETE", `/api/v1/employees/delete-employee-by-id/${id}`, headers),
      call("PUT", `/api/v1/employees/disable-employee/${id}`, headers),
      call("PUT", `/api/v1/employees/update-employee-status/${id}`, headers, {
        status: "disabled",
      }),
      call("POST", `/api/v1/employees/resend-invitation/${id}`, headers),
    ]);
    for (const attempt of attempts) {
      expect(attempt.statusCode, attempt.body).toBe(403);
      expect(attempt.json().message).toBe(ACCESS_MESSAGES.ownerOnly);
    }
  });

  it("checks the form with the spec's messages and refuses an e-mail already in use", async () => {
    const o = await ownerShop();
    const create = (payload: Record<string, unknown>) =>
      call("POST", "/api/v1/employees/create-employee", o.headers, payload);
    const empty = await create({ firstName: "", lastName: "", email: "", role: "" });
    expectFieldErrors(empty, {
      firstName: "First name should have at least 3 letters",
      lastName: "Last name should have at least 3 letters",
      email: "Enter a valid email address",
      role: "Role is required",
    });
    const bad = await create({ firstName: "Ni4a", lastName: "Park", email: "nina@", role: "x" });
    expect(bad.json().errors).toEqual({
      firstName: "Invalid name (alphabets only)",
      email: "Enter a valid email address",
    });
    const taken = await create(person(o.email.toUpperCase()));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({ email: ACCESS_MESSAGES.emailTaken });
  });

  it("resends an open invitation (the old link stops working), not an accepted one", async () => {
    const o = await ownerShop();
    const email = uniqueEmail("resend");
    const created = await call(
      "POST",
      "/api/v1/employees/create-employee",
      o.headers,
      person(email),
    );
    const id = created.json().employee.id;
    const first = await lastEmailLink(t.database.db, email, "/employee/set-password");
    const resent = await call("POST", `/api/v1/employees/resend-invitation/${id}`, o.headers);
    expect(resent.json()).toEqual({ message: "Invitation sent again" });
    const second = await lastEmailLink(t.database.db, email, "/employee/set-password");
    expect(second.searchParams.get("token")).not.toBe(first.searchParams.get("token"));
    const old = await call("POST", "/api/v1/employees/set-password", undefined, {
      token: first.searchParams.get("token") as string,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(old.statusCode).toBe(400);
    const ok = await call("POST", "/api/v1/employees/set-password", undefined, {
      token: second.searchParams.get("token") as string,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(ok.statusCode).toBe(200);
    const again = await call("POST", `/api/v1/employees/resend-invitation/${id}`, o.headers);
    expect(again.statusCode).toBe(409);
  });
});

describe("managing staff", () => {
  it("walks the status machine: invited has no action, disable ends sessions at once, enable", async () => {
    const o = await ownerShop();
    const invited = await createStaff(t.database.db, o.shopId, {
      status: "inactive",
      password: null,
    });
    const status = (id: number, value: unknown) =>
      call("PUT", `/api/v1/employees/update-employee-status/${id}`, o.headers, { status: value });
    expect((await status(invited.user.id, "disabled")).statusCode).toBe(422);
    expect(
      (await call("PUT", `/api/v1/employees/disable-employee/${invited.user.id}`, o.headers))
        .statusCode,
    ).toBe(422);

    const active = await createStaff(t.database.db, o.shopId);
    const session = await loginAs(t.app, active);
    const me = () => call("GET", "/api/v1/user/get-user", { authorization: session.authorization });
    expect((await me()).statusCode).toBe(200);
    expect((await status(active.user.id, "active")).statusCode).toBe(409);
    expect((await status(active.user.id, "paused")).json().errors).toEqual({
      status: "Select a valid status",
    });

    const disabled = await call(
      "PUT",
      `/api/v1/employees/disable-employee/${active.user.id}`,
      o.headers,
    );
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json()).toMatchObject({
      message: "Employee disabled successfully",
      employee: { status: "disabled" },
    });
    expect((await me()).statusCode).toBe(401);
    expect(
      await t.database.db.select().from(sessions).where(eq(sessions.userId, active.user.id)),
    ).toEqual([]);
    const refused = await call("POST", "/api/v1/auth/sign-in", undefined, {
      email: active.email,
      password: active.password,
    });
    expect(refused.statusCode).toBe(403);
    expect((await status(active.user.id, "disabled")).statusCode).toBe(409);

    const enabled = await status(active.user.id, "active");
    expect(enabled.json()).toMatchObject({
      message: "Employee enabled successfully",
      employee: { status: "active" },
    });
    await loginAs(t.app, active);
  });

  it("updates names and role (not the e-mail), deletes, and keeps records' names", async () => {
    const o = await ownerShop();
    const staff = await createStaff(t.database.db, o.shopId);
    const got = await call(
      "GET",
      `/api/v1/employees/get-employee-by-id/${staff.user.id}`,
      o.headers,
    );
    expect(got.json().employee).toMatchObject({ firstName: "Sam", role: "Barista" });

    const updated = await call(
      "PUT",
      `/api/v1/employees/update-employee/${staff.user.id}`,
      o.headers,
      {
        firstName: "Samuel",
        lastName: "Stone",
        email: "other@example.com",
        role: "Shift lead",
      },
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      message: "Employee updated successfully",
      employee: { firstName: "Samuel", lastName: "Stone", role: "Shift lead", email: staff.email },
    });

    // A sale the staff member recorded keeps their name after they are gone.
    const { customer } = await createCustomer(t.database.db, o.shopId);
    await t.database.db.insert(transactions).values({
      shopId: o.shopId,
      customerId: customer.id,
      customerName: "Cleo Customer",
      kind: "member_payment",
      paymentType: "cash",
      priceCents: 100,
      amountCents: 100,
      status: "succeeded",
      transactionBy: "Samuel Stone",
      transactionByUserId: staff.user.id,
    });
    const removed = await call(
      "DELETE",
      `/api/v1/employees/delete-employee-by-id/${staff.user.id}`,
      o.headers,
    );
    expect(removed.json()).toEqual({ message: "Employee deleted successfully" });
    const [sale] = await t.database.db
      .select()
      .from(transactions)
      .where(eq(transactions.customerId, customer.id));
    expect(sale).toMatchObject({ transactionBy: "Samuel Stone", transactionByUserId: null });
    expect(
      (await call("GET", `/api/v1/employees/get-employee-by-id/${staff.user.id}`, o.headers))
        .statusCode,
    ).toBe(404);
  });

  it("answers 404 for another shop's staff and refuses changes to the owner's own account", async () => {
    const o = await ownerShop();
    const other = await ownerShop();
    const theirs = await createStaff(t.database.db, other.shopId);
    const id = theirs.user.id;
    const attempts = await Promise.all([
      call("GET", `/api/v1/employees/get-employee-by-id/${id}`, o.headers),
      call("PUT", `/api/v1/employees/update-employee/${id}`, o.headers, person()),
      call("DELETE", `/api/v1/employees/delete-employee-by-id/${id}`, o.headers),
      call("PUT", `/api/v1/employees/disable-employee/${id}`, o.headers),
      call("PUT", `/api/v1/employees/update-employee-status/${id}`, o.headers, {
        status: "disabled",
      }),
      call("POST", `/api/v1/employees/resend-invitation/${id}`, o.headers),
      call("GET", `/api/v1/employees/get-employee-by-id/${other.user.id}`, o.headers),
    ]);
    for (const res of attempts) expect(res.statusCode, res.body).toBe(404);
    const after = await findRow(t.database.db, users, id);
    expect(after?.status).toBe("active");

    const own = await call("PUT", `/api/v1/employees/disable-employee/${o.user.id}`, o.headers);
    expect(own.statusCode).toBe(422);
    const ownDelete = await call(
      "DELETE",
      `/api/v1/employees/delete-employee-by-id/${o.user.id}`,
      o.headers,
    );
    expect(ownDelete.statusCode).toBe(422);
  });
});
