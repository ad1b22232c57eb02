import { readFileSync } from "node:fs";
import { crc32 } from "node:zlib";
import { FILE_MESSAGES } from "@tessera/shared";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { AppError } from "../../errors";
import { oversizedPng } from "../../test/multipart";
import {
  createShopBannerRules,
  createShopLogoRules,
  detectImageType,
  type ImageRules,
  offerImageRules,
  processImage,
  profilePictureRules,
  storeBannerRules,
  storeLogoRules,
  TOO_MANY_PIXELS_MESSAGE,
} from "./index";

/**
 * A real HEIC (HEVC-coded, brand `heic`), 340x220: left half pinkish red (221,40,91), right half
 * dark; top half low green, bottom half high green. It carries EXIF with Artist "Secret Person".
 * Made with libheif's heif-enc (x265) from a JPEG written by sharp; see fixtures/README.md.
 */
const HEIC_SAMPLE = readFileSync(new URL("./fixtures/sample.heic", import.meta.url));

type Pixel = [number, number, number];

/** Two-colour test card: `left` on the left half, `right` on the right half. */
async function makeImage(
  width: number,
  height: number,
  format: "png" | "jpeg" | "gif" | "webp",
  options: {
    left?: Pixel;
    right?: Pixel;
    exif?: Record<string, string>;
    orientation?: number;
  } = {},
): Promise<Buffer> {
  const left = options.left ?? [220, 30, 30];
  const right = options.right ?? [30, 30, 220];
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      raw.set(x < width / 2 ? left : right, (y * width + x) * 3);
    }
  }
  let image = sharp(raw, { raw: { width, height, channels: 3 } });
  if (options.exif) {
    image = image.withExif({
      IFD0: {
        ...options.exif,
        ...(options.orientation ? { Orientation: String(options.orientation) } : {}),
      },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 2976/100" },
    });
  } else if (options.orientation) {
    image = image.withMetadata({ orientation: options.orientation });
  }
  if (format === "png") return image.png().toBuffer();
  if (format === "jpeg") return image.jpeg({ quality: 95 }).toBuffer();
  if (format === "gif") return image.gif().toBuffer();
  return image.webp().toBuffer();
}

async function pixelAt(buffer: Buffer, x: number, y: number): Promise<Pixel> {
  const { data, info } = await sharp(buffer)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return [data[i] ?? -1, data[i + 1] ?? -1, data[i + 2] ?? -1];
}

function expectClose(actual: Pixel, expected: Pixel, tolerance = 24) {
  actual.forEach((value, i) => {
    expect(
      Math.abs(value - (expected[i] ?? 0)),
      `channel ${i}: ${actual} vs ${expected}`,
    ).toBeLessThanOrEqual(tolerance);
  });
}

