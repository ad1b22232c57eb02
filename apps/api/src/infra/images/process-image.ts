import { FILE_MESSAGES, type ImageSize } from "@tessera/shared";
import type { Metadata, Sharp } from "sharp";
import { AppError } from "../../errors";
import { loadHeicDecode, loadSharp } from "../lazy-packages";
import type { ImageRules, ImageType } from "./rules";

/**
 * Decompression-bomb guard, checked from the header before anything is decoded. 50 megapixels
 * still admits the 48-megapixel photos of recent phones.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;
export const TOO_MANY_PIXELS_MESSAGE =
  "Image dimensions are too large. Use an image of at most 50 megapixels.";

export type ProcessedImage = {
  buffer: Buffer;
  contentType: "image/png" | "image/jpeg";
  extension: "png" | "jpg";
  width: number;
  height: number;
};

const JPEG_QUALITY = 85;

// ISO-BMFF brands (the `ftyp` box). HEIC-family brands mean HEVC content; AVIF is HEIF-shaped
// but a different format the product does not accept; mif1/msf1 alone is a generic HEIF.
const HEIC_BRANDS = new Set(["heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs"]);
const AVIF_BRANDS = new Set(["avif", "avis"]);
const HEIF_BRANDS = new Set(["mif1", "msf1", "mif2"]);

function ftypBrands(buffer: Buffer): string[] | null {
  if (buffer.length < 16 || buffer.toString("latin1", 4, 8) !== "ftyp") return null;
  const boxSize = Math.min(buffer.readUInt32BE(0), buffer.length, 256);
  if (boxSize < 16) return null;
  const brands = [buffer.toString("latin1", 8, 12)];
  for (let at = 16; at + 4 <= boxSize; at += 4) brands.push(buffer.toString("latin1", at, at + 4));
  return brands;
}

/**
 * The format by content (magic bytes), never by file name or the client's MIME type.
 * `other` is an image in a format the product does not take (GIF, WebP, AVIF, TIFF, SVG…);
 * `null` is not an image at all, or one too damaged to read.
 */
export async function detectImageType(buffer: Buffer): Promise<ImageType | "other" | null> {
  if (
    buffer.length >= 8 &&
    buffer.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return "png";
  }
  if (buffer.length >= 3 && buffer[0] === 0xff && buffer[1] === 0xd8 && buffer[2] === 0xff) {
    return "jpeg";
  }
  const brands = ftypBrands(buffer);
  if (brands) {
    if (brands.some((b) => HEIC_BRANDS.has(b))) return "heif";
    if (brands.some((b) => AVIF_BRANDS.has(b))) return "other";
    if (brands.some((b) => HEIF_BRANDS.has(b))) return "heif";
  }
  // Anything else libvips can read is an image of a format we do not accept.
  try {
    const sharp = await loadSharp();
    const metadata = await sharp(buffer).metadata();
    return metadata.format ? "other" : null;
  } catch {
    return null;
  }
}

function refuse(rules: ImageRules, message: string): AppError {
  return new AppError("BAD_REQUEST", message, { errors: { [rules.field]: message } });
}

function checkPixelSize(rules: ImageRules, size: ImageSize) {
  const problem = rules.checkSize?.(size);
  if (problem) throw refuse(rules, problem);
}

const SHARP_FORMAT: Record<ImageType, string> = { png: "png", jpeg: "jpeg", heif: "heif" };

/**
 * Checks an uploaded image against `rules` and re-encodes it: rotated upright by its EXIF
 * orientation, every piece of metadata (EXIF, GPS, XMP, ICC) dropped, PNG kept as PNG and
 * everything else written as JPEG. A refusal is an `AppError("BAD_REQUEST")` carrying the spec's
 * message on `errors[rules.field]`.
 */
export async function processImage(buffer: Buffer, rules: ImageRules): Promise<ProcessedImage> {
  const type = buffer.length === 0 ? null : await detectImageType(buffer);
  if (type === null) throw refuse(rules, FILE_MESSAGES.corrupt);
  if (type === "other" || !rules.allowedTypes.includes(type)) {
    throw refuse(rules, rules.wrongType);
  }
  if (buffer.length > rules.maxBytes) throw refuse(rules, rules.tooLarge);

  const sharp = await loadSharp();
  // The header only: dimensions are known before a single pixel is decoded.
  let metadata: Metadata;
  try {
    metadata = await sharp(buffer).metadata();
  } catch {
    throw refuse(rules, FILE_MESSAGES.corrupt);
  }
  if (metadata.format !== SHARP_FORMAT[type] || !metadata.width || !metadata.height) {
    throw refuse(rules, FILE_MESSAGES.corrupt);
  }
  if (metadata.width * metadata.height > MAX_IMAGE_PIXELS) {
    throw refuse(rules, TOO_MANY_PIXELS_MESSAGE);
  }

  let pipeline: Sharp;
  if (type === "heif" && metadata.compression === "hevc") {
    // The prebuilt libvips has no HEVC decoder (patents); libheif compiled to WebAssembly does.
    // libheif applies the HEIF rotation and mirroring boxes itself; HEIF readers ignore EXIF
    // orientation, so none is applied on top.
    const decodeHeic = await loadHeicDecode();
    let decoded: Awaited<ReturnType<typeof decodeHeic>>;
    try {
      decoded = await decodeHeic({ buffer });
    } catch {
      throw refuse(rules, FILE_MESSAGES.corrupt);
    }
    checkPixelSize(rules, decoded);
    const pixels = Buffer.from(
      decoded.data.buffer,
      decoded.data.byteOffset,
      decoded.data.byteLength,
    );
    pipeline = sharp(pixels, {
      raw: { width: decoded.width, height: decoded.height, channels: 4 },
    });
  } else {
    // Sizes are judged as the picture is seen, i.e. after the EXIF rotation.
    checkPixelSize(rules, metadata.autoOrient);
    pipeline = sharp(buffer, {
      autoOrient: true,
      failOn: "warning",
      limitInputPixels: MAX_IMAGE_PIXELS,
    });
  }

  if (rules.fitWithin) {
    pipeline = pipeline.resize({
      width: rules.fitWithin,
      height: rules.fitWithin,
      fit: "inside",
      withoutEnlargement: true,
    });
  }
  const asPng = type === "png";
  pipeline = asPng
    ? pipeline.png({ compressionLevel: 9, adaptiveFiltering: true })
    : pipeline.flatten({ background: "#ffffff" }).jpeg({ quality: JPEG_QUALITY, mozjpeg: true });

  try {
    // sharp writes no metadata unless asked to (keepMetadata/withExif are never called here).
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return {
      buffer: data,
      contentType: asPng ? "image/png" : "image/jpeg",
      extension: asPng ? "png" : "jpg",
      width: info.width,
      height: info.height,
    };
  } catch {
    // Truncated or damaged pixel data shows only when decoding.
    throw refuse(rules, FILE_MESSAGES.corrupt);
  }
}

/**
 * An image checked inside a form: its refusal (under its field) joins `errors`, so the form's
 * other problems are reported with it, and the answer is null; any other failure is thrown.
 * No image is null too.
 */
export async function processFormImage(
  buffer: Buffer | undefined,
  rules: ImageRules,
  errors: Record<string, string>,
): Promise<ProcessedImage | null> {
  if (!buffer) return null;
  try {
    return await processImage(buffer, rules);
  } catch (error) {
    if (!(error instanceof AppError && error.details.errors)) throw error;
    Object.assign(errors, error.details.errors);
    return null;
  }
}
