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
