import { eq } from "drizzle-orm";
import { io as connect, type Socket } from "socket.io-client";
import { beforeAll, describe, expect, it } from "vitest";
import { notifications } from "../../db/schema";
import { createTestApp } from "../../test/app";
import { createCustomer, createMerchant, createStaff, loginAs } from "../../test/factories";
import { appForFile } from "../../test/file-app";
import { notify } from "./notify";

function waitFor<T>(socket: Socket, event: string, ms = 3000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

function open(url: string, authToken: string | null) {
  return connect(url, {
    transports: ["websocket"],
    query: authToken ? { authToken } : {},
    reconnection: false,
    forceNew: true,
  });
}

async function joined(socket: Socket, uniqueId: string) {
  await new Promise<void>((resolve, reject) => {
    socket.once("connect_error", reject);
    socket.emit("connectUser", uniqueId, () => resolve());
  });
}

describe("notifications", () => {
  const t = appForFile({ env: { RATE_LIMIT_PER_MINUTE: "100000" } });
  let url: string;
  beforeAll(async () => {
    url = await t.app.listen({ port: 0, host: "127.0.0.1" });
  });

  async function shopWithPeople() {
    const merchant = await createMerchant(t.database.db);
    const shopId = merchant.shop?.id as number;
    const staff = await createStaff(t.database.db, shopId);
    const invited = await createStaff(t.database.db, shopId, {
      status: "inactive",
      password: null,
    });
    const { customer, email, password } = await createCustomer(t.database.db, shopId);
    return {
      shopId,
      merchant,
      staff,
      invited,
      customer,
      owner: await loginAs(t.app, merchant),
      staffLogin: await loginAs(t.app, staff),
      customerLogin: await loginAs(t.app, { email, password }, shopId),
    };
  }

  async function raise(shopId: number, customerId: number, message: string) {
    await t.database.db.transaction((tx) =>
      notify(tx, shopId, [{ merchants: true }, { customerId }], {
        event: "offer.purchased",
        title: "Offer purchased",
        message,
        data: { customerId },
      }),
    );
  }

  it("lists per recipient, newest first, with unread counts; read one and read all", async () => {
    const p = await shopWithPeople();
    await raise(p.shopId, p.customer.id, "first");
    await raise(p.shopId, p.customer.id, "second");
    const ownerHeaders = { authorization: p.owner.authorization };
    const all = await t.app.inject({
      method: "GET",
      url: "/api/v1/notifications/get-all-notifications-by-merchantId?pageSize=10",
      headers: ownerHeaders,
    });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toMatchObject({ total: 2, unreadCount: 2, page: 1, pageSize: 10 });
    expect(all.json().notifications.map((n: { message: string }) => n.message)).toEqual([
      "second",
      "first",
    ]);
    expect(all.json().notifications[0]).toMatchObject({
      isRead: false,
      type: "offer.purchased",
      link: `/merchant/members/${p.customer.id}`,
    });
    // Active staff got their own copy; the invited one did not.
    const staffList = await t.app.inject({
      method: "GET",
      url: "/api/v1/notifications/get-all-notifications-by-merchantId",
      headers: { authorization: p.staffLogin.authorization },
    });
    expect(staffList.json().total).toBe(2);
    const invitedRows = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, p.invited.user.id));
    expect(invitedRows).toHaveLength(0);

    const first = all.json().notifications[1].id;
    const read = await t.app.inject({
      method: "PUT",
      url: `/api/v1/notifications/update-notification-by-id-merchant?id=${first}`,
      headers: ownerHeaders,
    });
    expect(read.json()).toMatchObject({
      notification: { id: first, isRead: true },
      unreadCount: 1,
    });
    const unread = await t.app.inject({
      method: "GET",
      url: "/api/v1/notifications/get-unread-notifications-by-merchantId",
      headers: ownerHeaders,
    });
    expect(unread.json().notifications.map((n: { message: string }) => n.message)).toEqual([
      "second",
    ]);
    // Reading someone else's notification: not found.
    const foreign = await t.app.inject({
      method: "PUT",
      url: `/api/v1/notifications/update-notification-by-id-merchant?id=${first}`,
      headers: { authorization: (await shopWithPeople()).owner.authorization },
    });
    expect(foreign.statusCode).toBe(404);
    const allRead = await t.app.inject({
      method: "PUT",
      url: "/api/v1/notifications/read-all-notifications-by-merchantId",
      headers: ownerHeaders,
    });
    expect(allRead.json()).toMatchObject({ updated: 1, unreadCount: 0 });
    // The staff member's copies are untouched.
    const staffUnread = await t.app.inject({
      method: "GET",
      url: "/api/v1/notifications/get-unread-notifications-by-merchantId",
      headers: { authorization: p.staffLogin.authorization },
    });
    expect(staffUnread.json().unreadCount).toBe(2);
  });

  it("serves the customer's own notifications only", async () => {
    const p = await shopWithPeople();
    await raise(p.shopId, p.customer.id, "yours");
    const headers = { authorization: p.customerLogin.authorization };
    const mine = await t.app.inject({
      method: "GET",
      url: `/api/v1/notifications/get-all-notifications-by-customerId/${p.customer.id}`,
      headers,
    });
    expect(mine.json()).toMatchObject({ total: 1, unreadCount: 1 });
    expect(mine.json().notifications[0].link).toBe(`/${p.shopId}/customer/dashboard`);
    const other = await shopWithPeople();
    for (const request of [
      {
        method: "GET" as const,
        url: `/api/v1/notifications/get-all-notifications-by-customerId/${other.customer.id}`,
      },
      {
        method: "GET" as const,
        url: `/api/v1/notifications/get-unread-notifications-by-customerId/${other.customer.id}`,
      },
      {
        method: "PUT" as const,
        url: `/api/v1/notifications/read-all-notifications-by-customerId/${other.customer.id}`,
      },
      {
        method: "PUT" as const,
        url: `/api/v1/notifications/update-notification-by-id-customer/${other.customer.id}?id=${mine.json().notifications[0].id}`,
      },
    ]) {
      const res = await t.app.inject({ ...request, headers });
      expect(res.statusCode, request.url).toBe(404);
    }
    const id = mine.json().notifications[0].id;
    const read = await t.app.inject({
      method: "PUT",
      url: `/api/v1/notifications/update-notification-by-id-customer/${p.customer.id}?id=${id}`,
      headers,
    });
    expect(read.json()).toMatchObject({ notification: { isRead: true }, unreadCount: 0 });
    const readAll = await t.app.inject({
      method: "PUT",
      url: `/api/v1/notifications/read-all-notifications-by-customerId/${p.customer.id}`,
      headers,
    });
    expect(readAll.statusCode).toBe(200);
    const anonymous = await t.app.inject({
      method: "GET",
      url: "/api/v1/notifications/get-all-notifications-by-merchantId",
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("refuses sockets without a token or with a forged one", async () => {
    for (const token of [null, "forged-token"]) {
      const socket = open(url, token);
      const error = await waitFor<Error>(socket, "connect_error");
      expect(error.message).toBe("Invalid or expired token. Please login again.");
      socket.close();
    }
  });

  it("pushes a new notification live to its recipients' rooms only, once", async () => {
    const p = await shopWithPeople();
    const stranger = await shopWithPeople();
    const owner = open(url, p.owner.token);
    const customer = open(url, p.customerLogin.token);
    // Announcing someone else's id still joins one's own room only.
    const snoop = open(url, stranger.customerLogin.token);
    await joined(owner, `${p.merchant.user.id}${p.merchant.email}`);
    await joined(customer, `${p.customer.id}${p.customer.email}`);
    await joined(snoop, `${p.customer.id}${p.customer.email}`);
    const snooped: unknown[] = [];
    snoop.on("notification", (n) => snooped.push(n));
    const ownerGot = waitFor<{ message: string }>(owner, "notification");
    const customerGot = waitFor<{ message: string; isRead: boolean }>(customer, "notification");
    await raise(p.shopId, p.customer.id, "live one");
    expect((await ownerGot).message).toBe("live one");
    expect(await customerGot).toMatchObject({ message: "live one", isRead: false });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(snooped).toEqual([]);
    // Leaving: no more deliveries.
    customer.emit("disconnectAndLeaveRoom");
    await waitFor(customer, "disconnect");
    for (const s of [owner, customer, snoop]) s.close();
  });
});

describe.runIf(process.env.DATABASE_URL)("notifications across instances", () => {
  it("an event raised on one instance reaches a socket held by another", async () => {
    const a = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: "100000" } });
    const b = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: "100000" } });
    try {
      await b.app.listen({ port: 0, host: "127.0.0.1" });
      const address = b.app.server.address();
      const urlB = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
      const merchant = await createMerchant(a.database.db);
      const shopId = merchant.shop?.id as number;
      const { customer } = await createCustomer(a.database.db, shopId);
      const login = await loginAs(b.app, merchant);
      const socket = open(urlB, login.token);
      await joined(socket, String(merchant.user.id));
      const got = waitFor<{ message: string }>(socket, "notification", 5000);
      // Raised through instance A's database handle and bus.
      await a.database.db.transaction((tx) =>
        notify(tx, shopId, [{ merchants: true }], {
          event: "offer.purchased",
          title: "Offer purchased",
          message: "from instance A",
          data: { customerId: customer.id },
        }),
      );
      expect((await got).message).toBe("from instance A");
      socket.close();
    } finally {
      await a.close();
      await b.close();
    }
  });
});
