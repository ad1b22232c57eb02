import { and, eq, inArray, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cashbackLedger,
  customerMemberships,
  customerOffers,
  sandboxCards,
  transactions,
} from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/app";
import { createOffer, createTier, giveCashback, loginAs } from "../../test/factories";
import { paymentsKit } from "../../test/payments-kit";
import { seededRandom } from "../../test/seeded-random";

const SEED = 4_2026;
const OPERATIONS = 240;
const DAY = 24 * 60 * 60 * 1000;
/** Windows that hold the whole history (it spans 33 days). */
const WHOLE_HISTORY = ["60Days", "6months", "1year"] as const;

/** Seeded, so a failing history can be replayed exactly; with a pick from a list. */
function random(seed: number) {
  const next = seededRandom(seed);
  return { next, pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T };
}

type Headers = Record<string, string>;
type Shop = {
  shopId: number;
  owner: Headers;
  tierId: number;
  benefitId: number;
  offerIds: number[];
  customers: { id: number; headers: Headers }[];
};

/** Parses the report's CSV (quoted fields, doubled quotes, CRLF lines). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\n") {
      row.push(cell.replace(/\r$/, ""));
      rows.push(row);
      row = [];
      cell = "";
    } else cell += c;
  }
  if (cell !== "" || row.length > 0) rows.push([...row, cell]);
  return rows;
}

const dollars = (text: string) => Math.round(Number(text.replace(/[$,]/g, "")) * 100);

describe("randomized reconciliation: a seeded history of money operations across two shops", () => {
  let t: TestApp;
  // A running clock (rows the database stamps itself must fall inside the windows), moved a
  // month ahead for the renewals.
  let offset = 0;
  const clock = () => new Date(Date.now() + offset);
  const rng = random(SEED);
  const shops: Shop[] = [];
  const fiveHundreds: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ now: clock, env: { RATE_LIMIT_PER_MINUTE: "1000000" } });
  });
  afterAll(() => t.close());

  async function call(method: string, url: string, headers: Headers, payload?: unknown) {
    const res = await t.app.inject({
      method: method as "GET",
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
    if (res.statusCode >= 500) fiveHundreds.push(`${method} ${url}: ${res.body}`);
    return res;
  }

  async function setUpShop(): Promise<Shop> {
    const kit = paymentsKit(t, null);
    const { merchant, shopId } = await kit.connectedShop();
    const owner = { authorization: (await loginAs(t.app, merchant)).authorization };
    const tier = await createTier(t.database.db, shopId, { priceCents: 1500 + shopId });
    const benefit = await t.app.inject({
      method: "GET",
      url: `/api/v1/memberships/get-single-membership?id=${tier.id}`,
      headers: owner,
    });
    const offerIds = [
      (await createOffer(t.database.db, shopId, { offerPriceCents: 500 })).id,
      (
        await createOffer(t.database.db, shopId, {
          offerPriceCents: 1250,
          originalPriceCents: 2000,
        })
      ).id,
      (
        await createOffer(t.database.db, shopId, {
          offerPriceCents: 300,
          isLimited: true,
          quantity: 5,
        })
      ).id,
    ];
    const people = [];
    for (let i = 0; i < 6; i++) {
      const who = await kit.customerOf(shopId);
      await giveCashback(t.database.db, { shopId, customerId: who.customer.id }, 700);
      people.push({ id: who.customer.id, headers: who.headers });
    }
    const membership = benefit.json().membership ?? benefit.json();
    return {
      shopId,
      owner,
      tierId: tier.id,
      benefitId: (membership.Benefits ?? membership.benefits)[0].id,
      offerIds,
      customers: people,
    };
  }

  /** One random operation, as a customer, the counter or the owner would do it. */
  async function step(shop: Shop) {
    const kit = paymentsKit(t, null);
    const who = rng.pick(shop.customers);
    const roll = rng.next();
    if (roll < 0.3) {
      const res = await call(
        "POST",
        `/api/v1/customer/offers/purchase-offer/${who.id}`,
        who.headers,
        {
          offerId: rng.pick(shop.offerIds),
          cashbackUsed: rng.pick([0, 0, 1, 2.5, 5, 20]),
        },
      );
      if (res.statusCode !== 200) return;
      const { checkoutId, client_token } = res.json().data;
      const paid = await kit.pay(client_token, rng.next() < 0.85 ? "approve" : "decline");
      await call("POST", "/api/v1/fortis/elements/transaction/complete", who.headers, {
        checkoutId,
        transactionId: paid,
      });
    } else if (roll < 0.45) {
      const res = await call("POST", "/api/v1/fortis/elements/transaction/intention", who.headers, {
        amount: 1,
        shopId: shop.shopId,
        customerId: who.id,
        type: "membership",
        membershipId: shop.tierId,
      });
      if (res.statusCode !== 200) return;
      const { checkoutId, client_token } = res.json().data;
      await call("POST", "/api/v1/fortis/elements/transaction/complete", who.headers, {
        checkoutId,
        transactionId: await kit.pay(client_token),
      });
    } else if (roll < 0.6) {
      await call("POST", `/api/v1/member/purchase-offer/${who.id}`, shop.owner, {
        offerId: rng.pick(shop.offerIds),
        paymentType: "cash",
        cashbackUsed: rng.pick([0, 1]),
      });
    } else if (roll < 0.7) {
      await call(
        "POST",
        `/api/v1/merchant-redemptions/create-redemption?benefitId=${shop.benefitId}&customerId=${who.id}`,
        shop.owner,
      );
    } else if (roll < 0.8) {
      await call(
        "POST",
        `/api/v1/merchant-redemptions/create-cashback-redemption?customerId=${who.id}&price=${rng.pick([1, 2, 3])}`,
        shop.owner,
      );
    } else if (roll < 0.92) {
      const report = await call(
        "GET",
        "/api/v1/reports/get-transaction-report?timeFilter=1year&pageSize=100",
        shop.owner,
      );
      const paid = (report.json().transactions as { id: number; status: string }[]).filter(
        (row) => row.status === "succeeded",
      );
      if (paid.length > 0) {
        await call("POST", `/api/v1/transactions/refund/${rng.pick(paid).id}`, shop.owner);
      }
    } else {
      await call("POST", "/api/v1/memberships/cancel-customer-membership", shop.owner, {
        customerId: who.id,
      });
    }
  }

  async function reportRows(shop: Shop, period: string) {
    const rows: {
      offerName: string | null;
      amount: number;
      cashbackUsed: number;
      status: string;
    }[] = [];
    for (let page = 1; ; page++) {
      const res = await call(
        "GET",
        `/api/v1/reports/get-transaction-report?timeFilter=${period}&page=${page}&pageSize=100`,
        shop.owner,
      );
      const body = res.json();
      rows.push(...body.transactions);
      if (rows.length >= body.total || body.transactions.length === 0) return rows;
    }
  }

  it("keeps every total, balance and stock count equal after the history", async () => {
    shops.push(await setUpShop(), await setUpShop());
    for (let i = 0; i < OPERATIONS; i++) await step(rng.pick(shops));

    // A month later: renewals are charged; some saved cards now decline.
    offset += 33 * DAY;
    for (const shop of shops) {
      for (const who of shop.customers.filter(() => rng.next() < 0.3)) {
        const held = await t.database.db
          .select({ token: customerMemberships.cardToken })
          .from(customerMemberships)
          .where(eq(customerMemberships.customerId, who.id));
        for (const { token } of held) {
          if (token) {
            await t.database.db
              .update(sandboxCards)
              .set({ declines: true })
              .where(eq(sandboxCards.token, token));
          }
        }
      }
    }
    for (const shop of shops) {
      const outcomes = await t.app.services.payments.renewals.runRenewals(500, {
        shopId: shop.shopId,
      });
      expect(outcomes.filter((o) => o.outcome === "error")).toEqual([]);
    }
    expect(fiveHundreds).toEqual([]);

    // The history really covers every kind of money event.
    const kinds = await t.database.db
      .select({ kind: transactions.kind, status: transactions.status })
      .from(transactions)
      .where(
        inArray(
          transactions.shopId,
          shops.map((shop) => shop.shopId),
        ),
      );
    const tally = new Map<string, number>();
    for (const row of kinds) {
      tally.set(`${row.kind}/${row.status}`, (tally.get(`${row.kind}/${row.status}`) ?? 0) + 1);
    }
    console.info(`reconciliation history: ${JSON.stringify(Object.fromEntries(tally))}`);
    for (const seen of [
      "offer_purchase/succeeded",
      "offer_purchase/refunded",
      "offer_purchase/failed",
      "membership_purchase/succeeded",
      "membership_renewal/succeeded",
    ]) {
      expect(tally.get(seen) ?? 0, seen).toBeGreaterThan(0);
    }

    for (const shop of shops) {
      for (const period of WHOLE_HISTORY) {
        const rows = await reportRows(shop, period);
        expect(rows.length).toBeGreaterThan(20);
        const ok = rows.filter((r) => r.status === "succeeded");
        const membership = ok.filter((r) => r.offerName === null);
        const offers = ok.filter((r) => r.offerName !== null);
        const cents = (n: number) => Math.round(n * 100);
        const dashboard = (
          await call("GET", `/api/v1/shop/dashboard-stats?timeFilter=${period}`, shop.owner)
        ).json();
        expect(cents(dashboard.stats.totalRecurringRevenue)).toBe(
          membership.reduce((sum, r) => sum + cents(r.amount), 0),
        );
        expect(cents(dashboard.stats.totalRevenue)).toBe(
          offers.reduce((sum, r) => sum + cents(r.amount) + cents(r.cashbackUsed), 0),
        );
        expect(dashboard.stats.soldOffers).toBe(offers.length);
        const series = dashboard.series as { membershipRevenue: number; offerRevenue: number }[];
        expect(series.reduce((sum, p) => sum + cents(p.membershipRevenue), 0)).toBe(
          cents(dashboard.stats.totalRecurringRevenue),
        );
        expect(series.reduce((sum, p) => sum + cents(p.offerRevenue), 0)).toBe(
          cents(dashboard.stats.totalRevenue),
        );

        const csv = await call(
          "GET",
          `/api/v1/reports/export-transaction-report?timeFilter=${period}`,
          shop.owner,
        );
        const [header, ...lines] = parseCsv(csv.body.replace(/^\uFEFF/, ""));
        const amountColumn = (header ?? []).indexOf("Amount paid");
        expect(lines).toHaveLength(rows.length);
        expect(lines.reduce((sum, line) => sum + dollars(line[amountColumn] ?? "0"), 0)).toBe(
          rows.reduce((sum, r) => sum + cents(r.amount), 0),
        );

        // Every offer's sold count is its purchases still standing.
        const performance = (
          await call(
            "GET",
            `/api/v1/offers/get-all-offers-dashboard?timeFilter=${period}`,
            shop.owner,
          )
        ).json().offers as { id: number; soldOffers: number }[];
        for (const offerId of shop.offerIds) {
          const standing = await t.database.db
            .select()
            .from(customerOffers)
            .where(and(eq(customerOffers.offerId, offerId), isNull(customerOffers.voidedAt)));
          expect(performance.find((o) => o.id === offerId)?.soldOffers ?? 0).toBe(standing.length);
          if (offerId === shop.offerIds[2]) expect(standing.length).toBeLessThanOrEqual(5);
        }
      }

      // Every wallet: the balance shown is the ledger's sum, never below zero.
      for (const who of shop.customers) {
        const member = (
          await call("GET", `/api/v1/member/get-single-member/${who.id}`, shop.owner)
        ).json();
        const ledger = await t.database.db
          .select()
          .from(cashbackLedger)
          .where(
            and(eq(cashbackLedger.customerId, who.id), eq(cashbackLedger.shopId, shop.shopId)),
          );
        const sum = ledger.reduce((total, row) => total + row.amountCents, 0);
        const shown = member.member ?? member;
        expect(Math.round(shown.cashbackBalance * 100)).toBe(sum);
        expect(sum).toBeGreaterThanOrEqual(0);
      }
    }
  }, 240_000);
});
