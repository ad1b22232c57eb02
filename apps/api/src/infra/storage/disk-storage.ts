import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, unlink, writeFile } from "node:fs/promises";
import { dirname, join, resolve, sep } from "node:path";

export type SaveOptions = {
  /** Lower-case file extension without the dot, e.g. "png" or "jpg". */
  extension: string;
  contentType: string;
  /** Where the file groups, e.g. "shops" or "offers"; lower-case letters, digits, "-" and "/". */
  folder: string;
};

export type StoredFile = {
  /** Identifies the file inside the store: `<folder>/<name>.<ext>`. */
  key: string;
  /** What the database keeps and the browser loads. Relative on disk, so any host works. */
  url: string;
};

/**
 * Where uploaded files live. The disk store is the embedded default; an S3-compatible store
 * (when `S3_*` is configured) implements the same three calls and returns bucket or CDN URLs,
 * and then nothing is served from `/uploads`.
 */
export type Storage = {
  readonly kind: "disk" | "s3";
  /** Stores a new file under a random, unguessable name; files are never overwritten. */
  save(buffer: Buffer, options: SaveOptions): Promise<StoredFile>;
  /** Deletes a file; a missing file is not an error. */
  remove(key: string): Promise<void>;
  /** A stored file's bytes, or null when there is no such file. */
  read(key: string): Promise<Buffer | null>;
  /** The key of a URL this store handed out (as kept in the database), or null for any other. */
  keyFromUrl(url: string): string | null;
  /** A full URL for places that need one (e-mails): the stored URL resolved against PUBLIC_URL. */
  absoluteUrl(url: string): string;
};

export type DiskStorage = Storage & {
  readonly kind: "disk";
  /** `DATA_DIR/uploads`: the only directory `/uploads/*` serves from. */
  readonly root: string;
  /** The absolute path of a key, or null when the key is not one this store could have made. */
  pathOf(key: string): string | null;
};

export const UPLOADS_URL_PREFIX = "/uploads/";

const FOLDER = /^[a-z0-9][a-z0-9-]*(?:\/[a-z0-9][a-z0-9-]*)*$/;
const EXTENSION = /^[a-z0-9]{1,8}$/;
// What `save` produces: folder segments, then 22 base64url characters (128 random bits).
const KEY = /^[a-z0-9][a-z0-9-]*(?:\/[a-z0-9][a-z0-9-]*)*\/[A-Za-z0-9_-]{22}\.[a-z0-9]{1,8}$/;

export function isStorageKey(key: string): boolean {
  return key.length <= 300 && KEY.test(key);
}

/** A fresh random key for a file: `<folder>/<22 random characters>.<ext>`. */
export function newStorageKey(folder: string, extension: string): string {
  if (!FOLDER.test(folder)) throw new TypeError(`Invalid storage folder: ${folder}`);
  if (!EXTENSION.test(extension)) throw new TypeError(`Invalid extension: ${extension}`);
  return `${folder}/${randomBytes(16).toString("base64url")}.${extension}`;
}

export function createStorage(options: { dataDir: string; publicUrl: string }): DiskStorage {
  const root = resolve(options.dataDir, "uploads");
  const publicUrl = options.publicUrl.replace(/\/+$/, "");

  function pathOf(key: string): string | null {
    if (!isStorageKey(key)) return null;
    const path = resolve(root, key);
    // The pattern already excludes "..", this is the belt to those braces.
    return path.startsWith(root + sep) ? path : null;
  }

  return {
    kind: "disk",
    root,
    pathOf,

    async save(buffer, { extension, folder }) {
      const key = newStorageKey(folder, extension);
      const path = join(root, key);
      await mkdir(dirname(path), { recursive: true });
      // Written aside and renamed into place, so a reader never sees half a file.
      const partial = `${path}.${randomBytes(6).toString("hex")}.partial`;
      try {
        await writeFile(partial, buffer, { flag: "wx" });
        await rename(partial, path);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return { key, url: `${UPLOADS_URL_PREFIX}${key}` };
    },

    async remove(key) {
      const path = pathOf(key);
      if (!path) return;
      try {
        await unlink(path);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      }
    },

    async read(key) {
      const path = pathOf(key);
      if (!path) return null;
      try {
        return await readFile(path);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "ENOENT" || code === "EISDIR") return null;
        throw error;
      }
    },

    keyFromUrl(url) {
      const path = url.startsWith(publicUrl + UPLOADS_URL_PREFIX)
        ? url.slice(publicUrl.length)
        : url;
      if (!path.startsWith(UPLOADS_URL_PREFIX)) return null;
      const key = path.slice(UPLOADS_URL_PREFIX.length);
      return isStorageKey(key) ? key : null;
    },

    absoluteUrl(url) {
      return /^https?:\/\//i.test(url)
        ? url
        : `${publicUrl}${url.startsWith("/") ? "" : "/"}${url}`;
    },
  };
}
