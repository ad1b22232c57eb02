import { readFile } from "node:fs/promises";
import {
  type CohortAnalytics,
  formatMoney,
  type LifetimeValueAnalytics,
  type SubscriptionAnalytics,
} from "@tessera/shared";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  screenshot,
  seriousAxeViolations,
  viewports,
  waitForPath,
  watchConsole,
} from "./support/browser";
import { poll, ready, sidebarLink } from "./support/journey";
import { ownerJourney } from "./support/owner-journey";

/**
 * Subscription analytics (issue 19) in a real browser against the built app: the demo owner
 * opens Analytics from the sidebar, switches the period and the tier, reads the cohort table,
 * opens a chart's table view and downloads its CSV. Desktop and phone, light and dark, with
 * screenshots and axe.
 */

describe("subscription analytics journeys (issue 19)", () => {
  const journey = ownerJourney({
    env: { RATE_LIMIT_PER_MINUTE: "600" },
    startupMs: 120_000,
    setUpMs: 180_000,
  });
  const { api } = journey;

  const ownerPage = (viewport: { width: number; height: number }, theme?: "light" | "dark") =>
    journey.ownerPage(viewport, { theme });

  /** Changes a select and waits for the subscription figures it asks for. */
  async function choose(page: Page, label: string, value: string, param: string) {
    const response = page.waitForResponse(
      (res) =>
        res.url().includes("/analytics/subscriptions") &&
        new URL(res.url()).searchParams.get(param) === value,
    );
    await page.getByLabel(label, { exact: true }).selectOption(value);
    expect((await response).status()).toBe(200);
    await ready(page);
  }

  const figure = (page: Page, label: string) =>
    page.locator("dl > div").filter({ has: page.getByText(label, { exact: true }) });

  it("switches periods and tiers, reads the cohorts and a chart's table (desktop)", async () => {
    const page = await ownerPage(viewports.desktop);
    const problems = watchConsole(page);
    await page.goto(`${journey.server.url}/merchant/dashboard`);
    await sidebarLink(page, "Analytics").click();
    await waitForPath(page, "/merchant/analytics");
    await page.getByRole("heading", { name: "MRR over time" }).waitFor();
    await ready(page);

    const month = await api<SubscriptionAnalytics>(
      "/analytics/subscriptions?timeFilter=currentMonth",
    );
    await figure(page, "MRR").getByText(formatMoney(month.mrr), { exact: true }).waitFor();
    await figure(page, "Active members")
      .getByText(String(month.activeMembers), { exact: true })
      .waitFor();
    expect(month.mrr).toBeGreaterThan(0);
    await screenshot(page, "analytics-desktop");

    // Last 6 months: months on the axis, the movements drawn as bars.
    await choose(page, "Period", "6months", "timeFilter");
    const half = await api<SubscriptionAnalytics>("/analytics/subscriptions?timeFilter=6months");
    expect(half.bucket).toBe("month");
    await figure(page, "MRR").getByText(formatMoney(half.mrr), { exact: true }).waitFor();
    await poll(() => page.locator(".recharts-bar-rectangle").count()).toBeGreaterThan(0);

    // One tier: the figures are that tier's.
    const tiers = await api<LifetimeValueAnalytics>("/analytics/lifetime-value?timeFilter=6months");
    const gold = tiers.tiers.find((t) => t.tierName === "Gold");
    if (!gold?.tierId) throw new Error("the demo shop has a Gold tier");
    await choose(page, "Tier", String(gold.tierId), "tierId");
    const goldFigures = await api<SubscriptionAnalytics>(
      `/analytics/subscriptions?timeFilter=6months&tierId=${gold.tierId}`,
    );
    await figure(page, "MRR").getByText(formatMoney(goldFigures.mrr), { exact: true }).waitFor();
    expect(goldFigures.mrr).toBeLessThan(half.mrr);
    await screenshot(page, "analytics-gold-6months-desktop");

    // The cohort heat map: one row per join month in the window.
    const allTiers = page.waitForResponse(
      (res) =>
        res.url().includes("/analytics/cohorts") && !new URL(res.url()).searchParams.has("tierId"),
    );
    await page.getByLabel("Tier", { exact: true }).selectOption("");
    await allTiers;
    await ready(page);
    const cohorts = await api<CohortAnalytics>("/analytics/cohorts?timeFilter=6months");
    const cohortTable = page.getByRole("region", { name: "Retention cohorts" });
    await cohortTable.scrollIntoViewIfNeeded();
    await poll(() => cohortTable.locator("tbody tr").count()).toBe(cohorts.cohorts.length);
    expect(await cohortTable.getByRole("columnheader", { name: "After 12 months" }).count()).toBe(
      1,
    );

    // A chart's table view, and its CSV.
    const mrrCard = page
      .locator("div")
      .filter({ has: page.getByRole("heading", { name: "MRR over time", exact: true }) })
      .filter({ has: page.getByRole("tab", { name: "Table" }) })
      .last();
    await mrrCard.getByRole("tab", { name: "Table" }).click();
    const mrrTable = page.getByRole("table", { name: "MRR over time" });
    await mrrTable.waitFor();
    expect(await mrrTable.locator("tbody tr").count()).toBe(half.series.length);
    await mrrTable
      .getByRole("cell", { name: formatMoney(half.series.at(-1)?.mrr ?? 0), exact: true })
      .first()
      .waitFor();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      mrrCard.getByRole("button", { name: "CSV of MRR over time" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^analytics_mrr_Last 6 months_\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const lines = (await readFile(await download.path(), "utf8"))
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("Month,MRR");
    expect(lines).toHaveLength(half.series.length + 1);
    await page.getByRole("heading", { name: "Retention cohorts" }).scrollIntoViewIfNeeded();
    await screenshot(page, "analytics-tables-desktop");
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);

  it("fits a phone and reads well in both themes, with no serious accessibility problems", async () => {
    const findings: string[] = [];
    for (const theme of ["light", "dark"] as const) {
      for (const [size, viewport] of Object.entries(viewports)) {
        const page = await ownerPage(viewport, theme);
        const problems = watchConsole(page);
        await page.goto(`${journey.server.url}/merchant/analytics`);
        await page.getByRole("heading", { name: "MRR over time" }).waitFor();
        await ready(page);
        await page.getByLabel("Period", { exact: true }).selectOption("lastYear");
        await ready(page);
        await poll(() => page.locator(".recharts-surface").count()).toBeGreaterThan(0);
        if (size === "phone") {
          expect(
            await page.evaluate(() => document.documentElement.scrollWidth),
          ).toBeLessThanOrEqual(viewport.width);
        }
        await screenshot(page, `analytics-${size}-${theme}`);
        findings.push(...(await seriousAxeViolations(page, `analytics ${size} ${theme}:`)));
        expect(problems).toEqual([]);
        await page.close();
      }
    }
    expect(findings).toEqual([]);
  }, 360_000);
});
