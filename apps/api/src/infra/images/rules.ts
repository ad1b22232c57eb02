import {
  checkOfferImageSize,
  checkStoreBannerSize,
  checkStoreLogoSize,
  FILE_MESSAGES,
  type ImageSize,
  MAX_IMAGE_BYTES,
  MAX_SHOP_IMAGE_BYTES,
} from "@tessera/shared";

/** Formats recognised by content. `heif` covers HEIC (HEVC-coded) and other HEIF images. */
export type ImageType = "png" | "jpeg" | "heif";

/** What one upload field accepts. Messages and limits come from `@tessera/shared`. */
export type ImageRules = {
  /** The form field the errors are reported on (`errors[field]`). */
  readonly field: string;
  readonly allowedTypes: readonly ImageType[];
  readonly wrongType: string;
  readonly maxBytes: number;
  readonly tooLarge: string;
  /** Checks the pixel size (after EXIF rotation); returns the message to show, if any. */
  readonly checkSize?: (size: ImageSize) => string | undefined;
  /**
   * Stored images are scaled down (never up) so the longer side is at most this many pixels: a
   * 12-megapixel phone photo uploaded as a logo would otherwise be sent to every visitor.
   */
  readonly fitWithin?: number;
};

/** The 5MB limit most uploads have, with its message. */
const upTo5MB = { maxBytes: MAX_IMAGE_BYTES, tooLarge: FILE_MESSAGES.tooLarge } as const;

/** The create-shop form's images: png, jpeg, heic or heif, at most 6MB. */
const createShopImage = {
  allowedTypes: ["png", "jpeg", "heif"],
  wrongType: FILE_MESSAGES.shopImageType,
  maxBytes: MAX_SHOP_IMAGE_BYTES,
  tooLarge: FILE_MESSAGES.tooLarge6,
} as const;

/** Customize Store's images: PNG/JPEG/JPG, at most 5MB, each with its exact size. */
const customizeStoreImage = {
  allowedTypes: ["png", "jpeg"],
  wrongType: FILE_MESSAGES.storeImageType,
  ...upTo5MB,
} as const;

/** Profile picture (merchant, staff, customer): JPG/JPEG/PNG, at most 5MB. */
export const profilePictureRules: ImageRules = {
  field: "profilePicture",
  allowedTypes: ["png", "jpeg"],
  wrongType: FILE_MESSAGES.profileType,
  ...upTo5MB,
  fitWithin: 1024,
};

/** Create shop logo: any size (the form only advises). */
export const createShopLogoRules: ImageRules = {
  field: "logo",
  ...createShopImage,
  fitWithin: 1024,
};

/** Create shop banner (advice: at least 2048x1152). */
export const createShopBannerRules: ImageRules = {
  field: "banner",
  ...createShopImage,
  fitWithin: 2560,
};

/** Customize Store logo: exactly 200 x 200. */
export const storeLogoRules: ImageRules = {
  field: "logo",
  ...customizeStoreImage,
  checkSize: checkStoreLogoSize,
};

/** Customize Store cover photo: 480-520 x 250-290. */
export const storeBannerRules: ImageRules = {
  field: "banner",
  ...customizeStoreImage,
  checkSize: checkStoreBannerSize,
};

/** Offer image: png, jpeg, jpg, heic or heif, at most 5MB, 330-350 x 210-230. */
export const offerImageRules: ImageRules = {
  field: "offerImage",
  allowedTypes: ["png", "jpeg", "heif"],
  wrongType: FILE_MESSAGES.offerImageType,
  ...upTo5MB,
  checkSize: checkOfferImageSize,
};
