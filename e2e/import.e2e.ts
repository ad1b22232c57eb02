import { MEMBER_CSV_FIELDS, MEMBER_IMPORT_MESSAGES } from "@tessera/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { horizontalOverflow, screenshot, seriousAxeViolations, viewports } from "./support/browser";
import { poll, ready } from "./support/journey";
import { ownerJourney } from "./support/owner-journey";

/**
 * Member import (issue 18), in a real browser against the built app: the demo owner imports a
 * CSV with 3 bad rows from the Members screen, the dry run shows them, the owner uploads the
 * corrected file and imports it with the progress bar, and the members list shows the new
 * members. Desktop, then a 390 px phone in light and dark mode, with screenshots and axe.
 */

const HEADER = MEMBER_CSV_FIELDS.map((f) => f.label).join(",");

/** An import of many rows takes its time on a busy machine. */
const SLOW = 20_000;

describe("member import journey (issue 18)", () => {
  const journey = ownerJourney({
    env: { RATE_LIMIT_PER_MINUTE: "300" },
    startupMs: 180_000,
    setUpMs: 240_000,
  });
  let tier: { name: string; renewal: string };
  const tag = Date.now().toString(36);

  const ownerPage = (
    viewport: { width: number; height: number },
    theme: "light" | "dark" = "light",
  ) => journey.ownerPage(viewport, { theme, timeout: SLOW });

  function file(rows: string[][], name: string) {
    const text = `${[HEADER, ...rows.map((r) => r.join(","))].join("\r\n")}\r\n`;
    return { name, mimeType: "text/csv", buffer: Buffer.from(text) };
  }

  const good = (i: number) => [
    `Imported${i}`,
    `Member ${tag}`,
    `import.${tag}.${i}@example.com`,
    "+442079460958",
    tier.name,
    tier.renewal,
    "2026-01-15",
    "",
    "cash",
    "5.00",
    "2025-12-01",
  ];

  beforeAll(async () => {
    const { memberships } = await journey.api<{
      memberships: { name: string; renewal: string }[];
    }>("/memberships/get-all-memberships?active=true");
    tier = { name: memberships[0]?.name ?? "", renewal: memberships[0]?.renewal ?? "monthly" };
  });

  it("imports a file with 3 bad rows after fixing it, with the progress bar (desktop)", async () => {
    const page = await ownerPage(viewports.desktop);
    await page.goto(`${journey.server.url}/merchant/members`);
    await page.getByRole("heading", { name: "Members", exact: true }).waitFor();
    await page.getByRole("link", { name: "Import" }).click();
    await page.getByRole("heading", { name: "Import members" }).waitFor();
    await screenshot(page, "import-choose-file-desktop");

    const bad = [
      good(1),
      good(2),
      ["Bad", "Email", "not-an-email", "", "", "", "", "", "", "", ""],
      [...good(3).slice(0, 4), "No Such Tier", ...good(3).slice(5)],
      [...good(4).slice(0, 9), "-3.00", good(4)[10] ?? ""],
    ];
    await page
      .getByLabel("CSV file", { exact: true })
      .setInputFiles(file(bad, "members-with-errors.csv"));
    await page.getByText("Match the columns").waitFor();
    await expect(page.getByLabel("Field for column Email").inputValue()).resolves.toBe("email");
    await screenshot(page, "import-mapping-desktop");
    await page.getByRole("button", { name: "Check rows (dry run)" }).click();
    await page.getByText(MEMBER_IMPORT_MESSAGES.emailInvalid).waitFor();
    await page.getByText(`No tier named "No Such Tier" in this shop.`).waitFor();
    await page.getByText(MEMBER_IMPORT_MESSAGES.balanceNegative).waitFor();
    await ready(page, SLOW);
    await screenshot(page, "import-dry-run-errors-desktop");

    await page.getByRole("button", { name: "Upload a corrected file" }).click();
    const fixed = [good(1), good(2), good(3), good(4), good(5)];
    await page
      .getByLabel("CSV file", { exact: true })
      .setInputFiles(file(fixed, "members-fixed.csv"));
    await page.getByRole("button", { name: "Check rows (dry run)" }).click();
    await page.getByRole("button", { name: "Import 5 members" }).click();
    await page.getByText("5 members added").waitFor();
    await screenshot(page, "import-done-desktop");
    await page.getByRole("link", { name: "View members" }).click();
    await page.getByLabel("Search members").fill(`Member ${tag}`);
    await poll(() => page.getByText(`Imported3 Member ${tag}`).count(), SLOW).toBeGreaterThan(0);
    await ready(page, SLOW);
    await screenshot(page, "import-members-listed-desktop");
    await page.close();
  }, 120_000);

  it("works on a 390 px phone in light and dark mode, with no serious accessibility problems", async () => {
    const findings: string[] = [];
    for (const theme of ["light", "dark"] as const) {
      const page = await ownerPage({ width: 390, height: 844 }, theme);
      await page.goto(`${journey.server.url}/merchant/members/import`);
      await page.getByRole("heading", { name: "Import members" }).waitFor();
      const rows = [
        good(10 + (theme === "dark" ? 1 : 0)),
        ["Bad", "Row", "bad@", "", "", "", "", "", "", "", ""],
      ];
      await page
        .getByLabel("CSV file", { exact: true })
        .setInputFiles(file(rows, `phone-${theme}.csv`));
      await page.getByRole("button", { name: "Check rows (dry run)" }).click();
      await page.getByText(MEMBER_IMPORT_MESSAGES.emailInvalid).waitFor();
      await ready(page, SLOW);
      findings.push(...(await seriousAxeViolations(page, `import dry run phone ${theme}:`)));
      await screenshot(page, `import-dry-run-phone-${theme}`);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await page.getByRole("button", { name: "Import 1 member" }).click();
      await page.getByText("1 member added").waitFor();
      await screenshot(page, `import-done-phone-${theme}`);
      await page.close();
    }
    expect(findings).toEqual([]);
  }, 120_000);
});
