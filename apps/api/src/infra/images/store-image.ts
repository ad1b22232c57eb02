import type { Storage, StoredFile } from "../storage";
import type { ProcessedImage } from "./process-image";

/**
 * Stores a checked image under a new name in one of the upload folders ("profiles", "offers",
 * "shops"); its processed type decides the extension and the content type it is served with.
 */
export function storeImage(
  storage: Storage,
  image: ProcessedImage,
  folder: string,
): Promise<StoredFile> {
  return storage.save(image.buffer, {
    extension: image.extension,
    contentType: image.contentType,
    folder,
  });
}
