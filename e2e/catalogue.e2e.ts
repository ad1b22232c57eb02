import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import type { Browser, Locator, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  launchBrowser,
  openPage,
  screenshot,
  seriousAxeViolations,
  type viewports,
  waitForPath,
} from "./support/browser";
import { DEMO_SHOP } from "./support/customers";
import {
  dismissToasts,
  openedDialog,
  ownerSession,
  poll,
  runId,
  type SavedSession,
  seeToast,
  sessionPage,
  settled,
  sidebarLink,
  unexpectedProblems,
  viewportEntries,
} from "./support/journey";
import { type RunningServer, startServer } from "./support/server";

/**
 * Issue 4 acceptance: the merchant catalogue in a real browser against the built app — a tier
 * with benefits published then archived, offers under the tab their dates give, updated and
 * deleted, Customize Store branding the shell and the public storefront, the profile phone,
 * and a visitor on `/{shopId}` — on desktop and phone with screenshots, plus axe-core on the
 * catalogue pages in both themes.
 */

/** Seeded tiers and offers by timing (apps/api/src/db/seed.ts). */
const SEEDED = {
  activeTiers: ["Bronze", "Gold"],
  archivedTier: "Founders Club",
  activeOffers: ["Two-for-one lattes", "Pastry box"],
  upcomingOffer: "Autumn beans sale",
  expiredOffer: "Summer cold brew",
};

/** Catalogue sections: the menu entry, its page's path and heading, and a seeded card shown there. */
const SECTIONS = {
  tiers: {
    menu: "Memberships",
    path: "/merchant/memberships",
    heading: "Membership Tiers",
    firstCard: SEEDED.activeTiers[0],
  },
  offers: {
    menu: "Offers",
    path: "/merchant/offers",
    heading: "Special Offers",
    firstCard: SEEDED.activeOffers[0],
  },
};

/** Profile's own pages: the link on Profile that opens one, its path and its heading. */
const PROFILE_PAGES = {
  store: {
    link: "Customize Store",
    path: "/merchant/profile/store-setting",
    heading: "Customize Store",
  },
  info: {
    link: "Update Info",
    path: "/merchant/profile/edit-profile",
    heading: "Update Profile",
  },
};

/** Each viewport brands the shop differently, so the screenshots tell them apart. */
const BRANDING = {
  desktop: {
    primary: "#B45309",
    secondary: "#FEF3C7",
    font: "Lora",
    tagline: `Roasted this morning, poured for you (${runId})`,
  },
  phone: {
    primary: "#0F766E",
    secondary: "#CCFBF1",
    font: "Poppins",
    tagline: `Small batch coffee, big neighbourhood (${runId})`,
  },
} as const;

/** Phone numbers as typed on Update Profile and as E.164 digits (the profile's international form). */
const PHONES = {
  desktop: { country: "United Kingdom", typed: "020 7946 0958", e164: "+442079460958" },
  phone: { country: "United States", typed: "(202) 555-0188", e164: "+12025550188" },
} as const;

