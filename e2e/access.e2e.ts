import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  fillLogin,
  launchBrowser,
  openPage,
  screenshot,
  viewports,
  waitForPath,
} from "./support/browser";
import { DEMO_SHOP } from "./support/customers";
import {
  DEMO_OWNER,
  runId,
  seeToast,
  unexpectedProblems,
  uniqueEmail,
  viewportEntries,
} from "./support/journey";
import { linkIn, waitForMail } from "./support/mailbox";
import { type RunningServer, startServer } from "./support/server";

/**
 * Issue 3 acceptance: the access journeys of spec §2/§4/§8 in a real browser against the built
 * app — merchant sign-up to shop, customer sign-up to dashboard, password reset, unknown shops —
 * on desktop and phone, with screenshots, plus axe-core on the access pages in both themes.
 */

/** The password the journeys sign merchants and customers up with. */
const PASSWORD = "Tessera@2025";
const NEW_PASSWORD = "Renewed@2026";

function path(page: Page): string {
  return new URL(page.url()).pathname;
}

/** The message shown under a field, read through its aria-describedby like a screen reader. */
async function fieldMessage(page: Page, label: string): Promise<string | null> {
  const input = page.getByLabel(label, { exact: true });
  if ((await input.getAttribute("aria-invalid")) !== "true") return null;
  const ids = (await input.getAttribute("aria-describedby"))?.split(/\s+/) ?? [];
  const texts = await Promise.all(
    ids.map((id) => page.locator(`[id="${id}"]`).textContent({ timeout: 1000 })),
  );
  return texts.join(" ").trim();
}

async function fillSignUp(
  page: Page,
  person: { firstName: string; lastName: string; email: string; password: string },
) {
  await page.getByLabel("First Name").fill(person.firstName);
  await page.getByLabel("Last Name").fill(person.lastName);
  await page.getByLabel("E-mail").fill(person.email);
  await page.getByLabel("Password", { exact: true }).fill(person.password);
  await page.getByLabel("Re-type Password").fill(person.password);
  await page.getByRole("button", { name: "Create an Account" }).click();
}

/** Follows the not-found page's link home, which leads to the merchant login. */
async function followWayHome(page: Page, link: string) {
  await page.getByRole("link", { name: link }).click();
  await waitForPath(page, "/");
  await page.getByRole("heading", { name: "Log in to your account" }).waitFor();
}

