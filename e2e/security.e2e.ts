import { generate } from "otplib";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { appJourney } from "./support/app-journey";
import {
  fillLogin,
  openPage,
  screenshot,
  seriousAxeViolations,
  viewports,
  waitForPath,
  watchConsole,
} from "./support/browser";
import { DEMO_OWNER, poll, ready, signInMerchant } from "./support/journey";

/**
 * Two-factor sign-in and session control (issue 24) in a real browser against the built app:
 * the owner turns 2FA on from the profile with a code computed here from the shown secret, signs
 * out another session (a second browser, which is then sent back to the login), and signs in
 * again with a code. Desktop and phone; 2FA is turned off through the API between the two.
 */

/** A code of the next 30-second step: the one the enrolment used cannot sign in again. */
async function nextStepCode(secret: string, usedAt: number) {
  const step = (ms: number) => Math.floor(ms / 30_000);
  while (step(Date.now()) <= step(usedAt)) await new Promise((r) => setTimeout(r, 250));
  return generate({ secret });
}

describe("two-factor sign-in and sessions (issue 24)", () => {
  const journey = appJourney({ env: { RATE_LIMIT_PER_MINUTE: "300" }, startupMs: 85_000 });

  const signIn = (page: Page) => signInMerchant(page, journey.server.url);

  it("the owner turns 2FA on, signs another session out, and signs in with a code", async () => {
    for (const [name, viewport] of Object.entries(viewports)) {
      const page = await openPage(journey.browser, viewport);
      const problems = watchConsole(page);
      const other = await openPage(journey.browser, viewports.desktop);
      await signIn(other);
      await signIn(page);

      // Turn on: the secret shown beside the QR code gives the first code.
      await page.goto(`${journey.server.url}/merchant/profile`);
      await page.getByRole("heading", { name: "Security" }).waitFor();
      await ready(page);
      await page.getByRole("button", { name: "Turn on" }).click();
      const dialog = page.getByRole("dialog", { name: "Turn on two-factor sign-in" });
      const secret = (await dialog.getByTestId("totp-secret").innerText()).trim();
      await screenshot(page, `security-enrol-${name}`);
      const enrolledAt = Date.now();
      await dialog.getByLabel("6-digit code").fill(await generate({ secret }));
      await dialog.getByRole("button", { name: "Turn on" }).click();
      const codes = page.getByRole("list", { name: "Recovery codes" });
      await codes.waitFor();
      expect(await codes.getByRole("listitem").count()).toBe(10);
      await screenshot(page, `security-recovery-codes-${name}`);
      await page.getByRole("button", { name: "Done" }).click();
      await page.getByText("On", { exact: true }).waitFor();

      // Sign out everywhere else: the other browser is sent back to the login.
      const sessions = page.getByRole("list", { name: "Active sessions" });
      await poll(() => sessions.getByRole("listitem").count()).toBeGreaterThan(1);
      await page.getByRole("button", { name: "Sign out everywhere else" }).click();
      await page
        .getByRole("dialog", { name: "Sign out everywhere else?" })
        .getByRole("button", { name: "Sign out everywhere" })
        .click();
      await poll(() => sessions.getByRole("listitem").count()).toBe(1);
      await screenshot(page, `security-sessions-${name}`);
      expect(await seriousAxeViolations(page, `profile security (${name})`)).toEqual([]);
      await other.goto(`${journey.server.url}/merchant/members`);
      await other.getByRole("heading", { name: "Log in to your account" }).waitFor();
      await other.close();

      // Signing in again asks for a code after the password.
      await page.evaluate(() => localStorage.clear());
      await page.goto(`${journey.server.url}/`);
      await fillLogin(page, DEMO_OWNER.email, DEMO_OWNER.password);
      await page.getByRole("heading", { name: "Two-factor sign-in" }).waitFor();
      await screenshot(page, `security-code-step-${name}`);
      await page.getByLabel("Code").fill(await nextStepCode(secret, enrolledAt));
      await page.getByRole("button", { name: "Verify" }).click();
      await waitForPath(page, "/merchant/dashboard");
      const token = (await page.evaluate(() => localStorage.getItem("token"))) as string;

      // Off again through the API, so the next viewport starts from the same demo owner.
      const off = await fetch(`${journey.server.url}/api/v1/user/two-factor/disable`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ password: DEMO_OWNER.password }),
      });
      expect(off.status).toBe(200);
      expect(problems).toEqual([]);
      await page.close();
    }
  }, 240_000);
});