/** A form field's label as shown: its text, then a "*" when the field is required. */
function field(label: string): RegExp {
  return new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\*?$`);
}

/** "WxH" once the image has loaded ("" before; a broken upload URL gives "0x0"). */
function naturalSize(img: Locator) {
  return img
    .first()
    .evaluate((el) =>
      el instanceof HTMLImageElement && el.complete ? `${el.naturalWidth}x${el.naturalHeight}` : "",
    );
}

/**
 * Opens Create Offer from the offers page and gives the offer its image (waiting for the
 * preview), name and description; the caller fills the rest.
 */
async function startOffer(page: Page, offer: { image: string; name: string; description: string }) {
  await page.getByRole("link", { name: "Create Offer" }).click();
  await waitForPath(page, "/merchant/offers/new-offer");
  await page.getByRole("heading", { name: "Create Offer" }).waitFor();
  await page.getByLabel("Offer image").setInputFiles(offer.image);
  await page.getByRole("img", { name: `Preview of ${basename(offer.image)}` }).waitFor();
  await page.getByLabel("Offer name").fill(offer.name);
  await page.getByLabel(field("Description")).fill(offer.description);
}

/**
 * Sends the Create Offer form: the toast, then the offers page on the tab the offer's dates
 * give ("Active" or "Upcoming"), selected. Returns the new offer's card once it shows.
 */
async function createOfferUnder(page: Page, tab: "Active" | "Upcoming", name: string) {
  await page.getByRole("button", { name: "Create Offer" }).click();
  await seeToast(page, "Offer created successfully");
  await waitForPath(page, "/merchant/offers");
  expect(new URL(page.url()).searchParams.get("tab")).toBe(tab.toLowerCase());
  expect(
    await page.getByRole("tab", { name: tab, exact: true }).getAttribute("aria-selected"),
  ).toBe("true");
  const card = page.getByRole("article", { name });
  await card.waitFor();
  return card;
}

/** The value of a CSS custom property on <html>, as the page's styles resolve it. */
function rootVariable(page: Page, name: string) {
  return page.evaluate(
    (variable) =>
      getComputedStyle(document.documentElement).getPropertyValue(variable).trim().toUpperCase(),
    name,
  );
}

/** A computed colour of an element: "color" or "background-color". */
function colourOf(element: Locator, property: "color" | "background-color") {
  return element.evaluate((el, prop) => getComputedStyle(el).getPropertyValue(prop), property);
}

/**
 * What a design-token colour (styles.css) computes to for a given brand colour, beside the
 * element so the same theme applies: e.g. primary ink is the brand colour mixed 72% with the
 * text colour, and the secondary surface is the brand's secondary mixed with the surface.
 */
function tokenColour(element: Locator, property: "color" | "background-color", css: string) {
  return element.evaluate(
    (el, [prop, value]) => {
      const probe = document.createElement("span");
      probe.style.setProperty(prop, value);
      el.parentElement?.append(probe);
      const colour = getComputedStyle(probe).getPropertyValue(prop);
      probe.remove();
      return colour;
    },
    [property, css] as const,
  );
}

const primaryInk = (hex: string) => `color-mix(in oklab, ${hex} 72%, var(--ink-base))`;
const secondarySurface = (hex: string) =>
  `color-mix(in oklab, ${hex} var(--secondary-strength), var(--surface))`;

/** Whether a web font of that family has actually been loaded into the document. */
function fontLoaded(page: Page, family: string) {
  return page.evaluate((wanted) => {
    let loaded = false;
    document.fonts.forEach((face) => {
      if (face.family.replace(/["']/g, "") === wanted && face.status === "loaded") loaded = true;
    });
    return loaded;
  }, family);
}

/** YYYY-MM-DD in the time zone, `days` from today. */
function dayInZone(timeZone: string, days: number): string {
  const today = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date());
  const [y, m, d] = today.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

describe("catalogue journeys (issue 4)", () => {
  let server: RunningServer;
  let browser: Browser;
  let imageDir: string;
  let offerImage: string;
  let offerImage2: string;
  let logoFile: string;
  let bigLogoFile: string;
  let coverFile: string;
  let shopTimeZone: string;
  /** The owner's signed-in browser storage, so each journey starts in a fresh context. */
  let ownerState: SavedSession;

  /** A fresh context already signed in as the demo owner. */
  const ownerPage = (viewport: { width: number; height: number }) =>
    sessionPage(browser, ownerState, viewport, { motion: true });

  /** A merchant section through the sidebar, or on phones through the menu drawer. */
  async function openSection(page: Page, size: keyof typeof viewports, label: string) {
    if (size === "phone") {
      await page.getByRole("button", { name: "Open menu" }).click();
      const drawer = await openedDialog(page, "Menu");
      await drawer.getByRole("link", { name: label, exact: true }).click();
      await drawer.waitFor({ state: "hidden" });
    } else {
      await sidebarLink(page, label, { exact: true }).click();
    }
  }

  /**
   * An owner page opened on Profile and taken through its link to `profilePage`; problems on the
   * page are collected from the start.
   */
  async function ownerPageOnProfile(
    profilePage: (typeof PROFILE_PAGES)[keyof typeof PROFILE_PAGES],
    viewport: { width: number; height: number },
  ) {
    const page = await ownerPage(viewport);
    const problems = unexpectedProblems(page);
    await page.goto(`${server.url}/merchant/profile`);
    await page.getByRole("heading", { name: "Profile" }).waitFor();
    await page.getByRole("link", { name: profilePage.link }).click();
    await waitForPath(page, profilePage.path);
    await page.getByRole("heading", { name: profilePage.heading }).waitFor();
    return { page, problems };
  }

  /**
   * An owner page opened on the dashboard and taken to `section` through the menu, once its
   * seeded cards show; problems on the page are collected from the start.
   */
  async function ownerPageIn(
    section: (typeof SECTIONS)[keyof typeof SECTIONS],
    viewport: { width: number; height: number },
    size: keyof typeof viewports,
  ) {
    const page = await ownerPage(viewport);
    const problems = unexpectedProblems(page);
    await page.goto(`${server.url}/merchant/dashboard`);
    await openSection(page, size, section.menu);
    await waitForPath(page, section.path);
    await page.getByRole("heading", { name: section.heading }).waitFor();
    await page.getByRole("article", { name: section.firstCard }).waitFor();
    return { page, problems };
  }

  beforeAll(async () => {
    server = await startServer({ env: { RATE_LIMIT_PER_MINUTE: "200" } });
    browser = await launchBrowser();

    // Real images at the spec's sizes: offers 340 × 220, logo exactly 200 × 200, cover 502 × 270.
    imageDir = mkdtempSync(join(tmpdir(), "tessera-e2e-catalogue-"));
    offerImage = join(imageDir, "latte-offer.png");
    offerImage2 = join(imageDir, "bean-offer.jpg");
    logoFile = join(imageDir, "store-logo.png");
    bigLogoFile = join(imageDir, "big-logo.png");
    coverFile = join(imageDir, "store-cover.jpg");
    const picture = (w: number, h: number, from: string, to: string, extra = "") =>
      Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
        <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
        </linearGradient></defs>
        <rect width="${w}" height="${h}" fill="url(#g)"/>${extra}</svg>`);
    await sharp(
      picture(
        340,
        220,
        "#7c2d12",
        "#fbbf24",
        '<circle cx="120" cy="110" r="60" fill="#fff7ed"/><circle cx="220" cy="110" r="60" fill="#fff7ed" fill-opacity="0.8"/>',
      ),
    )
      .png()
      .toFile(offerImage);
    await sharp(
      picture(
        340,
        220,
        "#14532d",
        "#a3e635",
        '<ellipse cx="170" cy="110" rx="70" ry="45" fill="#422006"/>',
      ),
    )
      .jpeg({ quality: 85 })
      .toFile(offerImage2);
    await sharp(
      picture(
        200,
        200,
        "#0f766e",
        "#b45309",
        '<circle cx="100" cy="100" r="62" fill="#fef3c7"/><rect x="72" y="72" width="56" height="56" rx="12" fill="#0f766e"/>',
      ),
    )
      .png()
      .toFile(logoFile);
    // A square logo twice the size: refused as it is, fixed with the crop dialog.
    await sharp(logoFile).resize(400, 400).png().toFile(bigLogoFile);
    await sharp(
      picture(
        502,
        270,
        "#451a03",
        "#f59e0b",
        '<circle cx="400" cy="80" r="60" fill="#fde68a" fill-opacity="0.7"/><circle cx="120" cy="220" r="90" fill="#ffffff" fill-opacity="0.15"/>',
      ),
    )
      .jpeg({ quality: 85 })
      .toFile(coverFile);

    const res = await fetch(`${server.url}/api/v1/shop/get-shop-by-Id?shopId=${DEMO_SHOP.id}`);
    expect(res.status).toBe(200);
    shopTimeZone = ((await res.json()) as { shop: { timeZone: string } }).shop.timeZone;

    // Log in once through the form; every journey reuses the signed-in storage.
    ({ state: ownerState } = await ownerSession(browser, server.url));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (imageDir) rmSync(imageDir, { recursive: true, force: true });
  });

  for (const [size, viewport] of viewportEntries) {
    it(`a merchant creates a tier with two benefits, publishes it, then archives it (${size})`, async () => {
      const tierName = `Espresso Club ${size} ${runId}`;
      const { page, problems } = await ownerPageIn(SECTIONS.tiers, viewport, size);

      await page.getByRole("link", { name: "Create Membership" }).click();
      await waitForPath(page, "/merchant/memberships/new-membership");
      const dialog = page.getByRole("dialog", { name: "Create Membership Tier" });
      await dialog.waitFor();
      await dialog.getByLabel(field("Name")).fill(tierName);
      await dialog
        .getByLabel(field("Description"))
        .fill("Daily espresso perks for regulars who want a little more.");
      await dialog.getByLabel(field("Price")).fill("12.50");
      await dialog.getByLabel(field("Cashback reward")).fill("2");
      await dialog.getByLabel(field("Renewal")).selectOption("monthly");
      // Publish is on for a new tier: it goes live on the storefront when saved.
      const publish = dialog.getByRole("switch", { name: "Publish" });
      expect(await publish.getAttribute("aria-checked")).toBe("true");
      await dialog.getByLabel("Benefit 1 name").fill("Free espresso every day");
      await dialog.getByLabel("Worth").nth(0).fill("3.25");
      await dialog.getByRole("button", { name: "Add benefit" }).click();
      await dialog.getByLabel("Benefit 2 name").fill("Priority pickup");
      await dialog.getByLabel("Worth").nth(1).fill("1.50");
      expect(await dialog.getByLabel(/^Benefit \d name$/).count()).toBe(2);
      await settled(dialog);
      await screenshot(page, `catalogue-tier-form-${size}`);
      await dialog.getByRole("button", { name: "Create Membership" }).click();

      await seeToast(page, "Membership created successfully");
      await dialog.waitFor({ state: "hidden" });
      await waitForPath(page, "/merchant/memberships");
      expect(
        await page.getByRole("tab", { name: "Active", exact: true }).getAttribute("aria-selected"),
      ).toBe("true");
      const card = page.getByRole("article", { name: tierName });
      await card.waitFor();
      await poll(() => card.getByText("Published", { exact: true }).isVisible()).toBe(true);
      const cardText = await card.innerText();
      expect(cardText).toContain("$12.50");
      expect(cardText).toContain("Monthly");
      expect(cardText).toContain("Free espresso every day");
      expect(cardText).toContain("$3.25");
      expect(cardText).toContain("Priority pickup");
      expect(cardText).toContain("$1.50");
      expect(cardText).toContain("$2.00");
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, `catalogue-tier-active-${size}`);
      await dismissToasts(page);

      // Archive: Edit, Publish off, Save Changes → gone from Active, shown under Archived.
      await card.getByRole("button", { name: `Actions for ${tierName}` }).click();
      await page.getByRole("menuitem", { name: "Edit" }).click();
      const edit = page.getByRole("dialog", { name: "Edit Membership Tier" });
      await edit.waitFor();
      await poll(() => edit.getByLabel(field("Name")).inputValue()).toBe(tierName);
      const editPublish = edit.getByRole("switch", { name: "Publish" });
      await editPublish.click();
      expect(await editPublish.getAttribute("aria-checked")).toBe("false");
      await settled(edit);
      await screenshot(page, `catalogue-tier-unpublish-${size}`);
      await edit.getByRole("button", { name: "Save Changes" }).click();
      await seeToast(page, "Membership updated successfully");
      await edit.waitFor({ state: "hidden" });
      await card.waitFor({ state: "detached" });

      await page.getByRole("tab", { name: "Archived" }).click();
      const archived = page.getByRole("article", { name: tierName });
      await archived.waitFor();
      await poll(() => archived.getByText("Archived", { exact: true }).isVisible()).toBe(true);
      expect(await page.getByRole("article", { name: SEEDED.archivedTier }).isVisible()).toBe(true);
      expect(await archived.innerText()).toContain("Priority pickup");
      await archived.scrollIntoViewIfNeeded();
      await screenshot(page, `catalogue-tier-archived-${size}`);
      expect(problems()).toEqual([]);
      await page.close();
    });

    it(`a merchant creates offers, finds them under their tabs, updates one and deletes it (${size})`, async () => {
      const offerName = `Latte duo ${size} ${runId}`;
      const renamed = `Latte trio ${size} ${runId}`;
      const upcomingName = `Bean week ${size} ${runId}`;
      const today = dayInZone(shopTimeZone, 0);
      const { page, problems } = await ownerPageIn(SECTIONS.offers, viewport, size);

      // Create an offer for today (the form's default dates) with an image.
      await startOffer(page, {
        image: offerImage,
        name: offerName,
        description: "Two lattes and a pastry to share, any size, any milk.",
      });
      await page.getByLabel("Redemption instructions").fill("Show this offer at the counter.");
      await page.getByLabel("Original price").fill("12");
      await page.getByLabel("Offer price").fill("8.50");
      expect(await page.getByLabel("Start date").inputValue()).toBe(today);
      expect(await page.getByLabel("End date").inputValue()).toBe(today);
      await page.getByLabel("End date").fill(dayInZone(shopTimeZone, 5));
      await screenshot(page, `catalogue-offer-form-${size}`);
      const card = await createOfferUnder(page, "Active", offerName);
      await card.scrollIntoViewIfNeeded();
      await poll(() => naturalSize(card.locator("img"))).toBe("340x220");
      let text = await card.innerText();
      expect(text).toContain("$8.50");
      expect(text).toContain("$12.00");
      await screenshot(page, `catalogue-offer-active-${size}`);
      await dismissToasts(page);

      // One that starts tomorrow lands under Upcoming, not Active.
      await startOffer(page, {
        image: offerImage2,
        name: upcomingName,
        description: "A week of single-origin beans at a members' price.",
      });
      await page.getByLabel("Offer price").fill("9");
      await page.getByLabel("Start date").fill(dayInZone(shopTimeZone, 1));
      await page.getByLabel("End date").fill(dayInZone(shopTimeZone, 8));
      const upcoming = await createOfferUnder(page, "Upcoming", upcomingName);
      expect(await page.getByRole("article", { name: SEEDED.upcomingOffer }).isVisible()).toBe(
        true,
      );
      expect(await page.getByRole("article", { name: offerName }).count()).toBe(0);
      await upcoming.scrollIntoViewIfNeeded();
      await poll(() => naturalSize(upcoming.locator("img"))).toBe("340x220");
      await screenshot(page, `catalogue-offer-upcoming-${size}`);
      await dismissToasts(page);

      // Back to Active: update the first offer's name and price.
      await page.getByRole("tab", { name: "Active", exact: true }).click();
      await card.waitFor();
      expect(await page.getByRole("article", { name: upcomingName }).count()).toBe(0);
      await card.getByRole("button", { name: `Update ${offerName}` }).click();
      const dialog = page.getByRole("dialog", { name: "Update Offer" });
      await dialog.waitFor();
      const nameField = dialog.getByLabel("Offer name");
      await poll(() => nameField.inputValue()).toBe(offerName);
      await nameField.fill(renamed);
      await dialog.getByLabel("Offer price").fill("7.25");
      await settled(dialog);
      await screenshot(page, `catalogue-offer-update-${size}`);
      await dialog.getByRole("button", { name: "Update Offer" }).click();
      await seeToast(page, "Offer updated successfully");
      await dialog.waitFor({ state: "hidden" });
      expect(new URL(page.url()).searchParams.get("tab")).toBe("active");
      const updated = page.getByRole("article", { name: renamed });
      await updated.waitFor();
      await poll(() => page.getByRole("article", { name: offerName }).count()).toBe(0);
      text = await updated.innerText();
      expect(text).toContain("$7.25");
      expect(text).not.toContain("$8.50");
      await updated.scrollIntoViewIfNeeded();
      await poll(() => naturalSize(updated.locator("img"))).toBe("340x220");
      await screenshot(page, `catalogue-offer-updated-${size}`);
      await dismissToasts(page);

      // Delete it: confirm, then it is gone from every tab.
      await updated.getByRole("button", { name: `Delete ${renamed}` }).click();
      const confirm = page.getByRole("dialog", { name: "Delete offer?" });
      await confirm.waitFor();
      expect(await confirm.innerText()).toContain(renamed);
      await settled(confirm);
      await screenshot(page, `catalogue-offer-delete-confirm-${size}`);
      await confirm.getByRole("button", { name: "Delete", exact: true }).click();
      await seeToast(page, "Offer deleted successfully");
      await confirm.waitFor({ state: "hidden" });
      await updated.waitFor({ state: "detached" });
      expect(await page.getByRole("article", { name: SEEDED.activeOffers[0] }).isVisible()).toBe(
        true,
      );
      await screenshot(page, `catalogue-offer-deleted-${size}`);
      for (const tab of ["Upcoming", "Expired"]) {
        await page.getByRole("tab", { name: tab }).click();
        await page.getByRole("tabpanel").getByRole("article").first().waitFor();
        expect(await page.getByRole("article", { name: renamed }).count()).toBe(0);
      }
      expect(problems()).toEqual([]);
      await page.close();
    });

    it(`a merchant customizes the store and sees the branding in the shell and on /${DEMO_SHOP.id} (${size})`, async () => {
      const brand = BRANDING[size];
      const { page, problems } = await ownerPageOnProfile(PROFILE_PAGES.store, viewport);
      expect(await page.getByLabel("Company name").inputValue()).toBe(DEMO_SHOP.name);

      await page.getByLabel("Tagline").fill(brand.tagline);
      await page.getByLabel("Font style").selectOption(brand.font);
      await page.getByLabel(field("Primary color")).fill(brand.primary);
      await page.getByLabel(field("Secondary color")).fill(brand.secondary);
      expect((await page.getByLabel("Primary color picker").inputValue()).toUpperCase()).toBe(
        brand.primary,
      );
      const logoField = page.getByLabel(field("Logo"));
      if (size === "desktop") {
        await logoField.setInputFiles(logoFile);
        await page.getByRole("img", { name: "Preview of store-logo.png" }).waitFor();
      } else {
        // A 400 × 400 logo is refused with the size rule, then cropped to exactly 200 × 200.
        await logoField.setInputFiles(bigLogoFile);
        await poll(() => logoField.getAttribute("aria-invalid")).toBe("true");
        await page.getByRole("button", { name: "Crop logo to size" }).click();
        const crop = page.getByRole("dialog", { name: "Crop logo" });
        await crop.waitFor();
        const apply = crop.getByRole("button", { name: "Apply crop" });
        await poll(() => apply.isEnabled()).toBe(true);
        await settled(crop);
        await screenshot(page, `catalogue-store-crop-logo-${size}`);
        await apply.click();
        await crop.waitFor({ state: "hidden" });
        await poll(() => logoField.getAttribute("aria-invalid")).toBe(null);
      }
      await page.getByLabel("Cover photo").setInputFiles(coverFile);
      await page.getByRole("img", { name: "Preview of store-cover.jpg" }).waitFor();
      // Neither image is refused: the hints still show, no error.
      expect(await logoField.getAttribute("aria-invalid")).toBe(null);
      expect(await page.getByLabel("Cover photo").getAttribute("aria-invalid")).toBe(null);
      await screenshot(page, `catalogue-store-form-${size}`);
      await page.getByRole("button", { name: "Save Changes" }).click();

      // Saved: back to the profile, branded at once, without a reload.
      await seeToast(page, "Store updated successfully");
      await waitForPath(page, "/merchant/profile");
      await poll(() => rootVariable(page, "--primary")).toBe(brand.primary);
      expect(await rootVariable(page, "--secondary")).toBe(brand.secondary);
      // A branded element: the profile's Update Password link is drawn in the primary ink,
      // the brand colour mixed with the theme's text colour (styles.css).
      const shell = page.locator("#main-content");
      expect(await shell.evaluate((el) => getComputedStyle(el).fontFamily)).toContain(brand.font);
      await poll(() => fontLoaded(page, brand.font)).toBe(true);
      const link = page.getByRole("link", { name: "Update Password" });
      expect(await colourOf(link, "color")).toBe(
        await tokenColour(link, "color", primaryInk(brand.primary)),
      );
      const headerLogo = page.getByRole("banner").locator("img").first();
      await poll(() => naturalSize(headerLogo)).toBe("200x200");
      await screenshot(page, `catalogue-store-branded-shell-${size}`);
      await dismissToasts(page);

      // The storefront page in the shell shows the new tagline and cover.
      await openSection(page, size, "Storefront");
      await waitForPath(page, "/merchant/storefront");
      await page.getByText(brand.tagline).waitFor();
      const cover = page.getByRole("region", { name: "Store header" }).locator("img").first();
      await poll(() => naturalSize(cover)).toBe("502x270");
      await screenshot(page, `catalogue-store-merchant-storefront-${size}`);

      // The public storefront: same colours, font, banner and tagline for everyone.
      const visitor = await openPage(browser, viewport);
      visitor.setDefaultTimeout(15_000);
      const visitorProblems = unexpectedProblems(visitor);
      await visitor.goto(`${server.url}/${DEMO_SHOP.id}`);
      await visitor.getByRole("heading", { level: 1, name: brand.tagline }).waitFor();
      await poll(() => rootVariable(visitor, "--primary")).toBe(brand.primary);
      expect(await rootVariable(visitor, "--secondary")).toBe(brand.secondary);
      // The page sits on the secondary colour; the industry line is in the primary ink.
      const hero = visitor.getByRole("main").locator("xpath=..");
      expect(await colourOf(hero, "background-color")).toBe(
        await tokenColour(hero, "background-color", secondarySurface(brand.secondary)),
      );
      const industry = visitor.getByText("Hospitality", { exact: true }).first();
      expect(await colourOf(industry, "color")).toBe(
        await tokenColour(industry, "color", primaryInk(brand.primary)),
      );
      expect(
        await visitor
          .getByRole("heading", { level: 1 })
          .evaluate((el) => getComputedStyle(el).fontFamily),
      ).toContain(brand.font);
      await poll(() => fontLoaded(visitor, brand.font)).toBe(true);
      const banner = visitor.getByRole("img", { name: `${DEMO_SHOP.name} banner` });
      await poll(() => naturalSize(banner)).toBe("502x270");
      const logo = visitor.getByRole("banner").locator("img").first();
      await poll(() => naturalSize(logo)).toBe("200x200");
      await screenshot(visitor, `catalogue-store-public-${size}`);
      expect(visitorProblems()).toEqual([]);
      await visitor.close();

      expect(problems()).toEqual([]);
      await page.close();
    });

    it(`a merchant adds a phone number and sees it in international form on the profile (${size})`, async () => {
      const phone = PHONES[size];
      const { page, problems } = await ownerPageOnProfile(PROFILE_PAGES.info, viewport);

      {
        await page.getByRole("button", { name: /^Country: / }).click();
        const picker = page.getByRole("dialog", { name: "Select country" });
        await picker.waitFor();
        const search = picker.getByLabel("Search countries");
        await search.fill("Atlantis");
        await picker.getByText("No countries found").waitFor();
        await search.fill(phone.country);
        await settled(picker);
        await screenshot(page, `catalogue-profile-country-picker-${size}`);
        await picker
          .getByRole("button", { name: new RegExp(phone.country) })
          .first()
          .click();
        await picker.waitFor({ state: "hidden" });
        expect(
          await page.getByRole("button", { name: /^Country: / }).getAttribute("aria-label"),
        ).toContain(phone.country);
      }
      const phoneField = page.getByLabel("Phone number");
      await phoneField.fill(phone.typed);
      await screenshot(page, `catalogue-profile-form-${size}`);
      // The number must be readable while typed: the field sits inside the form, beside the
      // country button, wide enough for the digits (soft, so the journey goes on).
      const fieldBox = await phoneField.boundingBox();
      const formBox = await page.locator("form").boundingBox();
      expect.soft(fieldBox?.width ?? 0, "phone field width (px)").toBeGreaterThanOrEqual(150);
      expect
        .soft((fieldBox?.x ?? 0) + (fieldBox?.width ?? 0), "phone field right edge (px)")
        .toBeLessThanOrEqual((formBox?.x ?? 0) + (formBox?.width ?? 0));
      await page.getByRole("button", { name: "Save Changes" }).click();

      await seeToast(page, "Profile updated successfully");
      await waitForPath(page, "/merchant/profile");
      await page.getByRole("heading", { name: "Profile" }).waitFor();
      const row = page.locator("dl > div").filter({ hasText: "Phone Number" }).locator("dd");
      await poll(() => row.innerText()).not.toBe("-");
      const shown = (await row.innerText()).trim();
      // International form: "+" and the calling code, the same digits as E.164.
      expect(shown.startsWith("+")).toBe(true);
      expect(shown.replace(/[\s()-]/g, "")).toBe(phone.e164);
      await screenshot(page, `catalogue-profile-phone-${size}`);

      // The form opens again on the saved country and number.
      await page.getByRole("link", { name: PROFILE_PAGES.info.link }).click();
      await page.getByRole("heading", { name: PROFILE_PAGES.info.heading }).waitFor();
      const country = page.getByRole("button", { name: /^Country: / });
      await poll(() => country.getAttribute("aria-label")).toContain(phone.country);
      expect(problems()).toEqual([]);
      await page.close();
    });

    it(`a visitor opens /${DEMO_SHOP.id} and switches between Memberships and Offers (${size})`, async () => {
      const page = await openPage(browser, viewport);
      page.setDefaultTimeout(15_000);
      const problems = unexpectedProblems(page);
      await page.goto(`${server.url}/${DEMO_SHOP.id}`);
      const header = page.getByRole("banner");
      await header.getByText(DEMO_SHOP.name).first().waitFor();
      expect(await header.getByRole("link", { name: "Sign up" }).isVisible()).toBe(true);
      expect(await header.getByRole("link", { name: "Log in" }).isVisible()).toBe(true);
      expect(await page.getByRole("button", { name: "Become a Member" }).isDisabled()).toBe(true);
      expect(await page.title()).toContain(DEMO_SHOP.name);

      // Memberships is the first tab: published tiers only.
      const memberships = page.getByRole("tab", { name: "Memberships" });
      const offers = page.getByRole("tab", { name: "Offers" });
      expect(await memberships.getAttribute("aria-selected")).toBe("true");
      for (const name of SEEDED.activeTiers) {
        await page.getByRole("article", { name }).waitFor();
      }
      expect(await page.getByRole("article", { name: SEEDED.archivedTier }).count()).toBe(0);
      expect(await page.getByRole("article", { name: /Espresso Club/ }).count()).toBe(0);
      const gold = await page.getByRole("article", { name: "Gold" }).innerText();
      expect(gold).toMatch(/\$\d+\.\d{2}/);
      expect(gold).toContain("cashback");
      await memberships.scrollIntoViewIfNeeded();
      await screenshot(page, `catalogue-visitor-memberships-${size}`);

      // Offers: only today's offers, with image, prices and end date.
      await offers.click();
      expect(await offers.getAttribute("aria-selected")).toBe("true");
      for (const name of SEEDED.activeOffers) {
        await page.getByRole("article", { name }).waitFor();
      }
      expect(await page.getByRole("article", { name: SEEDED.upcomingOffer }).count()).toBe(0);
      expect(await page.getByRole("article", { name: SEEDED.expiredOffer }).count()).toBe(0);
      expect(await page.getByRole("article", { name: /Bean week/ }).count()).toBe(0);
      expect(await page.getByRole("article", { name: "Gold" }).count()).toBe(0);
      const lattes = page.getByRole("article", { name: SEEDED.activeOffers[0] });
      expect(await lattes.innerText()).toMatch(/Ends \d{1,2} \w{3}, \d{4}/);
      await poll(() => naturalSize(lattes.locator("img"))).toBe("340x220");
      await offers.scrollIntoViewIfNeeded();
      await screenshot(page, `catalogue-visitor-offers-${size}`);

      await memberships.click();
      await page.getByRole("article", { name: "Bronze" }).waitFor();
      expect(await page.getByRole("article", { name: SEEDED.activeOffers[0] }).count()).toBe(0);
      expect(problems()).toEqual([]);
      await page.close();
    });
  }

  // Every page in both themes and every size, each with an axe scan: minutes, not seconds.
  it("the catalogue pages have no serious accessibility problems, light or dark", async () => {
    const pages = [
      { path: "/merchant/memberships", ready: { role: "heading", name: "Membership Tiers" } },
      { path: "/merchant/offers", ready: { role: "heading", name: "Special Offers" } },
      { path: "/merchant/storefront", ready: { role: "tab", name: "Memberships" } },
      { path: "/merchant/profile", ready: { role: "heading", name: "Personal info" } },
      {
        path: "/merchant/profile/store-setting",
        ready: { role: "heading", name: "Customize Store" },
      },
      { path: `/${DEMO_SHOP.id}`, ready: { role: "tab", name: "Memberships" } },
    ] as const;
    // Every page in every theme and size is checked; the findings are compared at the end.
    const findings: string[] = [];
    for (const theme of ["light", "dark"] as const) {
      for (const [size, viewport] of viewportEntries) {
        const page = await ownerPage(viewport);
        const problems = unexpectedProblems(page);
        await page.addInitScript((saved) => localStorage.setItem("theme", saved), theme);
        for (const { path, ready } of pages) {
          await page.goto(`${server.url}${path}`);
          await page.getByRole(ready.role, { name: ready.name }).waitFor();
          // Lists and cards loaded, not skeletons.
          await poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
          expect(
            await page.evaluate(() => document.documentElement.getAttribute("data-theme")),
          ).toBe(theme);
          findings.push(...(await seriousAxeViolations(page, `${path} ${size} ${theme}:`)));
          const label = path === `/${DEMO_SHOP.id}` ? "public" : path.split("/").pop();
          await screenshot(page, `catalogue-axe-${label}-${size}-${theme}`);
        }
        expect(problems()).toEqual([]);
        await page.close();
      }
    }
    expect(findings).toEqual([]);
  }, 240_000);
});