async function expectNoSeriousAxeViolations(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  const serious = result.violations.filter(
    (v) => v.impact === "serious" || v.impact === "critical",
  );
  expect(
    serious.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}

/** True once the image has loaded and has pixels (a broken upload URL gives 0). */
function imageLoaded(page: Page, selector: string) {
  return page
    .locator(selector)
    .first()
    .evaluate((img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0);
}

describe("access journeys (issue 3)", () => {
  let server: RunningServer;
  let browser: Browser;
  let imageDir: string;
  let logoFile: string;
  let bannerFile: string;

  /** A merchant account created through the API, the way the sign-up form does it. */
  async function signUpMerchantByApi(who: string) {
    const person = {
      firstName: "Rosa",
      lastName: "Reset",
      email: uniqueEmail(who),
      password: PASSWORD,
    };
    const res = await fetch(`${server.url}/api/v1/auth/sign-up`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        firstName: person.firstName,
        lastName: person.lastName,
        email: person.email,
        password: person.password,
      }),
    });
    expect(res.status).toBe(201);
    return person;
  }

  /** Follows the verification link of the captured e-mail, as a mail client would. */
  async function verifyByMail(email: string) {
    const mail = await waitForMail(server.url, email, /^Verify your email/);
    const res = await fetch(linkIn(mail, "/api/v1/auth/verify-email"), { redirect: "manual" });
    expect(res.headers.get("location")).toBe("/email-verified");
  }

  beforeAll(async () => {
    server = await startServer({
      // Every journey comes from 127.0.0.1 within the same minute; the limits themselves are
      // covered by the API integration tests.
      env: { RATE_LIMIT_PER_MINUTE: "100" },
    });
    browser = await launchBrowser();

    // Real images, made here: a square PNG logo and a 2048 × 1152 JPEG banner (spec §5 advice).
    imageDir = mkdtempSync(join(tmpdir(), "tessera-e2e-images-"));
    logoFile = join(imageDir, "logo.png");
    bannerFile = join(imageDir, "banner.jpg");
    const logoSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">
      <rect width="400" height="400" rx="72" fill="#6d28d9"/>
      <circle cx="200" cy="200" r="120" fill="#fde68a"/>
      <rect x="150" y="150" width="100" height="100" rx="22" fill="#6d28d9"/></svg>`;
    await sharp(Buffer.from(logoSvg)).png().toFile(logoFile);
    const bannerSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="2048" height="1152">
      <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="#4c1d95"/><stop offset="1" stop-color="#f59e0b"/>
      </linearGradient></defs>
      <rect width="2048" height="1152" fill="url(#g)"/>
      <circle cx="1600" cy="300" r="220" fill="#fde68a" fill-opacity="0.7"/>
      <circle cx="500" cy="900" r="320" fill="#ffffff" fill-opacity="0.15"/></svg>`;
    await sharp(Buffer.from(bannerSvg)).jpeg({ quality: 82 }).toFile(bannerFile);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (imageDir) rmSync(imageDir, { recursive: true, force: true });
  });

  for (const [size, viewport] of viewportEntries) {
    it(`a merchant signs up, verifies by e-mail, logs in and creates a shop (${size})`, async () => {
      const person = {
        firstName: "Mara",
        lastName: size === "desktop" ? "Desk" : "Phone",
        email: uniqueEmail(`merchant-${size}`),
        password: PASSWORD,
      };
      const shopName = `Mara's ${size === "desktop" ? "Bakery" : "Books"} ${runId}`;

      // Sign up at /register: the toast, then the verify-e-mail page with the address.
      const page = await openPage(browser, viewport);
      const problems = unexpectedProblems(page);
      await page.goto(`${server.url}/register`);
      await page.getByRole("heading", { name: "Create your account" }).waitFor();
      await screenshot(page, `access-merchant-register-${size}`);
      await fillSignUp(page, person);
      await seeToast(page, "Account created successfully!");
      await waitForPath(page, "/verify-email");
      expect(new URL(page.url()).searchParams.get("email")).toBe(person.email);
      await page.getByRole("heading", { name: "Verify your e-mail" }).waitFor();
      expect(await page.getByText(person.email).isVisible()).toBe(true);
      expect(await page.getByRole("button", { name: /resend/i }).isEnabled()).toBe(true);
      await screenshot(page, `access-merchant-verify-email-${size}`);
      expect(problems()).toEqual([]);
      await page.close();

      // The link from the captured e-mail, opened in another browser (the mail app's).
      const mail = await waitForMail(server.url, person.email, /^Verify your email for Tessera$/);
      expect(mail.text).toContain(person.firstName);
      const mailPage = await openPage(browser, viewport);
      const mailProblems = unexpectedProblems(mailPage);
      await mailPage.goto(linkIn(mail, "/api/v1/auth/verify-email"));
      await waitForPath(mailPage, "/email-verified");
      await mailPage.getByRole("heading", { name: "Verified!" }).waitFor();
      await screenshot(mailPage, `access-merchant-email-verified-${size}`);

      // Login → /, then the form; with no shop yet the landing is /create-shop (spec §4).
      await mailPage.getByRole("link", { name: "Login" }).click();
      await waitForPath(mailPage, "/");
      await mailPage.getByRole("heading", { name: "Log in to your account" }).waitFor();
      await fillLogin(mailPage, person.email, person.password);
      await waitForPath(mailPage, "/create-shop");
      await mailPage.getByRole("heading", { name: "Create your shop" }).waitFor();
      await mailPage.getByText(`Welcome, ${person.firstName}.`).waitFor();

      // Create the shop with a real logo and banner.
      await mailPage.getByLabel("Shop Name").fill(shopName);
      await mailPage.getByLabel("Industry").selectOption("Hospitality");
      await mailPage.getByLabel("Company Logo").setInputFiles(logoFile);
      await mailPage.getByLabel("Company Banner").setInputFiles(bannerFile);
      await mailPage.getByRole("img", { name: "Preview of logo.png" }).waitFor();
      await mailPage.getByRole("img", { name: "Preview of banner.jpg" }).waitFor();
      await screenshot(mailPage, `access-merchant-create-shop-${size}`);
      await mailPage.getByRole("button", { name: "Create Shop" }).click();

      // Spec §4: create shop → /merchant/profile, showing who they are, in their shop's shell.
      await waitForPath(mailPage, "/merchant/profile");
      await seeToast(mailPage, "Shop created successfully");
      await mailPage.getByRole("heading", { name: "Profile" }).waitFor();
      const fullName = `${person.firstName} ${person.lastName}`;
      await mailPage.getByText(fullName).first().waitFor();
      expect(await mailPage.getByText(person.email).first().isVisible()).toBe(true);
      expect(await mailPage.getByText("Owner", { exact: true }).isVisible()).toBe(true);
      expect(await mailPage.getByText(shopName).first().isVisible()).toBe(true);
      await expect.poll(() => imageLoaded(mailPage, "header img")).toBe(true);
      await screenshot(mailPage, `access-merchant-profile-${size}`);

      // The new shop's own customer login is branded with its name, logo and banner.
      await mailPage.goto(`${server.url}/merchant/dashboard`);
      const storefront = mailPage.getByRole("link", { name: /^Open storefront/ });
      await storefront.waitFor();
      const shopPath = await storefront.getAttribute("href");
      expect(shopPath).toMatch(/^\/\d+$/);
      await mailPage.goto(`${server.url}${shopPath}/login`);
      await mailPage.getByText(`Log in to ${shopName} to see your membership`).waitFor();
      if (size === "desktop") {
        await expect.poll(() => imageLoaded(mailPage, "aside img")).toBe(true);
      }
      await screenshot(mailPage, `access-merchant-new-shop-login-${size}`);
      expect(mailProblems()).toEqual([]);
      await mailPage.close();
    });

    it(`a customer signs up on the shop, verifies, logs in and reaches the dashboard (${size})`, async () => {
      const person = {
        firstName: "Cleo",
        lastName: size === "desktop" ? "Desk" : "Phone",
        email: uniqueEmail(`customer-${size}`),
        password: PASSWORD,
      };

      const page = await openPage(browser, viewport);
      const problems = unexpectedProblems(page);
      await page.goto(`${server.url}/${DEMO_SHOP.id}/register`);
      await page.getByRole("heading", { name: `Join ${DEMO_SHOP.name}` }).waitFor();
      await screenshot(page, `access-customer-register-${size}`);
      await fillSignUp(page, person);
      await seeToast(page, "Account created successfully!");
      await waitForPath(page, `/${DEMO_SHOP.id}/verify-email`);
      await page.getByRole("heading", { name: "Verify your e-mail" }).waitFor();
      expect(await page.getByText(person.email).isVisible()).toBe(true);
      expect(await page.getByRole("link", { name: "Back to login" }).getAttribute("href")).toBe(
        `/${DEMO_SHOP.id}/login`,
      );
      await screenshot(page, `access-customer-verify-email-${size}`);
      expect(problems()).toEqual([]);
      await page.close();

      // The shop-branded e-mail's link verifies and lands on the shop's login with a notice.
      const mail = await waitForMail(
        server.url,
        person.email,
        new RegExp(`^Verify your email for ${DEMO_SHOP.name}`),
      );
      const loginPage = await openPage(browser, viewport);
      const loginProblems = unexpectedProblems(loginPage);
      await loginPage.goto(linkIn(mail, "/api/v1/auth/verify-email"));
      await waitForPath(loginPage, `/${DEMO_SHOP.id}/login`);
      await seeToast(loginPage, "Your email is verified. You can log in now.");
      await loginPage.getByRole("heading", { name: "Log in", exact: true }).waitFor();
      await loginPage.getByText(`Log in to ${DEMO_SHOP.name}`).waitFor();
      await screenshot(loginPage, `access-customer-login-${size}`);
      // Read, then closed, as a person would before logging in.
      const verifiedToast = loginPage
        .getByRole("alert")
        .filter({ hasText: "Your email is verified." });
      await verifiedToast.getByRole("button", { name: "close" }).click();
      await verifiedToast.waitFor({ state: "hidden" });

      await fillLogin(loginPage, person.email, person.password);
      await waitForPath(loginPage, `/${DEMO_SHOP.id}/customer/dashboard`);
      await loginPage.getByRole("heading", { name: "Dashboard" }).waitFor();
      await loginPage
        .getByText(`Your membership, offers and cashback at ${DEMO_SHOP.name}`)
        .waitFor();
      expect(
        await loginPage.getByRole("link", { name: DEMO_SHOP.name, exact: true }).isVisible(),
      ).toBe(true);
      expect(await loginPage.title()).toContain(DEMO_SHOP.name);
      await screenshot(loginPage, `access-customer-dashboard-${size}`);
      expect(loginProblems()).toEqual([]);
      await loginPage.close();
    });

    it(`forgot password → e-mail → reset → log in with the new password (${size})`, async () => {
      const person = await signUpMerchantByApi(`reset-${size}`);
      const page = await openPage(browser, viewport);
      // The reused link's token check is a 400; the old password a 401.
      const problems = unexpectedProblems(page, [400, 401]);

      await page.goto(`${server.url}/`);
      await page.getByRole("link", { name: "Forgot Password" }).click();
      await waitForPath(page, "/pass/forgot-password");
      await page.getByRole("heading", { name: "Forgot your password?" }).waitFor();
      await page
        .getByText("Enter your email, and we'll send you a password reset link to your inbox.")
        .waitFor();
      await page.getByLabel("E-mail").fill(person.email);
      await page.getByRole("button", { name: "Send reset link" }).click();
      await page.getByRole("heading", { name: "Check your inbox" }).waitFor();
      await page
        .getByText(
          `We have sent an email to reset your password! Please check your inbox at ${person.email}`,
        )
        .waitFor();
      await screenshot(page, `access-reset-inbox-${size}`);

      const mail = await waitForMail(server.url, person.email, /^Reset your Tessera password$/);
      const link = linkIn(mail, "/pass/reset-password");
      expect(new URL(link).searchParams.get("email")).toBe(person.email);
      expect(new URL(link).searchParams.get("token")).toBeTruthy();

      await page.goto(link);
      await page.getByRole("heading", { name: "Set a new password" }).waitFor();
      expect(await page.getByText(person.email).isVisible()).toBe(true);
      await page.getByLabel("New Password").fill(NEW_PASSWORD);
      await page.getByLabel("Re-type Password").fill(NEW_PASSWORD);
      await screenshot(page, `access-reset-form-${size}`);
      await page.getByRole("button", { name: "Set new Password" }).click();
      await seeToast(page, "Your password has been reset. You can log in now.");
      await waitForPath(page, "/");

      // Spec §2/§4: the same link again is spent: "Invalid or expired token." and back to /.
      await page.goto(link);
      await seeToast(page, "Invalid or expired token.");
      await waitForPath(page, "/");
      await page.getByRole("button", { name: "Log in" }).waitFor();
      await screenshot(page, `access-reset-link-reused-${size}`);

      // The old password no longer works: the server's message on the password field.
      await fillLogin(page, person.email, PASSWORD);
      await page.getByText("Invalid email or password").waitFor();
      expect(await fieldMessage(page, "Password")).toBe("Invalid email or password");
      await screenshot(page, `access-login-wrong-password-${size}`);
      // Editing the field clears its error (spec §4).
      await page.getByLabel("Password", { exact: true }).fill(NEW_PASSWORD);
      await expect.poll(() => page.getByText("Invalid email or password").count()).toBe(0);

      await page.getByRole("button", { name: "Log in" }).click();
      await waitForPath(page, "/create-shop");
      await page.getByRole("heading", { name: "Create your shop" }).waitFor();
      // The reset link proved the address, so the form (not the verify notice) shows.
      await page.getByLabel("Shop Name").waitFor();
      expect(problems()).toEqual([]);
      await page.close();
    });
  }

  it("an unknown shop shows Store Not Found with a way home", async () => {
    for (const route of ["/99999", "/99999/login"]) {
      for (const [size, viewport] of viewportEntries) {
        const page = await openPage(browser, viewport);
        const problems = unexpectedProblems(page, [404]);
        await page.goto(`${server.url}${route}`);
        await page.getByRole("heading", { name: "Store Not Found" }).waitFor();
        expect(
          await page.getByText("This store does not exist, or the link is incorrect.").isVisible(),
        ).toBe(true);
        expect(path(page)).toBe(route);
        const label = route === "/99999" ? "storefront" : "login";
        await screenshot(page, `access-store-not-found-${label}-${size}`);
        await followWayHome(page, "Go to Homepage");
        expect(problems()).toEqual([]);
        await page.close();
      }
    }
  });

  it("a path that matches no route shows the generic not-found page, light or dark", async () => {
    for (const theme of ["light", "dark"] as const) {
      for (const [size, viewport] of viewportEntries) {
        const page = await openPage(browser, viewport);
        const problems = unexpectedProblems(page);
        await page.addInitScript((saved) => localStorage.setItem("theme", saved), theme);
        for (const route of ["/this/does/not/exist", `/${DEMO_SHOP.id}/nowhere`]) {
          await page.goto(`${server.url}${route}`);
          await page.getByRole("heading", { name: "Page not found" }).waitFor();
          expect(await page.getByRole("heading", { name: "Store Not Found" }).count()).toBe(0);
        }
        await expectNoSeriousAxeViolations(page);
        await screenshot(page, `access-not-found-${size}-${theme}`);
        await followWayHome(page, "Go Home");
        expect(problems()).toEqual([]);
        await page.close();
      }
    }
  });

  it("the shop's owner logging in on the customer login lands in the merchant dashboard", async () => {
    const page = await openPage(browser, viewports.desktop);
    const problems = unexpectedProblems(page);
    await page.goto(`${server.url}/${DEMO_SHOP.id}/login`);
    await page.getByText(`Log in to ${DEMO_SHOP.name}`).waitFor();
    await fillLogin(page, DEMO_OWNER.email, DEMO_OWNER.password);
    await waitForPath(page, "/merchant/dashboard");
    await page.getByRole("heading", { name: `Welcome back, ${DEMO_OWNER.firstName}` }).waitFor();
    await page.getByText(`Here is where ${DEMO_SHOP.name} stands.`).waitFor();
    await screenshot(page, "access-owner-on-customer-login-dashboard-desktop");
    await page.setViewportSize(viewports.phone);
    await page.getByRole("button", { name: "Open menu" }).waitFor();
    await screenshot(page, "access-owner-on-customer-login-dashboard-phone");
    expect(problems()).toEqual([]);
    await page.close();
  });

  it("a wrong password shows the server's message on the password field", async () => {
    for (const [size, viewport] of viewportEntries) {
      const page = await openPage(browser, viewport);
      const problems = unexpectedProblems(page, [401]);
      await page.goto(`${server.url}/`);
      await fillLogin(page, DEMO_OWNER.email, "Wrong@1234");
      await page.getByText("Invalid email or password").waitFor();
      expect(await fieldMessage(page, "Password")).toBe("Invalid email or password");
      expect(await fieldMessage(page, "E-mail")).toBeNull();
      expect(path(page)).toBe("/");
      await screenshot(page, `access-login-wrong-password-owner-${size}`);
      expect(problems()).toEqual([]);
      await page.close();
    }
  });

  // Every page in both themes and every size, each with an axe scan: minutes, not seconds.
  it("the access pages have no serious accessibility problems, light or dark", async () => {
    const merchant = await signUpMerchantByApi("axe");
    await verifyByMail(merchant.email);

    for (const theme of ["light", "dark"] as const) {
      for (const [size, viewport] of viewportEntries) {
        const page = await openPage(browser, viewport);
        const problems = unexpectedProblems(page);
        await page.addInitScript((saved) => localStorage.setItem("theme", saved), theme);
        const themeOf = () =>
          page.evaluate(() => document.documentElement.getAttribute("data-theme"));

        await page.goto(`${server.url}/register`);
        await page.getByRole("heading", { name: "Create your account" }).waitFor();
        expect(await themeOf()).toBe(theme);
        await expectNoSeriousAxeViolations(page);
        await screenshot(page, `access-axe-register-${size}-${theme}`);

        await page.goto(`${server.url}/${DEMO_SHOP.id}/login`);
        await page.getByText(`Log in to ${DEMO_SHOP.name}`).waitFor();
        expect(await themeOf()).toBe(theme);
        await expectNoSeriousAxeViolations(page);
        await screenshot(page, `access-axe-customer-login-${size}-${theme}`);

        await page.goto(`${server.url}/`);
        await page.getByRole("heading", { name: "Log in to your account" }).waitFor();
        expect(await themeOf()).toBe(theme);
        await expectNoSeriousAxeViolations(page);

        await fillLogin(page, merchant.email, merchant.password);
        await waitForPath(page, "/create-shop");
        await page.getByLabel("Shop Name").waitFor();
        expect(await themeOf()).toBe(theme);
        await expectNoSeriousAxeViolations(page);
        await screenshot(page, `access-axe-create-shop-${size}-${theme}`);
        expect(problems()).toEqual([]);
        await page.close();
      }
    }
  }, 240_000);
});
