import { createHmac } from "node:crypto";
import { readFile } from "node:fs/promises";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { INTEGRATION_MESSAGES, MEMBER_CSV_FIELDS } from "@tessera/shared";
import { describe, expect, it } from "vitest";
import {
  horizontalOverflow,
  screenshot,
  seriousAxeViolations,
  viewports,
  waitForPath,
  watchConsole,
} from "./support/browser";
import { ready } from "./support/journey";
import { ownerJourney } from "./support/owner-journey";

/**
 * Integrations (issue 18), in a real browser against the built app: the demo owner creates an
 * API key from Profile → Integrations, copies it from the one-time dialog, the key reads the
 * shop's members and is refused a write, then the owner revokes it (the key answers 401); and
 * the owner exports the Active members list as CSV. Desktop and a 390 px phone in dark mode,
 * screenshots, axe.
 */

describe("integrations journeys (issue 18)", () => {
  // Private addresses allowed: the webhook journey's receiver listens on this machine.
  const journey = ownerJourney({
    env: { RATE_LIMIT_PER_MINUTE: "300", WEBHOOKS_ALLOW_PRIVATE: "true" },
    startupMs: 180_000,
    setUpMs: 240_000,
  });

  const call = (path: string, token: string, init: RequestInit = {}) =>
    fetch(`${journey.server.url}/api/v1${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    });

  const ownerPage = (
    viewport: { width: number; height: number },
    theme: "light" | "dark" = "light",
  ) => journey.ownerPage(viewport, { theme, clipboardOrigin: journey.server.url });

  it("creates an API key, copies it once, uses it read-only, then revokes it (desktop)", async () => {
    const page = await ownerPage(viewports.desktop);
    const problems = watchConsole(page);
    await page.goto(`${journey.server.url}/merchant/profile`);
    await page.getByRole("link", { name: "API keys" }).click();
    await waitForPath(page, "/merchant/profile/integrations");
    await page.getByRole("heading", { name: "Integrations" }).waitFor();
    await ready(page);
    await page.getByText("No API keys yet").waitFor();
    await screenshot(page, "integrations-empty-desktop");

    // An empty name is refused on the spot; then a read-only key named Website.
    await page.getByRole("button", { name: "Create key" }).click();
    await page.getByText(INTEGRATION_MESSAGES.keyNameRequired).waitFor();
    await page.getByLabel("Key name").fill("Website");
    await page.getByRole("button", { name: "Create key" }).click();
    const dialog = page.getByRole("dialog", { name: 'API key "Website" created' });
    await dialog.waitFor();
    const token = await dialog.getByLabel("Your new API key").inputValue();
    expect(token).toMatch(/^tsk_[A-Za-z0-9_-]{43}$/);
    await dialog.getByRole("button", { name: "Copy API key" }).click();
    await dialog.getByRole("button", { name: "Copied" }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    await screenshot(page, "integrations-key-created-desktop");
    await dialog.getByRole("button", { name: "Done" }).click();
    await dialog.waitFor({ state: "hidden" });
    const row = page.getByRole("row").filter({ hasText: "Website" });
    await row.getByText("Read-only").waitFor();
    await row.getByText(`${token.slice(0, 12)}…`).waitFor();
    expect(await page.getByText(token).count()).toBe(0);

    // The key reads the shop's members, and may not write.
    const read = await call("/member/get-all-members", token);
    expect(read.status).toBe(200);
    const listed = (await read.json()) as { total: number; members: { id: number }[] };
    expect(listed.total).toBeGreaterThan(0);
    const write = await call(`/member/update-member-status/${listed.members[0]?.id}`, token, {
      method: "PUT",
      body: JSON.stringify({ status: "disabled" }),
    });
    expect(write.status).toBe(403);
    expect(((await write.json()) as { message: string }).message).toBe(
      INTEGRATION_MESSAGES.keyReadOnly,
    );

    // Revoke, after the confirmation: the key stops at once.
    await page.reload();
    await row.getByText("Read-only").waitFor();
    await screenshot(page, "integrations-key-listed-desktop");
    await page.getByRole("button", { name: "Revoke Website" }).click();
    const confirm = page.getByRole("dialog", { name: 'Revoke "Website"?' });
    await confirm.waitFor();
    await screenshot(page, "integrations-revoke-confirm-desktop");
    await confirm.getByRole("button", { name: "Revoke" }).click();
    await page.getByText(INTEGRATION_MESSAGES.keyRevoked).first().waitFor();
    await page.getByText("No API keys yet").waitFor();
    expect((await call("/member/get-all-members", token)).status).toBe(401);
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);

  it("exports the Active members list as CSV with the import's columns (desktop)", async () => {
    const page = await ownerPage(viewports.desktop);
    await page.goto(`${journey.server.url}/merchant/members?filter=active`);
    await page.getByRole("heading", { name: "Members", exact: true }).waitFor();
    await ready(page);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^members_\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await readFile(await download.path(), "utf8");
    const lines = text
      .replace(/^\uFEFF/, "")
      .replace(/\r\n$/, "")
      .split("\r\n");
    expect(lines[0]).toBe(MEMBER_CSV_FIELDS.map((f) => f.label).join(","));
    const active = (await (
      await call("/member/get-all-members?active=true", journey.ownerToken)
    ).json()) as {
      total: number;
    };
    expect(lines.length - 1).toBe(active.total);
    await page.getByText("Members exported.").waitFor();
    await screenshot(page, "integrations-members-exported-desktop");
    await page.close();
  }, 60_000);

  it("works on a 390 px phone in dark mode, with no serious accessibility problems", async () => {
    const findings: string[] = [];
    for (const theme of ["light", "dark"] as const) {
      const page = await ownerPage({ width: 390, height: 844 }, theme);
      await page.goto(`${journey.server.url}/merchant/profile/integrations`);
      await page.getByRole("heading", { name: "Integrations" }).waitFor();
      await ready(page);
      if (theme === "dark") {
        await page.getByLabel("Key name").fill("POS");
        await page.getByLabel("Access").selectOption("read_write");
        await page.getByRole("button", { name: "Create key" }).click();
        const dialog = page.getByRole("dialog", { name: 'API key "POS" created' });
        await dialog.waitFor();
        findings.push(...(await seriousAxeViolations(page, `key dialog phone ${theme}:`)));
        await screenshot(page, `integrations-key-created-phone-${theme}`);
        await dialog.getByRole("button", { name: "Done" }).click();
        await page.getByRole("row").filter({ hasText: "POS" }).getByText("Read-write").waitFor();
      }
      findings.push(...(await seriousAxeViolations(page, `integrations phone ${theme}:`)));
      await screenshot(page, `integrations-phone-${theme}`);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await page.close();
    }
    expect(findings).toEqual([]);
  }, 120_000);

  it("adds a webhook endpoint, sends a test event and sees it delivered in the log", async () => {
    // The shop's own system: a receiver on this machine that checks each signature.
    const received: { headers: IncomingHttpHeaders; body: string }[] = [];
    const receiver = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => {
        body += chunk;
      });
      req.on("end", () => {
        received.push({ headers: req.headers, body });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/tessera`;
    try {
      const page = await ownerPage(viewports.desktop);
      const problems = watchConsole(page);
      await page.goto(`${journey.server.url}/merchant/profile/integrations`);
      await page.getByRole("heading", { name: "Webhooks" }).waitFor();
      await ready(page);
      await page.getByText("No webhook endpoints yet").waitFor();
      await page.getByRole("button", { name: "Add endpoint" }).click();
      const form = page.getByRole("dialog", { name: "Add a webhook endpoint" });
      await form.getByLabel("Endpoint URL").fill(hookUrl);
      await form.getByLabel("Description (optional)").fill("Till system");
      await form.getByRole("checkbox", { name: /member\.created/ }).check();
      await form.getByRole("checkbox", { name: /offer\.purchased/ }).check();
      await screenshot(page, "integrations-webhook-form-desktop");
      await form.getByRole("button", { name: "Add endpoint" }).click();
      const shown = page.getByRole("dialog", { name: "Endpoint added" });
      const secret = await shown.getByRole("textbox", { name: "Signing secret" }).inputValue();
      expect(secret).toMatch(/^whsec_/);
      await shown.getByRole("button", { name: "Done" }).click();
      await shown.waitFor({ state: "hidden" });
      await page.getByText("No deliveries yet").waitFor();

      await page.getByRole("button", { name: "Send test event" }).click();
      const row = page.getByRole("row").filter({ hasText: "webhook.test" });
      await row.getByText("Delivered").waitFor({ timeout: 20_000 });
      await row.getByText("204").waitFor();
      await screenshot(page, "integrations-webhook-delivered-desktop");

      // What arrived is signed with the endpoint's secret (Standard Webhooks).
      expect(received).toHaveLength(1);
      const got = received[0] as (typeof received)[number];
      const signed = `${got.headers["webhook-id"]}.${got.headers["webhook-timestamp"]}.${got.body}`;
      const key = Buffer.from(secret.slice("whsec_".length), "base64");
      const expected = createHmac("sha256", key).update(signed).digest("base64");
      expect(String(got.headers["webhook-signature"]).split(" ")).toContain(`v1,${expected}`);
      expect(JSON.parse(got.body)).toMatchObject({ type: "webhook.test" });
      expect(problems).toEqual([]);
      await page.close();

      // The same log on a 390 px phone in dark mode.
      const phone = await ownerPage({ width: 390, height: 844 }, "dark");
      await phone.goto(`${journey.server.url}/merchant/profile/integrations`);
      await ready(phone);
      await phone.getByRole("button", { name: `Manage ${hookUrl}` }).click();
      await phone
        .getByRole("row")
        .filter({ hasText: "webhook.test" })
        .getByText("Delivered")
        .waitFor();
      await phone.getByRole("heading", { name: "Delivery log" }).scrollIntoViewIfNeeded();
      expect(await seriousAxeViolations(phone, "webhooks phone dark:")).toEqual([]);
      await screenshot(phone, "integrations-webhook-log-phone-dark");
      expect(await horizontalOverflow(phone)).toBeLessThanOrEqual(0);
      await phone.close();
    } finally {
      receiver.closeAllConnections();
      await new Promise((resolve) => receiver.close(resolve));
    }
  }, 120_000);
});
