import AxeBuilder from "@axe-core/playwright";
import { describe, expect, it } from "vitest";
import { appJourney } from "./support/app-journey";
import { openPage, screenshot, viewports, watchConsole } from "./support/browser";
import { startServer } from "./support/server";

describe("smoke: the built app on a fresh data folder", () => {
  const journey = appJourney();

  it("seeds a demo shop on first start and prints the demo login", () => {
    expect(journey.server.output()).toContain("Demo shop created");
    expect(journey.server.output()).toContain("owner@demo-shop.test");
  });

  it("shows the login page, cleanly and accessibly, on desktop and phone", async () => {
    for (const [name, viewport] of Object.entries(viewports)) {
      const page = await openPage(journey.browser, viewport);
      const problems = watchConsole(page);
      await page.goto(`${journey.server.url}/`);
      await expect.poll(() => page.getByRole("button", { name: "Log in" }).isVisible()).toBe(true);
      expect(
        await page
          .getByLabel(/e-?mail/i)
          .first()
          .isVisible(),
      ).toBe(true);
      expect(
        await page.getByText("Revolutionize Revenue, One Membership at a Time.").count(),
      ).toBeGreaterThan(0);
      await screenshot(page, `login-${name}-light`);
      const axe = await new AxeBuilder({ page }).analyze();
      const serious = axe.violations.filter(
        (v) => v.impact === "serious" || v.impact === "critical",
      );
      expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
      expect(problems).toEqual([]);
      await page.close();
    }
  });

  it("toggles the theme and keeps it after a reload", async () => {
    const page = await openPage(journey.browser, viewports.desktop);
    await page.goto(`${journey.server.url}/`);
    const theme = () => page.evaluate(() => document.documentElement.getAttribute("data-theme"));
    expect(await theme()).toBe("light");

    await page.getByRole("button", { name: "Switch to dark theme" }).click();
    expect(await theme()).toBe("dark");
    await page.reload();
    await page.getByRole("button", { name: "Switch to light theme" }).waitFor();
    expect(await theme()).toBe("dark");
    await screenshot(page, "login-desktop-dark");

    await page.setViewportSize(viewports.phone);
    await screenshot(page, "login-phone-dark");

    await page.getByRole("button", { name: "Switch to light theme" }).click();
    expect(await theme()).toBe("light");
    await page.reload();
    await page.getByRole("button", { name: "Switch to dark theme" }).waitFor();
    expect(await theme()).toBe("light");
    await page.close();
  });

  it("shows the not-found page for an unknown path, with a way home", async () => {
    const page = await openPage(journey.browser, viewports.desktop);
    const problems = watchConsole(page);
    await page.goto(`${journey.server.url}/no-such-page`);
    const home = page.getByRole("link", { name: "Go Home" });
    await home.waitFor();
    expect(await page.getByRole("img", { name: /404/ }).count()).toBeGreaterThan(0);
    await screenshot(page, "not-found-desktop-light");
    await page.setViewportSize(viewports.phone);
    await screenshot(page, "not-found-phone-light");
    await home.click();
    await page.waitForURL(`${journey.server.url}/`);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("serves the API documentation under the CSP", async () => {
    const page = await openPage(journey.browser, viewports.desktop);
    await page.goto(`${journey.server.url}/api/docs`);
    await page.getByText("Tessera API").first().waitFor();
    await page.getByText("/api/health").first().waitFor();
    await screenshot(page, "api-docs");
    await page.close();
  });

  it("stops gracefully on SIGTERM and keeps its data across a restart", async () => {
    expect(await journey.server.stop("SIGTERM")).toBe(0);
    const again = await startServer({ dataDir: journey.server.dataDir });
    try {
      const res = await fetch(`${again.url}/api/health`);
      expect(await res.json()).toEqual({ status: "ok", db: "ok" });
      // The seed ran on the first start only: the demo shop is still there.
      expect(again.output()).not.toContain("Demo shop created");
    } finally {
      expect(await again.stop("SIGINT")).toBe(0);
    }
  });
});
