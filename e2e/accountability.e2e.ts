import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { appJourney } from "./support/app-journey";
import {
  openPage,
  screenshot,
  seriousAxeViolations,
  viewports,
  watchConsole,
} from "./support/browser";
import { callApi, DEMO_OWNER, DEMO_STAFF, ready, signInMerchant } from "./support/journey";

/**
 * Accountability (issue 24) in a real browser against the built app: a staff member signs in
 * and redeems a member's benefit at the counter; the owner opens the audit log, filters it to
 * that staff member, reads the redemption and downloads the filtered CSV. Desktop and phone.
 */

describe("the owner reads who did what (issue 24)", () => {
  const journey = appJourney({ env: { RATE_LIMIT_PER_MINUTE: "300" }, startupMs: 85_000 });

  const call = <T>(token: string, method: string, path: string) =>
    callApi<T>(journey.server.url, path, { method, token });

  const signIn = (page: Page, who: { email: string; password: string }) =>
    signInMerchant(page, journey.server.url, who);

  it("a staff redemption shows in the owner's audit log, filtered to that staff member", async () => {
    // The staff member signs in (recorded with this browser) and redeems at the counter.
    const staffPage = await openPage(journey.browser, viewports.phone);
    const staffToken = await signIn(staffPage, DEMO_STAFF);
    await staffPage.close();
    const { members } = await call<{ members: { id: number }[] }>(
      staffToken,
      "GET",
      "/member/get-all-members?pageSize=50",
    );
    let redeemed: { item: string; customer: string } | null = null;
    for (const { id } of members) {
      const { member } = await call<{
        member: {
          firstName: string;
          lastName: string;
          benefits: { id: number; name: string; redeemed: boolean }[];
        };
      }>(staffToken, "GET", `/member/get-single-member/${id}`);
      const benefit = member.benefits.find((b) => !b.redeemed);
      if (!benefit) continue;
      await call(
        staffToken,
        "POST",
        `/merchant-redemptions/create-redemption?benefitId=${benefit.id}&customerId=${id}`,
      );
      redeemed = { item: benefit.name, customer: `${member.firstName} ${member.lastName}` };
      break;
    }
    if (!redeemed) throw new Error("no demo member has a benefit to redeem");

    for (const [name, viewport] of Object.entries(viewports)) {
      const page = await openPage(journey.browser, viewport);
      const problems = watchConsole(page);
      await signIn(page, DEMO_OWNER);
      await page.goto(`${journey.server.url}/merchant/audit-log`);
      await page.getByRole("heading", { name: "Audit log" }).waitFor();
      await ready(page);

      const filtered = page.waitForResponse(
        (res) => res.url().includes("/api/v1/audit-log?") && res.url().includes("actorId="),
      );
      await page.getByLabel("Who", { exact: true }).selectOption({ label: "Sam Rivera" });
      expect((await filtered).status()).toBe(200);
      await ready(page);
      const visible =
        name === "desktop" ? page.locator("table") : page.getByRole("list", { name: "Audit log" });
      await visible.getByText("Redeemed at the counter").first().waitFor();
      await visible.getByText(redeemed.customer).first().waitFor();
      await visible
        .getByText(new RegExp(`item: ${redeemed.item}`))
        .first()
        .waitFor();
      // Only the staff member's own records are listed.
      const text = await visible.innerText();
      expect(text).not.toContain("Dana Fields");
      await screenshot(page, `audit-log-staff-filter-${name}`);
      expect(await seriousAxeViolations(page, `audit log (${name})`)).toEqual([]);

      if (name === "desktop") {
        const [download] = await Promise.all([
          page.waitForEvent("download"),
          page.getByRole("button", { name: "Download CSV" }).click(),
        ]);
        const csv = (await readFile(await download.path(), "utf8")).replace(/^\uFEFF/, "");
        const lines = csv.trimEnd().split("\r\n");
        expect(lines[0]).toBe("Time (UTC),Actor,Role,Action,Target,Before,After,IP,Browser");
        expect(lines.slice(1).every((line) => line.includes("Sam Rivera"))).toBe(true);
        expect(lines.some((line) => line.includes("Redeemed at the counter"))).toBe(true);

        // Dates in the wrong order are caught before asking the server.
        await page.getByLabel("From", { exact: true }).fill("2030-02-10");
        await page.getByLabel("To", { exact: true }).fill("2030-02-01");
        await page.getByText("The end date must be on or after the start date.").waitFor();
        await page.getByRole("button", { name: "Clear filters" }).click();
        await ready(page);
      }
      expect(problems).toEqual([]);
      await page.close();
    }
  }, 180_000);
});
