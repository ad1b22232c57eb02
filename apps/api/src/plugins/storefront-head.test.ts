import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shops } from "../db/schema";
import { createTestApp, type TestApp } from "../test/app";
import { createMerchant, createOffer, createTier } from "../test/factories";
import { webDist } from "../test/web-dist";

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Tessera — memberships and offers for independent shops." />
    <title>Tessera</title>
    <script src="/theme-init.js"></script>
    <script type="module" crossorigin src="/assets/index-e1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-r1.js">
  </head>
  <body><div id="root"></div></body>
</html>`;

/** The shape Vite writes: the storefront's route module shares React with the entry. */
const MANIFEST = {
  "index.html": { file: "assets/index-e1.js", imports: ["_react.js"] },
  "_react.js": { file: "assets/react-r1.js" },
  "_ui.js": { file: "assets/ui-u1.js", imports: ["_react.js"], css: ["assets/ui-u1.css"] },
  "src/app/routes/storefront.tsx": {
    file: "assets/storefront-s1.js",
    imports: ["_react.js", "_ui.js"],
  },
  "src/app/routes/shop-login.tsx": { file: "assets/shop-login-l1.js", imports: ["_react.js"] },
  "src/app/routes/merchant.tsx": {
    file: "assets/merchant-m1.js",
    imports: ["_react.js", "_ui.js"],
  },
  // Store fonts, as lib/fonts.ts's dynamic imports of @fontsource leave them.
  "../../node_modules/@fontsource/open-sans/400.css": { file: "assets/400-o4.css" },
  "../../node_modules/@fontsource/open-sans/files/open-sans-latin-400-normal.woff2": {
    file: "assets/open-sans-latin-400-normal-w4.woff2",
  },
  "../../node_modules/@fontsource/open-sans/700.css": { file: "assets/700-o7.css" },
  "../../node_modules/@fontsource/open-sans/files/open-sans-latin-700-normal.woff2": {
    file: "assets/open-sans-latin-700-normal-w7.woff2",
  },
  "../../node_modules/@fontsource/open-sans/files/open-sans-cyrillic-400-normal.woff2": {
    file: "assets/open-sans-cyrillic-400-normal-c4.woff2",
  },
  "../../node_modules/@fontsource/open-sans/files/open-sans-latin-400-normal.woff": {
    file: "assets/open-sans-latin-400-normal-w4.woff",
  },
  "../../node_modules/@fontsource/roboto/400.css": { file: "assets/400-r4.css" },
};

/** The rules the @fontsource stylesheets hold, as the build minifies them. */
const FONT_RULES = {
  "400-o4.css":
    '@font-face{font-family:Open Sans;font-display:swap;font-weight:400;src:url(/assets/open-sans-latin-400-normal-w4.woff2)format("woff2")}',
  "700-o7.css":
    '@font-face{font-family:Open Sans;font-display:swap;font-weight:700;src:url(/assets/open-sans-latin-700-normal-w7.woff2)format("woff2")}',
};

function dataBlock(html: string) {
  const match =
    /<script type="application\/json" id="storefront-snapshot">([\s\S]*?)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error("no storefront snapshot");
  return JSON.parse(match[1]);
}

let t: TestApp;
let shopId: number;
beforeAll(async () => {
  const fonts = Object.entries(FONT_RULES).map(([file, rules]) => [`assets/${file}`, rules]);
  const dist = webDist({
    "index.html": INDEX_HTML,
    ...Object.fromEntries(fonts),
    ".vite/manifest.json": JSON.stringify(MANIFEST),
  });
  t = await createTestApp({ env: { WEB_DIST: dist, PUBLIC_URL: "https://shops.test/" } });
  const { shop } = await createMerchant(t.database.db);
  if (!shop) throw new Error("no shop");
  shopId = shop.id;
  await t.database.db
    .update(shops)
    .set({
      name: "Bean & Leaf",
      tagline: "Coffee worth coming back for",
      banner: "/uploads/shops/b.jpg",
      fontStyle: "Open Sans",
    })
    .where(eq(shops.id, shopId));
  await createTier(t.database.db, shopId, { name: "Gold", priceCents: 2500 });
  await createOffer(t.database.db, shopId, { offerName: "Two for one", offerPriceCents: 500 });
});
afterAll(() => t.close());

const page = (url: string) => t.app.inject({ method: "GET", url });

function jsonLd(html: string) {
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error("no JSON-LD");
  return JSON.parse(match[1]);
}

describe("storefront head", () => {
  it("renders the shop's title, description, Open Graph, canonical and JSON-LD", async () => {
    for (const url of [`/${shopId}`, `/${shopId}/`, `/${shopId}?ref=chat`]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"], url).toMatch(/^text\/html/);
      expect(res.headers["cache-control"], url).toBe("no-cache");
      const html = res.body;
      expect(html, url).toContain("<title>Bean &amp; Leaf</title>");
      expect(html).not.toContain("<title>Tessera</title>");
      expect(html.match(/<meta name="description"/g)).toHaveLength(1);
      expect(html).toContain('<meta name="description" content="Coffee worth coming back for" />');
      expect(html).toContain('<meta property="og:title" content="Bean &amp; Leaf" />');
      expect(html).toContain(
        '<meta property="og:description" content="Coffee worth coming back for" />',
      );
      expect(html).toContain(
        '<meta property="og:image" content="https://shops.test/uploads/shops/b.jpg" />',
      );
      expect(html).toContain(`<meta property="og:url" content="https://shops.test/${shopId}" />`);
      expect(html).toContain(`<link rel="canonical" href="https://shops.test/${shopId}" />`);
      // The rest of the page is untouched: the app still boots.
      expect(html).toContain('<script src="/theme-init.js"></script>');
      expect(html).toContain('<div id="root"></div>');
    }
    const ld = jsonLd((await page(`/${shopId}`)).body);
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Organization",
      name: "Bean & Leaf",
      url: `https://shops.test/${shopId}`,
      image: "https://shops.test/uploads/shops/b.jpg",
    });
    expect(ld.makesOffer).toEqual([
      expect.objectContaining({
        "@type": "Offer",
        name: "Gold",
        price: "25.00",
        priceCurrency: "USD",
      }),
      expect.objectContaining({ "@type": "Offer", name: "Two for one", price: "5.00" }),
    ]);
  });

  it("answers an unknown shop with 404 and the plain app, which shows Store Not Found", async () => {
    for (const url of ["/987654", "/0", "/99999999999999999"]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers["content-type"], url).toMatch(/^text\/html/);
      expect(res.headers["cache-control"], url).toBe("no-cache");
      expect(res.body, url).toContain("<title>Tessera</title>");
      expect(res.body, url).toContain('<div id="root"></div>');
    }
  });

  it("leaves other client routes as they were", async () => {
    for (const url of [`/${shopId}/login`, "/merchant/dashboard", "/this/does/not/exist"]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain("<title>Tessera</title>");
      expect(res.body, url).not.toContain("og:title");
    }
  });

  it("escapes a shop whose name and tagline hold HTML", async () => {
    const { shop } = await createMerchant(t.database.db);
    if (!shop) throw new Error("no shop");
    const name = `</title><script>alert("x")</script> & $& Co's`;
    await t.database.db
      .update(shops)
      .set({ name, tagline: `"><img src=x onerror=alert(1)> </script>`, banner: null })
      .where(eq(shops.id, shop.id));
    await createOffer(t.database.db, shop.id, { offerName: "</script><script>alert(2)</script>" });
    const res = await page(`/${shop.id}`);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("<img src=x");
    expect(html).toContain(
      "<title>&lt;/title&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; $&amp; Co&#39;s</title>",
    );
    expect(html).toContain(
      'content="&quot;&gt;&lt;img src=x onerror=alert(1)&gt; &lt;/script&gt;"',
    );
    // Without a banner there is no og:image rather than a broken one.
    expect(html).not.toContain("og:image");
    // Only the page's own scripts, the JSON-LD and the data block: nothing a name opened.
    expect(html.match(/<script/g)).toHaveLength(4);
    const ld = jsonLd(html);
    expect(ld.name).toBe(name);
    expect(ld.makesOffer[0].name).toBe("</script><script>alert(2)</script>");
    const data = dataBlock(html);
    expect(data.shop.name).toBe(name);
    expect(data.offers[0].offerName).toBe("</script><script>alert(2)</script>");
  });

  it("writes the storefront read and what the page loads next into the page", async () => {
    const html = (await page(`/${shopId}`)).body;
    const api = await t.app.inject({ method: "GET", url: `/api/v1/storefront?shopId=${shopId}` });
    // The same answer the page would ask for, so the app can skip the round trip.
    expect(dataBlock(html)).toEqual(api.json());
    // The route's own chunks, not the ones index.html already loads.
    expect(html).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/storefront-s1.js" />',
    );
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/ui-u1.js" />');
    expect(html).toContain('<link rel="stylesheet" href="/assets/ui-u1.css" />');
    expect(html.match(/react-r1\.js/g)).toHaveLength(1);
    // The banner is the largest paint: fetched with the page.
    expect(html).toContain(
      '<link rel="preload" as="image" fetchpriority="high" href="/uploads/shops/b.jpg" />',
    );
    expect(html).not.toContain("shop-login-l1.js");
    // The shop's font comes with the page: its rules written in (no stylesheet to fetch before
    // the first paint) and its regular weight's Latin file, nothing else.
    expect(html).toContain(
      `<style data-shop-font="Open Sans">${FONT_RULES["400-o4.css"]}${FONT_RULES["700-o7.css"]}</style>`,
    );
    expect(html).not.toContain('<link rel="stylesheet" href="/assets/400-o4.css" />');
    expect(html).toContain(
      '<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/open-sans-latin-400-normal-w4.woff2" />',
    );
    expect(html).not.toContain('href="/assets/open-sans-latin-700-normal-w7.woff2"');
    expect(html).not.toContain("cyrillic");
    expect(html).not.toContain("400-r4.css");
    expect(html).not.toContain('normal-w4.woff"');
  });

  it("writes the shop and the sign-in chunk into the shop's sign-in page", async () => {
    const res = await page(`/${shopId}/login`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-cache");
    const html = res.body;
    expect(dataBlock(html).shop).toMatchObject({ id: shopId, name: "Bean & Leaf" });
    expect(html).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/shop-login-l1.js" />',
    );
    expect(html).not.toContain("storefront-s1.js");
    expect(html).toContain('<style data-shop-font="Open Sans">@font-face{');
    // Not a page to share or to paint a banner on: the generic head, no image preload.
    expect(html).toContain("<title>Tessera</title>");
    expect(html).not.toContain('rel="preload" as="image"');
    // An unknown shop's sign-in is the plain page, whose app shows Store Not Found.
    const unknown = await page("/987654/login");
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).not.toContain("storefront-snapshot");
    // Other pages get nothing.
    for (const url of ["/merchant/dashboard", `/${shopId}/register`, `/${shopId}/login/x`]) {
      expect((await page(url)).body, url).not.toContain("storefront-snapshot");
    }
  });

  it("links the font's stylesheets when their rules cannot be read", async () => {
    // Roboto's stylesheet is in the manifest but not on disk (a build being replaced).
    await t.database.db.update(shops).set({ fontStyle: "Roboto" }).where(eq(shops.id, shopId));
    try {
      const html = (await page(`/${shopId}/login`)).body;
      expect(html).toContain('<link rel="stylesheet" href="/assets/400-r4.css" />');
      expect(html).not.toContain("data-shop-font");
    } finally {
      await t.database.db.update(shops).set({ fontStyle: "Open Sans" }).where(eq(shops.id, shopId));
    }
  });

  it("names the merchant area's chunks in its pages, and only there", async () => {
    for (const url of ["/merchant/dashboard", "/merchant", "/merchant/members?page=2"]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["cache-control"], url).toBe("no-cache");
      const html = res.body;
      expect(html, url).toContain(
        '<link rel="modulepreload" crossorigin href="/assets/merchant-m1.js" />',
      );
      expect(html, url).toContain(
        '<link rel="modulepreload" crossorigin href="/assets/ui-u1.js" />',
      );
      expect(html, url).toContain('<link rel="stylesheet" href="/assets/ui-u1.css" />');
      // What index.html already loads is not named twice; no shop, so no font or data block.
      expect(html.match(/react-r1\.js/g), url).toHaveLength(1);
      expect(html, url).not.toContain("storefront-snapshot");
      expect(html, url).not.toContain('as="font"');
    }
    for (const url of ["/", "/create-shop", "/merchants", `/${shopId}/customer/dashboard`]) {
      expect((await page(url)).body, url).not.toContain("merchant-m1.js");
    }
  });
});
