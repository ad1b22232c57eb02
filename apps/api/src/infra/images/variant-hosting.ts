import { IMAGE_VARIANT_PATH } from "@tessera/shared";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { NOT_FOUND_MESSAGE } from "../../plugins/errors";
import { type DiskStorage, registerUploadsHosting, type Storage } from "../storage";
import { createImageVariants, isVariantWidth } from "./variants";

const query = z.object({ src: z.string().max(2048), w: z.coerce.number().int() });

/**
 * Serves stored images: `/uploads/*` from the disk store (a bucket serves its own), and
 * `/media?src=&w=`, the same image resized to a width the page asks for in its `srcset`.
 */
export function registerMedia(
  app: FastifyInstance,
  options: { storage: Storage; diskStorage: DiskStorage | null; dataDir: string },
) {
  if (options.diskStorage) registerUploadsHosting(app, options.diskStorage);
  const variants = createImageVariants(options);
  app.get(IMAGE_VARIANT_PATH, { schema: { hide: true } }, async (request, reply) => {
    const parsed = query.safeParse(request.query);
    if (!parsed.success || !isVariantWidth(parsed.data.w)) {
      return reply
        .code(400)
        .send({ message: "Ask for a stored image at one of the listed widths" });
    }
    const image = await variants.get(parsed.data.src, parsed.data.w);
    if (!image) {
      return reply
        .code(404)
        .header("cache-control", "no-cache")
        .send({ message: NOT_FOUND_MESSAGE });
    }
    return (
      reply
        .header("content-type", "image/webp")
        .header("content-length", image.length)
        // The source never changes under its name and the widths are fixed: cache for a year.
        .header("cache-control", "public, max-age=31536000, immutable")
        .header("x-content-type-options", "nosniff")
        .header("cross-origin-resource-policy", "cross-origin")
        .send(image)
    );
  });
}
