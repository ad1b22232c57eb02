import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { fillLogin, openPage, viewports, waitForPath, watchConsole } from "./browser";
import type { RunningServer } from "./server";

/** The seeded demo shop's people (apps/api/src/db/seed.ts). */
export const DEMO_OWNER = {
  email: "owner@demo-shop.test",
  password: "Demo@1234",
  firstName: "Dana",
};
export const DEMO_STAFF = {
  email: "staff@demo-shop.test",
  password: "Demo@1234",
  firstName: "Sam",
};

export type SavedSession = Awaited<ReturnType<BrowserContext["storageState"]>>;

export type Size = keyof typeof viewports;
export const viewportEntries = Object.entries(viewports) as [Size, (typeof viewports)[Size]][];

/** Waits until `read` meets the expectation that follows, checking every 100 ms. */
export function poll<T>(read: () => T | Promise<T>, timeout = 10_000) {
  return expect.poll(read, { timeout, interval: 100 });
}

/** Nothing on the page is loading (queries mark their region aria-busy). */
export async function ready(page: Page, timeout = 10_000) {
  await poll(() => page.locator('[aria-busy="true"]').count(), timeout).toBe(0);
}

/** Tells this run's names and addresses from an earlier run's on the same data. */
export const runId = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
let emailCount = 0;
/** An address no other run or journey has used. */
export function uniqueEmail(who: string, domain = "e2e.test"): string {
  emailCount += 1;
  return `${who}-${runId}-${emailCount}@${domain}`;
}

/** Console errors and page errors, except the browser's line for statuses a step expects. */
export function unexpectedProblems(page: Page, expectedStatuses: number[] = []) {
  const problems = watchConsole(page);
  return () =>
    problems.filter(
      (problem) =>
        !expectedStatuses.some((status) =>
          problem.includes(`the server responded with a status of ${status}`),
        ),
    );
}

/** Calls the API as `token` (when given); a JSON body is sent as such. Throws on a refusal. */
export async function callApi<T>(
  baseUrl: string,
  path: string,
  init: RequestInit & { token?: string } = {},
): Promise<T> {
  const { token, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (token) headers.set("authorization", `Bearer ${token}`);
  if (typeof rest.body === "string") headers.set("content-type", "application/json");
  const res = await fetch(`${baseUrl}/api/v1${path}`, { ...rest, headers });
  const body = (await res.json()) as T & { message?: string };
  if (!res.ok) throw new Error(`${path}: ${res.status} ${body.message}`);
  return body;
}

/** Signs a merchant (the demo owner unless told) in through the page; returns the token. */
export async function signInMerchant(
  page: Page,
  baseUrl: string,
  who: { email: string; password: string } = DEMO_OWNER,
) {
  await page.goto(`${baseUrl}/`);
  await fillLogin(page, who.email, who.password);
  await waitForPath(page, "/merchant/dashboard");
  return (await page.evaluate(() => localStorage.getItem("token"))) as string;
}

/** The demo owner signed in once: the browser state later pages start from, and the token. */
export async function ownerSession(browser: Browser, baseUrl: string) {
  const page = await openPage(browser, viewports.desktop);
  const token = await signInMerchant(page, baseUrl);
  const state: SavedSession = await page.context().storageState();
  await page.close();
  return { state, token };
}

/**
 * A page of its own context that starts from a saved session, in the theme asked for (the app's
 * own choice when none), motion reduced unless `motion` keeps it. Closing it closes the context.
 */
export async function sessionPage(
  browser: Browser,
  state: SavedSession,
  viewport: { width: number; height: number },
  options: {
    theme?: "light" | "dark";
    timeout?: number;
    clipboardOrigin?: string;
    motion?: boolean;
  } = {},
) {
  const context = await browser.newContext({
    viewport,
    storageState: state,
    acceptDownloads: true,
    reducedMotion: options.motion ? "no-preference" : "reduce",
  });
  if (options.clipboardOrigin) {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], {
      origin: options.clipboardOrigin,
    });
  }
  const page = await context.newPage();
  if (options.theme) {
    await page.addInitScript((saved) => localStorage.setItem("theme", saved), options.theme);
  }
  page.setDefaultTimeout(options.timeout ?? 15_000);
  page.on("close", () => {
    void context.close().catch(() => undefined);
  });
  return page;
}

/** Waits for a dialog's (or toast's) animations to finish, so screenshots are not mid-way. */
export async function settled(locator: Locator) {
  await locator.evaluate((el) =>
    Promise.all(el.getAnimations().map((animation) => animation.finished)).catch(() => undefined),
  );
}

/** Waits for the dialog named `name` to open and finish its animation, and returns it. */
export async function openedDialog(page: Page, name: string | RegExp) {
  const dialog = page.getByRole("dialog", { name });
  await dialog.waitFor();
  await settled(dialog);
  return dialog;
}

/** A link of the merchant sidebar (the "Main" navigation). */
export function sidebarLink(page: Page, name: string, options: { exact?: boolean } = {}) {
  return page.getByRole("navigation", { name: "Main" }).getByRole("link", { name, ...options });
}

/** The header's notification bell (merchant and customer areas). */
export function notificationBell(page: Page) {
  return page.getByRole("banner").getByRole("button", { name: /^Notifications/ });
}

/**
 * Resolves when the page's notification socket is in its room: the server's acknowledgement of
 * `connectUser` (a socket.io ack frame, "43…", naming the room). Call it before the page loads.
 */
export function roomJoined(page: Page, timeout = 15_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error("the notification socket joined no room")),
      timeout,
    );
    page.on("websocket", (socket) => {
      socket.on("framereceived", ({ payload }) => {
        const frame = String(payload);
        if (!frame.startsWith("43") || !frame.includes('"room"')) return;
        clearTimeout(timer);
        resolve();
      });
    });
  });
}

/** The unread count the bell's label gives ("Notifications, 3 unread"); 0 when it gives none. */
export async function unreadOnBell(page: Page): Promise<number> {
  const name = (await notificationBell(page).getAttribute("aria-label")) ?? "";
  return Number(/, (\d+) unread/.exec(name)?.[1] ?? 0);
}

/** Waits for the toast that says `text`: the only one, or the first of several when told. */
export async function seeToast(
  page: Page,
  text: string | RegExp,
  which: "only" | "first" = "only",
) {
  const toasts = page.getByRole("alert").filter({ hasText: text });
  const toast = which === "first" ? toasts.first() : toasts;
  await toast.waitFor();
  await settled(toast);
}

/** Closes every toast on the page and waits until none is left. */
export async function dismissToasts(page: Page) {
  const close = page.getByRole("alert").getByRole("button", { name: "close" });
  for (let i = await close.count(); i > 0; i -= 1) {
    await close
      .first()
      .click({ timeout: 2000 })
      .catch(() => undefined);
  }
  await poll(() => page.getByRole("alert").count()).toBe(0);
}

/** Closes a journey's browser, then stops its server (either may not have started). */
export async function endJourney(browser?: Browser, server?: RunningServer) {
  await browser?.close();
  await server?.stop();
}
