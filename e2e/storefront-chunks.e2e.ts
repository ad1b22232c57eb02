import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { appJourney } from "./support/app-journey";
import { openPage, viewports } from "./support/browser";

/** Seeded by apps/api/src/db/seed.ts on a fresh data folder. */
const DEMO_SHOP = { id: 1, name: "Corner Coffee Co." };

type Manifest = Record<string, { file: string; imports?: string[]; dynamicImports?: string[] }>;

const manifest: Manifest = JSON.parse(
  readFileSync(
    fileURLToPath(new URL("../apps/web/dist/.vite/manifest.json", import.meta.url)),
    "utf8",
  ),
);

/** Every file a module can load: its static imports and, transitively, its lazy ones. */
function reachable(keys: string[], followDynamic: boolean): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.add(chunk.file);
    for (const next of chunk.imports ?? []) visit(next);
    if (followDynamic) for (const next of chunk.dynamicImports ?? []) visit(next);
  };
  for (const key of keys) visit(key);
  return files;
}

describe("storefront: a visitor downloads only the storefront", () => {
  const journey = appJourney();

  it("requests no chunk of the merchant area, the customer area or the sign-in forms", async () => {
    const storefront = reachable(["index.html", "src/app/routes/storefront.tsx"], false);
    const elsewhere = reachable(
      [
        "src/app/routes/merchant.tsx",
        "src/app/routes/customer.tsx",
        "src/app/routes/platform-auth.tsx",
        "src/app/routes/platform-login.tsx",
        "src/app/routes/shop-auth.tsx",
        "src/app/routes/shop-login.tsx",
      ],
      true,
    );
    const notForVisitors = [...elsewhere].filter((file) => !storefront.has(file));
    // The check means something only if the areas have chunks of their own.
    expect(notForVisitors.some((file) => file.includes("merchant-"))).toBe(true);

    const page = await openPage(journey.browser, viewports.phone);
    const requested: string[] = [];
    page.on("request", (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(`${journey.server.url}/${DEMO_SHOP.id}`);
    await expect
      .poll(() => page.getByText(DEMO_SHOP.name, { exact: true }).first().isVisible())
      .toBe(true);
    await page.waitForLoadState("networkidle");

    const scripts = requested.filter((path) => path.endsWith(".js"));
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((path) => notForVisitors.includes(path.slice(1)))).toEqual([]);
    // The page's data came with the HTML: no API round trip, not the three separate reads.
    const api = requested.filter(
      (path) => path.startsWith("/api/") && path !== "/api/v1/auth/providers",
    );
    expect(api).toEqual([]);
    await page.close();
  });

  it("answers the storefront's head from the server and an unknown shop with 404", async () => {
    const res = await fetch(`${journey.server.url}/${DEMO_SHOP.id}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<title>${DEMO_SHOP.name}</title>`);
    expect(html).toContain(`<meta property="og:title" content="${DEMO_SHOP.name}" />`);
    expect(html).toContain('<script type="application/ld+json">');
    // The storefront's data and its route chunk are named in the page, not found after the app.
    expect(html).toContain('<script type="application/json" id="storefront-snapshot">');
    const routeChunk = manifest["src/app/routes/storefront.tsx"]?.file;
    expect(html).toContain(`<link rel="modulepreload" crossorigin href="/${routeChunk}" />`);
    // The built page still boots the app: its entry script is there.
    expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js">/);
    const missing = await fetch(`${journey.server.url}/99999`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('<div id="root"></div>');
  });
});
