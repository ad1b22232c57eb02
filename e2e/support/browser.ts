import { existsSync, mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import AxeBuilder from "@axe-core/playwright";
import { type Browser, type ConsoleMessage, chromium, type Page } from "playwright-core";

/** Chromium from CHROMIUM_PATH, else Debian's /usr/bin/chromium; never a downloaded browser. */
export function chromiumPath(): string {
  const candidate = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
  if (!existsSync(candidate)) {
    throw new Error(
      `Chromium was not found at ${candidate}. Install it with \`apt-get install -y chromium\` ` +
        "(Debian) or point CHROMIUM_PATH at a Chromium binary.",
    );
  }
  return candidate;
}

/** `extraArgs`: more Chromium switches, e.g. a fake camera fed from a file. */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      ...extraArgs,
    ],
  });
}

export const screenshotDir = resolve(
  fileURLToPath(new URL(".", import.meta.url)),
  "../screenshots",
);

export async function screenshot(page: Page, name: string) {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true });
}

/** A page in its own context (fresh storage), as axe-core requires. Closing it closes both. */
export async function openPage(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.on("close", () => {
    void context.close().catch(() => undefined);
  });
  return page;
}

export const viewports = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 375, height: 812 },
} as const;

/** Collects console errors and CSP violations so a test can assert the page ran cleanly. */
export function watchConsole(page: Page) {
  const problems: string[] = [];
  page.on("console", (message: ConsoleMessage) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  return problems;
}

/** Waits until the page's path (not its query) is `expected`. */
export async function waitForPath(page: Page, expected: string) {
  await page.waitForURL((url) => url.pathname === expected);
}

/** How many pixels the page is wider than its window: above 0, it scrolls sideways. */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

/** axe's serious and critical findings on the page as it is, each with where it was found. */
export async function seriousAxeViolations(page: Page, where: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${where} ${v.id}: ${v.help} — ${v.nodes
          .map((n) => `${n.target.join(" ")} (${n.any[0]?.message ?? n.failureSummary})`)
          .join(", ")}`,
    );
}

/** Fills the log-in form on the page (merchant or a shop's customer form) and sends it. */
export async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
}
