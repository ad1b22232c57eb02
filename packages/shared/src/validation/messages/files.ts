// Upload messages. The wording rules are in ../messages.ts.

export const FILE_MESSAGES = {
  tooLarge: "File size must be less than 5MB",
  profileType: "Only JPG, JPEG, and PNG files are allowed",
  corrupt: "Invalid image file or corrupted image",
  /** Chosen: the create-shop uploader allows 6MB. */
  tooLarge6: "File size must be less than 6MB",
  /** Chosen. */
  shopImageType: "Only PNG, JPEG, HEIC and HEIF files are allowed",
  /** Chosen. */
  storeImageType: "Only PNG, JPEG and JPG files are allowed",
  /** Chosen. */
  offerImageType: "Only PNG, JPEG, JPG, HEIC and HEIF files are allowed",
  /** Chosen. */
  logoSize: "Logo must be exactly 200 x 200 pixels",
  /** Chosen. */
  bannerSize: "Cover photo must be 480-520 pixels wide and 250-290 pixels high",
  /** Chosen. */
  offerImageSize: "Image must be 330-350 pixels wide and 210-230 pixels high",
} as const;
