import { readFile } from "node:fs/promises";
import {
  type DashboardStatsResponse,
  formatMoney,
  type OffersDashboardResponse,
  REPORT_MESSAGES,
  redemptionReportFileName,
  todayInTimeZone,
  transactionReportFileName,
} from "@tessera/shared";
import type { Download, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import {
  screenshot,
  seriousAxeViolations,
  viewports,
  waitForPath,
  watchConsole,
} from "./support/browser";
import { poll, ready, sidebarLink, viewportEntries } from "./support/journey";
import { ownerJourney } from "./support/owner-journey";

/**
 * Dashboard and reports acceptance (issue 9), in a real browser against the built app: the demo
 * owner reads the dashboard for two periods (figures, revenue chart), opens and closes the New
 * Offer modal over it, then filters the transactions report by payment type and downloads both
 * CSV reports, and meets the empty state. Desktop and phone, screenshots, axe in both themes.
 */

const TRANSACTION_CSV_HEADER =
  "Transaction ID,Transaction Date,Item,Customer,Payment type,Price,Discount,Cashback used,Amount paid,Status";
const REDEMPTION_CSV_HEADER = "Redemption Date,Item,Customer,Type,Value,Redeemed by";

/** One CSV line (RFC 4180 quoting, as the export writes it) as its fields. */
function csvFields(line: string): string[] {
  const fields: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i];
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      fields.push(field);
      field = "";
    } else field += char;
  }
  fields.push(field);
  return fields;
}

/** A downloaded CSV's lines (the byte-order mark and the final line break dropped). */
async function csvLines(download: Download): Promise<string[]> {
  const text = await readFile(await download.path(), "utf8");
  expect(text.endsWith("\r\n")).toBe(true);
  return text
    .replace(/^\uFEFF/, "")
    .replace(/\r\n$/, "")
    .split("\r\n");
}

