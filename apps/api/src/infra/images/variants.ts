import { createHash, randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { IMAGE_VARIANT_WIDTHS, type ImageVariantWidth } from "@tessera/shared";
import { loadSharp } from "../lazy-packages";
import type { Storage } from "../storage";
import { MAX_IMAGE_PIXELS } from "./process-image";

/** WebP at this quality is a third of the stored JPEG's bytes with no visible loss at size. */
const WEBP_QUALITY = 78;

export type ImageVariants = {
  /**
   * A WebP of the stored image at `src`, at most `width` pixels wide (never enlarged), or null
   * when `src` is not a file this store holds.
   */
  get(src: string, width: ImageVariantWidth): Promise<Buffer | null>;
};

export function isVariantWidth(value: number): value is ImageVariantWidth {
  return (IMAGE_VARIANT_WIDTHS as readonly number[]).includes(value);
}

/**
 * Variants are made on first request and kept under `DATA_DIR/cache/images`: stored files
 * never change (a new upload gets a new name), so a variant never goes stale, works for images
 * uploaded before variants existed, and the cache can be deleted at any time. Each instance
 * keeps its own; concurrent requests for one variant share a single resize.
 */
export function createImageVariants(options: { storage: Storage; dataDir: string }): ImageVariants {
  const cacheDir = join(options.dataDir, "cache", "images");
  const inFlight = new Map<string, Promise<Buffer | null>>();

  async function make(key: string, width: ImageVariantWidth, path: string) {
    try {
      return await readFile(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
    const original = await options.storage.read(key);
    if (!original) return null;
    let variant: Buffer;
    try {
      const sharp = await loadSharp();
      variant = await sharp(original, { limitInputPixels: MAX_IMAGE_PIXELS })
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY, effort: 4 })
        .toBuffer();
    } catch {
      // Every stored image was decoded once at upload; one that no longer decodes has no variant.
      return null;
    }
    await mkdir(cacheDir, { recursive: true });
    // Written aside and renamed into place, so a concurrent reader never sees half a file.
    const partial = `${path}.${randomBytes(6).toString("hex")}.partial`;
    try {
      await writeFile(partial, variant);
      await rename(partial, path);
    } catch {
      // A full or read-only disk only costs the next request another resize.
      await rm(partial, { force: true });
    }
    return variant;
  }

  return {
    async get(src, width) {
      const key = options.storage.keyFromUrl(src);
      if (!key) return null;
      const name = `${createHash("sha256").update(key).digest("hex").slice(0, 32)}-w${width}.webp`;
      const running = inFlight.get(name);
      if (running) return running;
      const job = make(key, width, join(cacheDir, name)).finally(() => inFlight.delete(name));
      inFlight.set(name, job);
      return job;
    },
  };
}
