import { mkdtempSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
// @ts-expect-error s3rver ships no types
import S3rver from "s3rver";

/**
 * A real S3-compatible server (s3rver) on a free port, holding the bucket the app uploads to,
 * with its stock credentials; `env` is what points an app at it.
 */
export async function startS3Server() {
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory: mkdtempSync(join(tmpdir(), "tessera-s3-")),
    configureBuckets: [{ name: "tessera-uploads" }],
  });
  const address = (await (
    server as unknown as { run: () => Promise<AddressInfo> }
  ).run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: "tessera-uploads",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
