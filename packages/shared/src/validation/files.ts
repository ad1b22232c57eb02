import { FILE_MESSAGES, OFFER_MESSAGES, SHOP_MESSAGES } from "./messages.ts";

/**
 * File checks shared by the browser (a `File`) and the server (a multipart part): both have a
 * name, a size in bytes and a MIME type. Each check returns the message to show, or `undefined`
 * when the file is fine. Pixel sizes are checked separately because only a decoder knows them.
 */
export type FileLike = { readonly name: string; readonly size: number; readonly type: string };
export type ImageSize = { readonly width: number; readonly height: number };

const MB = 1024 * 1024;
export const MAX_IMAGE_BYTES = 5 * MB;
/** The create-shop uploader's own limit (spec: "up to 6MB"). */
export const MAX_SHOP_IMAGE_BYTES = 6 * MB;

type FileRule = {
  maxBytes: number;
  tooLarge: string;
  /** Allowed extensions (lower case, no dot) and the MIME types each may carry. */
  types: Readonly<Record<string, readonly string[]>>;
  wrongType: string;
};

function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot < 0 ? "" : name.slice(dot + 1).toLowerCase();
}

function checkFile(file: FileLike, rule: FileRule): string | undefined {
  const allowedTypes = rule.types[extensionOf(file.name)];
  // Type and extension must both match: a renamed file (or a mislabelled one) is refused.
  if (!allowedTypes?.includes(file.type.toLowerCase())) return rule.wrongType;
  if (file.size > rule.maxBytes) return rule.tooLarge;
  return undefined;
}

const JPEG = ["image/jpeg", "image/jpg", "image/pjpeg"];
const PNG = ["image/png"];
// Browsers outside Apple platforms often report HEIC/HEIF files with an empty type.
const HEIC = ["image/heic", "image/heif", "image/heic-sequence", "image/heif-sequence", ""];

/** Profile picture: JPG/JPEG/PNG by type and extension, at most 5MB. */
export function checkProfilePictureFile(file: FileLike): string | undefined {
  return checkFile(file, {
    maxBytes: MAX_IMAGE_BYTES,
    tooLarge: FILE_MESSAGES.tooLarge,
    types: { jpg: JPEG, jpeg: JPEG, png: PNG },
    wrongType: FILE_MESSAGES.profileType,
  });
}

/** Create-shop logo or banner: png, jpeg, heic or heif, at most 6MB (DOMAIN "Shop images"). */
export function checkShopImageFile(file: FileLike): string | undefined {
  return checkFile(file, {
    maxBytes: MAX_SHOP_IMAGE_BYTES,
    tooLarge: FILE_MESSAGES.tooLarge6,
    types: { png: PNG, jpg: JPEG, jpeg: JPEG, heic: HEIC, heif: HEIC },
    wrongType: FILE_MESSAGES.shopImageType,
  });
}

/** Create shop: both images are required; returns a message per missing or wrong file. */
export function checkCreateShopFiles(files: { logo?: FileLike | null; banner?: FileLike | null }): {
  logo?: string;
  banner?: string;
} {
  const errors: { logo?: string; banner?: string } = {};
  const logo = files.logo ? checkShopImageFile(files.logo) : SHOP_MESSAGES.logoRequired;
  const banner = files.banner ? checkShopImageFile(files.banner) : SHOP_MESSAGES.bannerRequired;
  if (logo) errors.logo = logo;
  if (banner) errors.banner = banner;
  return errors;
}

/** Customize Store logo or cover photo file: PNG, JPEG, JPG, at most 5MB. */
export function checkStoreImageFile(file: FileLike): string | undefined {
  return checkFile(file, {
    maxBytes: MAX_IMAGE_BYTES,
    tooLarge: FILE_MESSAGES.tooLarge,
    types: { png: PNG, jpg: JPEG, jpeg: JPEG },
    wrongType: FILE_MESSAGES.storeImageType,
  });
}

export const STORE_LOGO_SIZE = { width: 200, height: 200 } as const;
export const STORE_BANNER_SIZE = {
  minWidth: 480,
  maxWidth: 520,
  minHeight: 250,
  maxHeight: 290,
  /** Advice shown to the merchant and the in-browser crop target. */
  recommended: { width: 502, height: 270 },
} as const;

/** Customize Store logo: exactly 200 × 200. */
export function checkStoreLogoSize(size: ImageSize): string | undefined {
  return size.width === STORE_LOGO_SIZE.width && size.height === STORE_LOGO_SIZE.height
    ? undefined
    : FILE_MESSAGES.logoSize;
}

/** Customize Store cover photo: 480–520 wide, 250–290 high. */
export function checkStoreBannerSize(size: ImageSize): string | undefined {
  return fitsRange(size, STORE_BANNER_SIZE) ? undefined : FILE_MESSAGES.bannerSize;
}

/** Offer image file: png, jpeg, jpg, heic or heif, at most 5MB. */
export function checkOfferImageFile(file: FileLike): string | undefined {
  return checkFile(file, {
    maxBytes: MAX_IMAGE_BYTES,
    tooLarge: FILE_MESSAGES.tooLarge,
    types: { png: PNG, jpg: JPEG, jpeg: JPEG, heic: HEIC, heif: HEIC },
    wrongType: FILE_MESSAGES.offerImageType,
  });
}

export const OFFER_IMAGE_SIZE = {
  minWidth: 330,
  maxWidth: 350,
  minHeight: 210,
  maxHeight: 230,
  recommended: { width: 330, height: 210 },
} as const;

/** Offer image: 330–350 wide, 210–230 high. */
export function checkOfferImageSize(size: ImageSize): string | undefined {
  return fitsRange(size, OFFER_IMAGE_SIZE) ? undefined : FILE_MESSAGES.offerImageSize;
}

/**
 * Offer image on the form: required (create and update word it differently), then the file and,
 * when known, its pixel size. `hasExisting` is true on update when the offer keeps its image.
 */
export function checkOfferImage(input: {
  file?: FileLike | null;
  size?: ImageSize | null;
  hasExisting?: boolean;
  mode: "create" | "update";
}): string | undefined {
  if (!input.file) {
    if (input.hasExisting) return undefined;
    return input.mode === "create"
      ? OFFER_MESSAGES.imageRequiredCreate
      : OFFER_MESSAGES.imageRequired;
  }
  return (
    checkOfferImageFile(input.file) ?? (input.size ? checkOfferImageSize(input.size) : undefined)
  );
}

type SizeRange = { minWidth: number; maxWidth: number; minHeight: number; maxHeight: number };

/** Both sides within their bounds, the bounds included. */
function fitsRange(size: ImageSize, range: SizeRange): boolean {
  return (
    size.width >= range.minWidth &&
    size.width <= range.maxWidth &&
    size.height >= range.minHeight &&
    size.height <= range.maxHeight
  );
}

export { sanitizeFileName } from "./file-names.ts";
