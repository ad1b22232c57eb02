export {
  FIELD_TOO_LONG_MESSAGE,
  type FileFieldRule,
  type MultipartForm,
  NOT_MULTIPART_MESSAGE,
  readFileField,
  readMultipartForm,
  registerMultipart,
  TOO_MANY_PARTS_MESSAGE,
  type UploadedFile,
} from "./multipart";
export {
  detectImageType,
  MAX_IMAGE_PIXELS,
  type ProcessedImage,
  processFormImage,
  processImage,
  TOO_MANY_PIXELS_MESSAGE,
} from "./process-image";
export {
  createShopBannerRules,
  createShopLogoRules,
  type ImageRules,
  type ImageType,
  offerImageRules,
  profilePictureRules,
  storeBannerRules,
  storeLogoRules,
} from "./rules";
export { replaceImage, storeImage } from "./store-image";
export { registerMedia } from "./variant-hosting";
