import type { ImageSize } from "@tessera/shared";

/**
 * The pixel size of an image file, or null when the browser cannot decode it (HEIC outside
 * Safari, a corrupt file): the server decodes it for real and answers with the spec's message.
 */
export function readImageSize(file: File): Promise<ImageSize | null> {
  if (typeof URL.createObjectURL !== "function" || typeof Image === "undefined") {
    return Promise.resolve(null);
  }
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    const done = (size: ImageSize | null) => {
      URL.revokeObjectURL(url);
      resolve(size);
    };
    image.onload = () => done({ width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => done(null);
    image.src = url;
  });
}
