import { act, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { openAsCustomer } from "@/test/customer-app";
import {
  CUSTOMER_ID,
  GET_CUSTOMER,
  makeDashboard,
  SHOP_ID,
  shopRoute,
  TIERS,
} from "@/test/customer-data";

/** A stand-in for the browser's EventSource that the test drives. */
class FakeEventSource extends EventTarget {
  static instances: FakeEventSource[] = [];
  readonly url: string;
  closed = false;
  constructor(url: string | URL) {
    super();
    this.url = String(url);
    FakeEventSource.instances.push(this);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data = "") {
    this.dispatchEvent(new MessageEvent(type, { data }));
  }
}

describe("live refresh (GET /events)", () => {
  beforeEach(() => {
    FakeEventSource.instances = [];
    vi.stubGlobal("EventSource", FakeEventSource);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("opens the customer's stream and refetches on every 'changed'; closes on logout", async () => {
    let balance = 2;
    const { api, user, router } = openAsCustomer(`/${SHOP_ID}/customer/dashboard`, {
      ...shopRoute,
      "GET /customer/memberships/get-active-memberships": { memberships: TIERS },
      [GET_CUSTOMER]: () => makeDashboard({ rewardBalance: balance }),
      "POST /auth/logout": { message: "Logged out" },
    });
    await screen.findByRole("link", { name: "Cashback balance $2.00: redeem cashback" });

    expect(FakeEventSource.instances).toHaveLength(1);
    const source = FakeEventSource.instances[0] as FakeEventSource;
    const url = new URL(source.url, "http://localhost");
    expect(url.pathname).toBe("/api/v1/events");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      shopId: String(SHOP_ID),
      customerId: String(CUSTOMER_ID),
      token: "c-tok",
    });

    // A redemption made elsewhere: the stream says so and the page refetches, no reload.
    balance = 0.5;
    const before = api.callsTo(GET_CUSTOMER).length;
    act(() => source.emit("changed", "redemption.recorded"));
    expect(
      await screen.findByRole("link", { name: "Cashback balance $0.50: redeem cashback" }),
    ).toBeInTheDocument();
    expect(api.callsTo(GET_CUSTOMER).length).toBeGreaterThan(before);

    // The first open is not a refresh; a reconnection is (events may have been missed).
    const afterEvent = api.callsTo(GET_CUSTOMER).length;
    act(() => source.emit("open"));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(api.callsTo(GET_CUSTOMER).length).toBe(afterEvent);
    balance = 7;
    act(() => source.emit("open"));
    expect(
      await screen.findByRole("link", { name: "Cashback balance $7.00: redeem cashback" }),
    ).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: /^Account menu/ }));
    await user.click(await screen.findByRole("menuitem", { name: "Logout" }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/${SHOP_ID}/login`));
    expect(source.closed).toBe(true);
  });

  it("stays on one stream while moving between customer pages", async () => {
    const { user } = openAsCustomer(`/${SHOP_ID}/customer/dashboard`, {
      ...shopRoute,
      "GET /customer/memberships/get-active-memberships": { memberships: TIERS },
      [GET_CUSTOMER]: makeDashboard(),
    });
    await screen.findByRole("tab", { name: "Memberships" });
    await user.click(screen.getByRole("button", { name: /^Account menu/ }));
    await user.click(await screen.findByRole("menuitem", { name: "Profile" }));
    await screen.findByRole("heading", { name: "Profile", level: 1 });
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(FakeEventSource.instances[0]?.closed).toBe(false);
  });
});