describe("merchant dashboard and reports journeys (issue 9)", () => {
  const journey = ownerJourney({ env: { RATE_LIMIT_PER_MINUTE: "300" } });
  const { api } = journey;
  let timeZone: string;

  const reportTotal = async (path: string) => (await api<{ total: number }>(path)).total;

  const ownerPage = (viewport: { width: number; height: number }) => journey.ownerPage(viewport);

  async function downloadFrom(page: Page): Promise<Download> {
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download" }).click(),
    ]);
    return download;
  }

  /** Changes a select and waits for the request it starts. */
  async function choose(page: Page, label: string, value: string, path: string, param: string) {
    const response = page.waitForResponse(
      (res) => res.url().includes(path) && new URL(res.url()).searchParams.get(param) === value,
    );
    await page.getByLabel(label, { exact: true }).selectOption(value);
    expect((await response).status()).toBe(200);
    await ready(page);
  }

  /** The owner's dashboard, loaded, with the console watched from the start. */
  async function openDashboard(viewport: { width: number; height: number }) {
    const page = await ownerPage(viewport);
    const problems = watchConsole(page);
    await page.goto(`${journey.server.url}/merchant/dashboard`);
    await page.getByRole("heading", { name: "Revenue over time" }).waitFor();
    await ready(page);
    return { page, problems };
  }

  beforeAll(async () => {
    ({
      shop: { timeZone },
    } = await api<{ shop: { timeZone: string } }>("/shop/get-shop-by-userId"));
  });

  it("reads the dashboard for two periods, then opens and closes New Offer over it (desktop)", async () => {
    const { page, problems } = await openDashboard(viewports.desktop);

    const period = page.getByLabel("Period", { exact: true });
    const chart = page.getByTestId("revenue-chart");
    const chartTable = page.getByRole("table", { name: /^Revenue per / });
    const tile = (label: string) =>
      page.locator("dl > div").filter({ has: page.getByText(label, { exact: true }) });

    // This month (the default): the figures and one chart bucket per day so far.
    expect(await period.inputValue()).toBe("currentMonth");
    const month = await api<DashboardStatsResponse>(
      "/shop/dashboard-stats?timeFilter=currentMonth",
    );
    expect(month.bucket).toBe("day");
    await tile("Memberships Revenue")
      .getByText(formatMoney(month.stats.totalRecurringRevenue))
      .waitFor();
    await tile("Offers Sold").getByText(String(month.stats.soldOffers), { exact: true }).waitFor();
    await poll(() => chart.locator(".recharts-bar-rectangle").count()).toBeGreaterThan(0);
    expect(await chartTable.locator("tbody tr").count()).toBe(month.series.length);
    await screenshot(page, "dashboard-desktop");

    // Last 6 months: a new request, new figures, and the chart in months.
    await choose(page, "Period", "6months", "/shop/dashboard-stats", "timeFilter");
    const half = await api<DashboardStatsResponse>("/shop/dashboard-stats?timeFilter=6months");
    expect(half.bucket).toBe("month");
    expect(half.stats.totalRecurringRevenue).toBeGreaterThan(month.stats.totalRecurringRevenue);
    await tile("Memberships Revenue")
      .getByText(formatMoney(half.stats.totalRecurringRevenue))
      .waitFor();
    await tile("New Subscriptions")
      .getByText(String(half.stats.newMemberships), { exact: true })
      .waitFor();
    await chartTable.getByRole("columnheader", { name: "Month" }).waitFor();
    expect(await chartTable.locator("tbody tr").count()).toBe(half.series.length);
    expect(await chart.locator(".recharts-bar-rectangle").count()).toBeGreaterThan(0);
    // The tooltip shows a bucket's figures in dollars.
    const box = await chart.locator(".recharts-surface").boundingBox();
    if (!box) throw new Error("the chart has no size");
    // The last bar is this month, which has sales.
    await page.mouse.move(box.x + box.width - 30, box.y + box.height / 2);
    await page.locator(".recharts-tooltip-wrapper").getByText("Total").waitFor();
    expect(await page.locator(".recharts-tooltip-wrapper").textContent()).toMatch(/\$\d/);
    await screenshot(page, "dashboard-6months-desktop");

    // New Offer opens the Create Offer form over the dashboard; closing it keeps the period.
    await page.getByRole("link", { name: "New Offer" }).click();
    await waitForPath(page, "/merchant/dashboard/new-offer");
    const dialog = page.getByRole("dialog", { name: "Create Offer" });
    await dialog.waitFor();
    await screenshot(page, "dashboard-new-offer-desktop");
    await dialog.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "hidden" });
    await waitForPath(page, "/merchant/dashboard");
    expect(await period.inputValue()).toBe("6months");
    expect(problems).toEqual([]);
    await page.close();
  });

  it("filters transactions by payment type and downloads both CSV reports (desktop)", async () => {
    const page = await ownerPage(viewports.desktop);
    const problems = watchConsole(page);
    const transactionRequests: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/reports/get-transaction-report")) {
        transactionRequests.push(request.url());
      }
    });
    await page.goto(`${journey.server.url}/merchant/dashboard`);
    await sidebarLink(page, "Reports").click();
    await waitForPath(page, "/merchant/reports");
    await page.getByRole("heading", { name: "Reports", exact: true }).waitFor();
    await ready(page);
    expect(
      await page.getByRole("tab", { name: "Transactions" }).getAttribute("aria-selected"),
    ).toBe("true");
    const panel = page.getByRole("tabpanel", { name: "Transactions" });
    const table = panel.getByRole("table", { name: "Transactions" });
    const rows = table.locator("tbody tr");
    const allTotal = await reportTotal(
      "/reports/get-transaction-report?timeFilter=currentMonth&paymentType=all",
    );
    expect(allTotal).toBeGreaterThan(0);
    await panel.getByText(`${allTotal} transactions`).waitFor();
    // Dates read "5 Sep, 2024"; a missing transaction id reads N/A.
    expect(await rows.first().locator("td").nth(1).textContent()).toMatch(
      /^\d{1,2} [A-Z][a-z]{2}, \d{4}$/,
    );
    expect(await rows.first().locator("td").first().textContent()).toBe("N/A");
    await screenshot(page, "reports-transactions-desktop");

    // Cash only: every row says Cash, and the count is the server's.
    await choose(page, "Payment type", "cash", "/reports/get-transaction-report", "paymentType");
    const cashTotal = await reportTotal(
      "/reports/get-transaction-report?timeFilter=currentMonth&paymentType=cash",
    );
    expect(cashTotal).toBeGreaterThan(0);
    expect(cashTotal).toBeLessThan(allTotal);
    await panel.getByText(`${cashTotal} transactions`).waitFor();
    const shownTypes = await rows.locator("td:nth-child(4)").allTextContents();
    expect(shownTypes.length).toBe(Math.min(cashTotal, 20));
    expect(new Set(shownTypes)).toEqual(new Set(["Cash"]));
    const firstRow = await rows.first().locator("td").allTextContents();
    await screenshot(page, "reports-transactions-cash-desktop");

    // The file: its name, the header, the first row as the table shows it, prices in dollars.
    const transactionsFile = await downloadFrom(page);
    expect(transactionsFile.suggestedFilename()).toBe(
      transactionReportFileName("cash", "currentMonth", todayInTimeZone(timeZone, new Date())),
    );
    const transactionLines = await csvLines(transactionsFile);
    expect(transactionLines[0]).toBe(TRANSACTION_CSV_HEADER);
    expect(transactionLines.length - 1).toBe(cashTotal);
    // The row the table shows first is in the file, as the table shows it.
    expect(
      transactionLines.slice(1).map((line) => {
        const [id, date, item, , paymentType, price] = csvFields(line);
        return [id, date, item, paymentType, price];
      }),
    ).toContainEqual(firstRow);
    for (const line of transactionLines.slice(1)) {
      const fields = csvFields(line);
      expect(fields[4]).toBe("Cash");
      expect(fields[5]).toMatch(/^\$\d/);
    }
    await ready(page);
    await page.getByRole("button", { name: "Download" }).waitFor();

    // Redemptions: no payment type, its own file.
    await page.getByRole("tab", { name: "Redemptions" }).click();
    const redemptions = page.getByRole("tabpanel", { name: "Redemptions" });
    await ready(page);
    expect(await page.getByLabel("Payment type", { exact: true }).count()).toBe(0);
    const redemptionTotal = await reportTotal(
      "/reports/get-redemption-report?timeFilter=currentMonth",
    );
    expect(redemptionTotal).toBeGreaterThan(0);
    await redemptions.getByText(`${redemptionTotal} redemptions`).waitFor();
    const firstRedemption = await redemptions
      .getByRole("table", { name: "Redemptions" })
      .locator("tbody tr")
      .first()
      .locator("td")
      .allTextContents();
    await screenshot(page, "reports-redemptions-desktop");
    const redemptionsFile = await downloadFrom(page);
    expect(redemptionsFile.suggestedFilename()).toBe(
      redemptionReportFileName("currentMonth", todayInTimeZone(timeZone, new Date())),
    );
    const redemptionLines = await csvLines(redemptionsFile);
    expect(redemptionLines[0]).toBe(REDEMPTION_CSV_HEADER);
    expect(redemptionLines.length - 1).toBe(redemptionTotal);
    expect(
      redemptionLines.slice(1).map((line) => {
        const [date, item, customer, , value] = csvFields(line);
        return [date, item, customer, value];
      }),
    ).toContainEqual(firstRedemption);
    for (const line of redemptionLines.slice(1)) expect(csvFields(line)[4]).toMatch(/^\$\d/);

    // Empty: nobody paid online (the demo has counter payments only): "No reports", and
    // Download is disabled, so the spec's alert cannot be needed.
    await page.getByRole("tab", { name: "Transactions" }).click();
    await choose(page, "Payment type", "online", "/reports/get-transaction-report", "paymentType");
    expect(
      await reportTotal(
        "/reports/get-transaction-report?timeFilter=currentMonth&paymentType=online",
      ),
    ).toBe(0);
    await panel.getByRole("heading", { name: "No reports" }).waitFor();
    expect(await page.getByRole("button", { name: "Download" }).isDisabled()).toBe(true);
    expect(await panel.getByRole("table").count()).toBe(0);
    await screenshot(page, "reports-empty-desktop");
    // The server agrees, with the spec's message.
    const empty = await fetch(
      `${journey.server.url}/api/v1/reports/export-transaction-report?timeFilter=currentMonth&paymentType=online`,
      { headers: { authorization: `Bearer ${journey.ownerToken}` } },
    );
    expect(empty.status).toBe(404);
    expect(((await empty.json()) as { message: string }).message).toBe(
      REPORT_MESSAGES.noTransactions,
    );

    // Transactions are not fetched again on mount: back from the dashboard, the cached
    // first report shows without a new request.
    const requestsBefore = transactionRequests.length;
    await sidebarLink(page, "Dashboard").click();
    await waitForPath(page, "/merchant/dashboard");
    await sidebarLink(page, "Reports").click();
    await panel.getByText(`${allTotal} transactions`).waitFor();
    await ready(page);
    expect(transactionRequests.length).toBe(requestsBefore);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("works on a phone: the dashboard, a Cash filter as a list, and the download", async () => {
    const { page, problems } = await openDashboard(viewports.phone);
    await poll(() =>
      page.getByTestId("revenue-chart").locator(".recharts-bar-rectangle").count(),
    ).toBeGreaterThan(0);
    // Nothing is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewports.phone.width,
    );
    // Offers Performance is a list on a phone: name and revenue, then runs, sold and status.
    const { offers } = await api<OffersDashboardResponse>(
      "/offers/get-all-offers-dashboard?timeFilter=currentMonth",
    );
    const offerItems = page.getByRole("list", { name: "Offers Performance" }).getByRole("listitem");
    expect(await page.getByRole("table", { name: "Offers Performance" }).isVisible()).toBe(false);
    // The demo seed has offers running this month.
    expect(offers.length).toBeGreaterThan(0);
    await poll(() => offerItems.count()).toBe(offers.length);
    const first = offers[0] as OffersDashboardResponse["offers"][number];
    const item = offerItems.first();
    expect(await item.textContent()).toContain(first.offerName);
    expect(await item.textContent()).toContain(formatMoney(first.revenue));
    expect(await item.textContent()).toContain(`${first.soldOffers} sold`);
    expect(await item.getByText(first.status, { exact: true }).isVisible()).toBe(true);
    await screenshot(page, "dashboard-phone");
    await choose(page, "Period", "lastYear", "/shop/dashboard-stats", "timeFilter");
    await screenshot(page, "dashboard-year-phone");

    await page.goto(`${journey.server.url}/merchant/reports`);
    await page.getByRole("heading", { name: "Reports", exact: true }).waitFor();
    await choose(page, "Payment type", "cash", "/reports/get-transaction-report", "paymentType");
    const list = page.getByRole("list", { name: "Transactions" });
    const items = list.getByRole("listitem");
    await poll(() => items.count()).toBeGreaterThan(0);
    for (const text of await items.allTextContents()) expect(text).toMatch(/ · Cash · /);
    expect(await page.getByRole("table", { name: "Transactions" }).isVisible()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewports.phone.width,
    );
    await screenshot(page, "reports-cash-phone");
    // While the file comes, the button says so and cannot be pressed twice.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/reports/export-transaction-report**", async (route) => {
      await held;
      await route.continue();
    });
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download" }).click();
    const pending = page.getByRole("button", { name: "Downloading…" });
    await pending.waitFor();
    expect(await pending.isDisabled()).toBe(true);
    expect(await pending.getAttribute("aria-busy")).toBe("true");
    await screenshot(page, "reports-downloading-phone");
    release();
    const file = await downloading;
    await page.getByRole("button", { name: "Download" }).waitFor();
    await page.unroute("**/reports/export-transaction-report**");
    expect(file.suggestedFilename()).toBe(
      transactionReportFileName("cash", "currentMonth", todayInTimeZone(timeZone, new Date())),
    );
    expect((await csvLines(file))[0]).toBe(TRANSACTION_CSV_HEADER);

    await choose(page, "Payment type", "online", "/reports/get-transaction-report", "paymentType");
    await page.getByRole("heading", { name: "No reports" }).waitFor();
    expect(await page.getByRole("button", { name: "Download" }).isDisabled()).toBe(true);
    await screenshot(page, "reports-empty-phone");
    expect(problems).toEqual([]);
    await page.close();
  });

  // Every page in both themes and every size, each with an axe scan: minutes, not seconds.
  it("the dashboard and reports have no serious accessibility problems, light or dark", async () => {
    const findings: string[] = [];
    for (const theme of ["light", "dark"] as const) {
      for (const [size, viewport] of viewportEntries) {
        const page = await ownerPage(viewport);
        await page.addInitScript((saved) => localStorage.setItem("theme", saved), theme);
        for (const { path, heading } of [
          { path: "/merchant/dashboard", heading: "Revenue over time" },
          { path: "/merchant/reports", heading: "Reports" },
        ]) {
          await page.goto(`${journey.server.url}${path}`);
          await page.getByRole("heading", { name: heading, exact: true }).waitFor();
          await ready(page);
          // Before axe: a full-page capture right after its run can catch the chart mid-resize.
          await screenshot(page, `${path.split("/").pop()}-axe-${size}-${theme}`);
          findings.push(...(await seriousAxeViolations(page, `${path} ${size} ${theme}:`)));
        }
        await page.close();
      }
    }
    expect(findings).toEqual([]);
  }, 240_000);
});
