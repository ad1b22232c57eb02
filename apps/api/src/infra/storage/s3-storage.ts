import { AwsClient } from "aws4fetch";
import { isStorageKey, newStorageKey, type Storage } from "./disk-storage";

export type S3Options = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where browsers load the files from: a CDN or the bucket's public address. */
  publicBaseUrl: string;
};

/**
 * Uploads in any S3-compatible object store (AWS S3, MinIO, R2…), addressed path-style so any
 * endpoint works. Files are public-read through `publicBaseUrl`, never overwritten, and cached
 * for a year.
 */
export function createS3Storage(options: S3Options): Storage {
  const client = new AwsClient({
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    region: options.region,
    service: "s3",
  });
  const objectUrl = (key: string) =>
    `${options.endpoint.replace(/\/+$/, "")}/${options.bucket}/${key}`;
  const publicBase = options.publicBaseUrl.replace(/\/+$/, "");

  return {
    kind: "s3",

    async save(buffer, { extension, contentType, folder }) {
      const key = newStorageKey(folder, extension);
      const res = await client.fetch(objectUrl(key), {
        method: "PUT",
        body: new Uint8Array(buffer),
        headers: {
          "content-type": contentType,
          "cache-control": "public, max-age=31536000, immutable",
        },
      });
      if (!res.ok) {
        throw new Error(`S3 upload failed: ${res.status} ${(await res.text()).slice(0, 300)}`);
      }
      return { key, url: `${publicBase}/${key}` };
    },

    async remove(key) {
      if (!isStorageKey(key)) return;
      const res = await client.fetch(objectUrl(key), { method: "DELETE" });
      if (!res.ok && res.status !== 404) throw new Error(`S3 delete failed: ${res.status}`);
    },

    async read(key) {
      if (!isStorageKey(key)) return null;
      const res = await client.fetch(objectUrl(key));
      if (res.status === 404 || res.status === 403) return null;
      if (!res.ok) throw new Error(`S3 read failed: ${res.status}`);
      return Buffer.from(await res.arrayBuffer());
    },

    keyFromUrl(url) {
      if (!url.startsWith(`${publicBase}/`)) return null;
      const key = url.slice(publicBase.length + 1);
      return isStorageKey(key) ? key : null;
    },

    absoluteUrl(url) {
      return url;
    },
  };
}
