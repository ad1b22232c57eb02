/**
 * Smaller copies of a stored image (banner, logo, offer picture), made on first request and
 * cached: `/media?src=<stored url>&w=<width>` answers a WebP at most `w` pixels wide. Only the
 * widths listed here exist, so nobody can make the server resize to every width in turn.
 */
export const IMAGE_VARIANT_WIDTHS = [96, 160, 320, 640, 960, 1280, 1920] as const;
export type ImageVariantWidth = (typeof IMAGE_VARIANT_WIDTHS)[number];

export const IMAGE_VARIANT_PATH = "/media";

/** Only stored uploads have variants: local `/uploads/…` files or a bucket's `http(s)` URLs. */
export function hasImageVariants(src: string | null | undefined): src is string {
  return Boolean(src && (src.startsWith("/uploads/") || /^https?:\/\//i.test(src)));
}

export function imageVariantUrl(src: string, width: ImageVariantWidth): string {
  return `${IMAGE_VARIANT_PATH}?src=${encodeURIComponent(src)}&w=${width}`;
}

/** A `srcset` of the given widths, or undefined when the image has no variants. */
export function imageSrcSet(
  src: string | null | undefined,
  widths: readonly ImageVariantWidth[],
): string | undefined {
  if (!hasImageVariants(src)) return undefined;
  return widths.map((w) => `${imageVariantUrl(src, w)} ${w}w`).join(", ");
}

/** `srcset` and `sizes` for an image as one layout shows it. */
export type ImageLayout = { widths: readonly ImageVariantWidth[]; sizes: string };

/**
 * How the web app lays out stored images, shared with the server so the storefront's HTML can
 * preload exactly the variant the page will pick.
 */
export const IMAGE_LAYOUTS = {
  /** Storefront hero: half of the 1152 px container from `md` up, the page's width below. */
  storefrontBanner: {
    widths: [320, 640, 960, 1280, 1920],
    sizes: "(min-width: 1152px) 536px, (min-width: 768px) calc(50vw - 40px), calc(100vw - 32px)",
  },
  /** A banner across the page (merchant storefront, sign-in side panel). */
  wideBanner: { widths: [640, 960, 1280, 1920], sizes: "100vw" },
  /** Offer cards: one to three columns. */
  offerCard: {
    widths: [320, 640, 960],
    sizes: "(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw",
  },
  /** The small picture beside an offer in a list. */
  offerThumb: { widths: [160, 320], sizes: "(min-width: 640px) 144px, 96px" },
  /** Shop logos are at most 80 CSS pixels square. */
  logo: { widths: [96, 160, 320], sizes: "80px" },
} as const satisfies Record<string, ImageLayout>;

/** `srcSet` and `sizes` props for an `<img>` of `src` in `layout`; empty for other images. */
export function responsiveImage(
  src: string | null | undefined,
  layout: ImageLayout,
): { srcSet?: string; sizes?: string } {
  const srcSet = imageSrcSet(src, layout.widths);
  return srcSet ? { srcSet, sizes: layout.sizes } : {};
}