/** The refusal processImage throws: a 400 with the message on the rule's field. */
async function refusal(buffer: Buffer, rules: ImageRules): Promise<AppError> {
  try {
    await processImage(buffer, rules);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error("the image was accepted");
}

async function expectRefused(buffer: Buffer, rules: ImageRules, message: string) {
  const error = await refusal(buffer, rules);
  expect(error.code).toBe("BAD_REQUEST");
  expect(error.status).toBe(400);
  expect(error.message).toBe(message);
  expect(error.details.errors).toEqual({ [rules.field]: message });
}

describe("detectImageType", () => {
  it("reads the format from the bytes, whatever the file was called", async () => {
    expect(await detectImageType(await makeImage(10, 10, "png"))).toBe("png");
    expect(await detectImageType(await makeImage(10, 10, "jpeg"))).toBe("jpeg");
    expect(await detectImageType(HEIC_SAMPLE)).toBe("heif");
    expect(await detectImageType(await makeImage(10, 10, "gif"))).toBe("other");
    expect(await detectImageType(await makeImage(10, 10, "webp"))).toBe("other");
    expect(await detectImageType(Buffer.from("just some text, saved as photo.png"))).toBeNull();
  });

  it("tells AVIF (HEIF-shaped, not accepted) from HEIC", async () => {
    const avif = await sharp(await makeImage(16, 16, "png"))
      .avif()
      .toBuffer();
    expect(avif.toString("latin1", 4, 8)).toBe("ftyp");
    expect(await detectImageType(avif)).toBe("other");
  });
});

describe("processImage: type by content", () => {
  it("refuses a text file named .png as corrupted", async () => {
    const text = Buffer.from("hello, I am a text file renamed to picture.png\n");
    await expectRefused(text, profilePictureRules, FILE_MESSAGES.corrupt);
    await expectRefused(text, createShopLogoRules, FILE_MESSAGES.corrupt);
  });

  it("refuses an empty file as corrupted", async () => {
    await expectRefused(Buffer.alloc(0), offerImageRules, FILE_MESSAGES.corrupt);
  });

  it("refuses a PNG whose pixel data is cut off", async () => {
    const png = await makeImage(300, 300, "png", { left: [1, 2, 3], right: [200, 100, 50] });
    const noisy = await sharp(Buffer.alloc(300 * 300 * 3, 7), {
      raw: { width: 300, height: 300, channels: 3 },
    })
      .composite([{ input: png, blend: "difference" }])
      .png()
      .toBuffer();
    await expectRefused(
      noisy.subarray(0, Math.floor(noisy.length / 2)),
      profilePictureRules,
      FILE_MESSAGES.corrupt,
    );
  });

  it("refuses a JPEG whose data is cut off", async () => {
    const jpeg = await makeImage(400, 300, "jpeg");
    await expectRefused(
      jpeg.subarray(0, Math.floor(jpeg.length * 0.6)),
      profilePictureRules,
      FILE_MESSAGES.corrupt,
    );
  });

  it("refuses images of other formats with the field's type message", async () => {
    const gif = await makeImage(200, 200, "gif");
    const webp = await makeImage(200, 200, "webp");
    await expectRefused(gif, profilePictureRules, FILE_MESSAGES.profileType);
    await expectRefused(webp, storeLogoRules, FILE_MESSAGES.storeImageType);
    await expectRefused(gif, createShopLogoRules, FILE_MESSAGES.shopImageType);
    await expectRefused(webp, offerImageRules, FILE_MESSAGES.offerImageType);
  });

  it("refuses HEIC where only PNG and JPEG are allowed", async () => {
    await expectRefused(HEIC_SAMPLE, profilePictureRules, FILE_MESSAGES.profileType);
    await expectRefused(HEIC_SAMPLE, storeBannerRules, FILE_MESSAGES.storeImageType);
  });
});

describe("processImage: byte size", () => {
  it("refuses a profile picture over 5MB with the spec's message", async () => {
    const big = await oversizedPng();
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
    expect(big.length).toBeLessThan(6 * 1024 * 1024);
    await expectRefused(big, profilePictureRules, "File size must be less than 5MB");
    // The create-shop uploader takes up to 6MB.
    await expect(processImage(big, createShopLogoRules)).resolves.toMatchObject({
      contentType: "image/png",
    });
  });
});

describe("processImage: pixel dimensions", () => {
  it("takes a store logo of exactly 200x200 and nothing else", async () => {
    const ok = await processImage(await makeImage(200, 200, "png"), storeLogoRules);
    expect(ok).toMatchObject({
      width: 200,
      height: 200,
      contentType: "image/png",
      extension: "png",
    });
    await expectRefused(await makeImage(201, 200, "png"), storeLogoRules, FILE_MESSAGES.logoSize);
    await expectRefused(await makeImage(200, 199, "jpeg"), storeLogoRules, FILE_MESSAGES.logoSize);
  });

  it("takes a cover photo 480-520 wide and 250-290 high", async () => {
    for (const [w, h] of [
      [480, 250],
      [502, 270],
      [520, 290],
    ] as const) {
      await expect(
        processImage(await makeImage(w, h, "jpeg"), storeBannerRules),
      ).resolves.toMatchObject({
        width: w,
        height: h,
      });
    }
    for (const [w, h] of [
      [479, 270],
      [521, 270],
      [502, 249],
      [502, 291],
    ] as const) {
      await expectRefused(
        await makeImage(w, h, "jpeg"),
        storeBannerRules,
        FILE_MESSAGES.bannerSize,
      );
    }
  });

  it("takes an offer image 330-350 wide and 210-230 high", async () => {
    await expect(
      processImage(await makeImage(330, 210, "png"), offerImageRules),
    ).resolves.toMatchObject({
      width: 330,
      height: 210,
    });
    await expectRefused(
      await makeImage(400, 220, "png"),
      offerImageRules,
      FILE_MESSAGES.offerImageSize,
    );
  });

  it("judges the size as the picture is seen, after the EXIF rotation", async () => {
    // Stored 220 wide and 340 high, shown rotated a quarter turn: 340x220, a valid offer image.
    const sideways = await makeImage(220, 340, "jpeg", { orientation: 6 });
    const image = await processImage(sideways, offerImageRules);
    expect([image.width, image.height]).toEqual([340, 220]);
    // Orientation 6 turns the stored left half (red) into the top half.
    expectClose(await pixelAt(image.buffer, 170, 20), [220, 30, 30]);
    expectClose(await pixelAt(image.buffer, 170, 200), [30, 30, 220]);
    expect((await sharp(image.buffer).metadata()).orientation).toBeUndefined();
  });

  it("refuses a decompression bomb from its header, before decoding", async () => {
    // A tiny PNG whose header claims 10000x10000 pixels.
    const png = Buffer.from(await makeImage(8, 8, "png"));
    png.writeUInt32BE(10_000, 16);
    png.writeUInt32BE(10_000, 20);
    png.writeUInt32BE(crc32(png.subarray(12, 29)) >>> 0, 29);
    await expectRefused(png, createShopBannerRules, TOO_MANY_PIXELS_MESSAGE);
  });

  it("scales large create-shop images down to a sensible size, never up", async () => {
    const banner = await processImage(await makeImage(3000, 1000, "jpeg"), createShopBannerRules);
    expect([banner.width, banner.height]).toEqual([2560, 853]);
    const small = await processImage(await makeImage(120, 90, "jpeg"), createShopLogoRules);
    expect([small.width, small.height]).toEqual([120, 90]);
  });
});

describe("processImage: re-encoding", () => {
  it("keeps PNG as PNG and writes JPEG as JPEG at good quality", async () => {
    const png = await processImage(await makeImage(200, 200, "png"), storeLogoRules);
    expect((await sharp(png.buffer).metadata()).format).toBe("png");
    const jpeg = await processImage(await makeImage(502, 270, "jpeg"), storeBannerRules);
    expect(jpeg).toMatchObject({ contentType: "image/jpeg", extension: "jpg" });
    expect((await sharp(jpeg.buffer).metadata()).format).toBe("jpeg");
    expectClose(await pixelAt(jpeg.buffer, 10, 10), [220, 30, 30]);
  });

  it("strips EXIF, including GPS, from JPEG and PNG", async () => {
    const exif = { Make: "TesseraCam", Artist: "Secret Person" };
    for (const format of ["jpeg", "png"] as const) {
      const original = await makeImage(340, 220, format, { exif });
      expect((await sharp(original).metadata()).exif, format).toBeDefined();
      expect(original.includes("Secret Person"), format).toBe(true);

      const image = await processImage(original, offerImageRules);
      const metadata = await sharp(image.buffer).metadata();
      expect(metadata.exif, format).toBeUndefined();
      expect(metadata.xmp, format).toBeUndefined();
      expect(metadata.icc, format).toBeUndefined();
      expect(image.buffer.includes("Secret Person"), format).toBe(false);
      expect(image.buffer.includes("TesseraCam"), format).toBe(false);
    }
  });

  it("keeps PNG transparency", async () => {
    const transparent = await sharp({
      create: { width: 200, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const image = await processImage(transparent, storeLogoRules);
    expect((await sharp(image.buffer).metadata()).hasAlpha).toBe(true);
  });
});

describe("processImage: HEIC", () => {
  it("cannot be decoded by the prebuilt sharp alone (why heic-decode is used)", async () => {
    await expect(sharp(HEIC_SAMPLE).png().toBuffer()).rejects.toThrow();
  });

  it("decodes HEIC with libheif (WebAssembly) and stores a JPEG without metadata", async () => {
    expect(HEIC_SAMPLE.includes("Secret Person")).toBe(true);
    const image = await processImage(HEIC_SAMPLE, createShopLogoRules);
    expect(image).toMatchObject({
      contentType: "image/jpeg",
      extension: "jpg",
      width: 340,
      height: 220,
    });
    const metadata = await sharp(image.buffer).metadata();
    expect(metadata.format).toBe("jpeg");
    expect(metadata.exif).toBeUndefined();
    expect(image.buffer.includes("Secret Person")).toBe(false);
    expectClose(await pixelAt(image.buffer, 20, 20), [221, 40, 91], 30);
    expectClose(await pixelAt(image.buffer, 320, 200), [20, 200, 90], 30);
  });

  it("checks a HEIC offer image's dimensions", async () => {
    await expect(processImage(HEIC_SAMPLE, offerImageRules)).resolves.toMatchObject({
      width: 340,
      height: 220,
    });
    const narrow: ImageRules = { ...offerImageRules, checkSize: () => "too narrow" };
    await expectRefused(HEIC_SAMPLE, narrow, "too narrow");
  });

  it("refuses a HEIC whose coded data is damaged as corrupted", async () => {
    await expectRefused(
      HEIC_SAMPLE.subarray(0, HEIC_SAMPLE.length - 200),
      createShopBannerRules,
      FILE_MESSAGES.corrupt,
    );
  });
});
