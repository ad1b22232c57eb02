import {
  type PublicOffer,
  type PublicTier,
  type Shop,
  STOREFRONT_SNAPSHOT_ID,
} from "@tessera/shared";

/**
 * The `<head>` of a storefront page `/{shopId}`, written by the server into the built
 * index.html: link previews (chat apps, social sites) and search engines read the HTML and run
 * no JavaScript, so without this every shared store link would preview as "Tessera".
 */

/** `/{digits}` or `/{digits}/`, the query string aside: the only page whose head is the shop's. */
const STOREFRONT_PATH = /^\/(\d{1,18})\/?(?:\?.*)?$/;

/** The shop id text of a bare storefront URL, or null for every other path. */
export function storefrontIdText(url: string): string | null {
  return STOREFRONT_PATH.exec(url)?.[1] ?? null;
}

const SHOP_LOGIN_PATH = /^\/(\d{1,18})\/login\/?(?:\?.*)?$/;

/** The shop id text of a shop's sign-in URL `/{digits}/login`, or null. */
export function shopLoginIdText(url: string): string | null {
  return SHOP_LOGIN_PATH.exec(url)?.[1] ?? null;
}

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Safe in text and in quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/**
 * JSON inside `<script type="application/ld+json">`: `<` is escaped so a name holding
 * `</script>` cannot close the element; U+2028/2029 for old JSON-as-JS parsers.
 */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

export type StorefrontHeadInput = {
  shop: Shop;
  memberships: PublicTier[];
  offers: PublicOffer[];
  /** PUBLIC_URL without a trailing slash. */
  publicUrl: string;
  /** Hints for what the page loads next (route-preload.ts); empty for none. */
  preload?: string;
};

function absolute(url: string, publicUrl: string): string {
  return new URL(url, `${publicUrl}/`).toString();
}

function describeShop(shop: Shop): string {
  return shop.tagline?.trim() || `Memberships and offers from ${shop.name}.`;
}

/** schema.org Organization with what it sells today: its tiers and its running offers. */
function organization({ shop, memberships, offers, publicUrl }: StorefrontHeadInput) {
  const url = `${publicUrl}/${shop.id}`;
  const sold = [
    ...memberships.map((tier) => ({
      "@type": "Offer",
      name: tier.name,
      description: tier.description,
      price: tier.price.toFixed(2),
      priceCurrency: "USD",
      url,
    })),
    ...offers.map((offer) => ({
      "@type": "Offer",
      name: offer.offerName,
      description: offer.description,
      price: offer.offerPrice.toFixed(2),
      priceCurrency: "USD",
      validFrom: offer.startDate,
      validThrough: offer.endDate,
      url,
    })),
  ];
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: shop.name,
    description: describeShop(shop),
    url,
    ...(shop.logo ? { logo: absolute(shop.logo, publicUrl) } : {}),
    ...(shop.banner ? { image: absolute(shop.banner, publicUrl) } : {}),
    ...(sold.length > 0 ? { makesOffer: sold } : {}),
  };
}

/** The tags that replace the generic title and description of index.html. */
export function storefrontHeadTags(input: StorefrontHeadInput): string {
  const { shop, publicUrl } = input;
  const url = `${publicUrl}/${shop.id}`;
  const title = escapeHtml(shop.name);
  const description = escapeHtml(describeShop(shop));
  const tags = [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="Tessera" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
  ];
  if (shop.banner) {
    tags.push(
      `<meta property="og:image" content="${escapeHtml(absolute(shop.banner, publicUrl))}" />`,
    );
    tags.push(`<meta name="twitter:card" content="summary_large_image" />`);
  }
  tags.push(`<script type="application/ld+json">${jsonForScript(organization(input))}</script>`);
  return tags.join("\n    ");
}

/**
 * What the page loads next, named in its HTML: the route's chunks (route-preload.ts), the
 * banner, and the storefront read the app would make next, answered now as a data block (never
 * run, so the CSP's script rule does not apply) that the app takes once instead of a round trip.
 */
export function pageDataTags(input: StorefrontHeadInput, options: { banner: boolean }): string {
  const { shop, memberships, offers, preload } = input;
  const tags: string[] = [];
  if (options.banner && shop.banner) {
    // The storefront's largest paint: fetched with the HTML, not after the app has started.
    tags.push(
      `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(shop.banner)}" />`,
    );
  }
  if (preload) tags.push(preload);
  tags.push(
    `<script type="application/json" id="${STOREFRONT_SNAPSHOT_ID}">${jsonForScript({ shop, memberships, offers })}</script>`,
  );
  return tags.join("\n    ");
}

/** index.html with the page data of a shop page other than the storefront (its sign-in). */
export function renderShopPageHtml(html: string, input: StorefrontHeadInput): string {
  const tags = pageDataTags(input, { banner: false });
  // A page without a head (never the build's) still gets its data: the block works anywhere.
  if (!/<\/head>/i.test(html)) return `${html}\n${tags}`;
  return html.replace(/<\/head>/i, () => `  ${tags}\n  </head>`);
}

/**
 * index.html with the shop's head: the generic `<title>` and description are dropped (two
 * titles would leave the choice to the reader) and the shop's tags go where the title was.
 */
export function renderStorefrontHtml(html: string, input: StorefrontHeadInput): string {
  const withoutGeneric = html
    .replace(/<title>[^<]*<\/title>/i, "<!--storefront-head-->")
    .replace(/<meta\s+name="description"[^>]*>\s*/i, "");
  const marked = withoutGeneric.includes("<!--storefront-head-->")
    ? withoutGeneric
    : withoutGeneric.replace(/<\/head>/i, "<!--storefront-head-->\n  </head>");
  const tags = `${storefrontHeadTags(input)}\n    ${pageDataTags(input, { banner: true })}`;
  // A function replacement: `$&` or `$1` in a shop's name must stay literal text.
  return marked.replace("<!--storefront-head-->", () => tags);
}
