export {
  createStorage,
  type DiskStorage,
  isStorageKey,
  type SaveOptions,
  type Storage,
  type StoredFile,
  UPLOADS_URL_PREFIX,
} from "./disk-storage";
export { registerUploadsHosting } from "./hosting";
export { createS3Storage, type S3Options } from "./s3-storage";
