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

/**
 * Puts a newly sent image in place of a row's old one. The new file (when one was sent) is saved
 * first and `write` stores its URL (null: no new image, keep the old one) in the row, answering
 * what it saved and the URL the row held before. When `write` fails the new file is removed; when
 * it succeeds the old file is. A URL this storage did not hand out (a picture from Google
 * sign-in) is not ours to delete and stays.
 */
export async function replaceImage<T>(
  storage: Storage,
  image: ProcessedImage | null | undefined,
  folder: string,
  write: (url: string | null) => Promise<{ saved: T; previousUrl: string | null }>,
): Promise<T> {
  const stored = image ? await storeImage(storage, image, folder) : null;
  let result: { saved: T; previousUrl: string | null };
  try {
    result = await write(stored ? stored.url : null);
  } catch (error) {
    if (stored) await storage.remove(stored.key).catch(() => {});
    throw error;
  }
  const previousKey = stored && result.previousUrl ? storage.keyFromUrl(result.previousUrl) : null;
  if (previousKey) await storage.remove(previousKey).catch(() => {});
  return result.saved;
}
