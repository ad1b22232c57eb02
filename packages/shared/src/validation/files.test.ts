import { describe, expect, it } from "vitest";
import {
  checkCreateShopFiles,
  checkOfferImage,
  checkOfferImageFile,
  checkOfferImageSize,
  checkProfilePictureFile,
  checkShopImageFile,
  checkStoreBannerSize,
  checkStoreImageFile,
  checkStoreLogoSize,
  sanitizeFileName,
} from "./files.ts";

const MB = 1024 * 1024;
const file = (name: string, type: string, size = 100_000) => ({ name, type, size });

describe("profile picture", () => {
  it("accepts JPG, JPEG and PNG up to 5MB", () => {
    expect(checkProfilePictureFile(file("me.jpg", "image/jpeg"))).toBeUndefined();
    expect(checkProfilePictureFile(file("me.JPEG", "image/jpeg"))).toBeUndefined();
    expect(checkProfilePictureFile(file("me.png", "image/png", 5 * MB))).toBeUndefined();
  });

  it("refuses more than 5MB", () => {
    expect(checkProfilePictureFile(file("me.png", "image/png", 5 * MB + 1))).toBe(
      "File size must be less than 5MB",
    );
  });

  it("checks both the type and the extension", () => {
    const message = "Only JPG, JPEG, and PNG files are allowed";
    expect(checkProfilePictureFile(file("me.gif", "image/gif"))).toBe(message);
    expect(checkProfilePictureFile(file("me.png", "image/gif"))).toBe(message);
    expect(checkProfilePictureFile(file("me.gif", "image/png"))).toBe(message);
    expect(checkProfilePictureFile(file("me.png", "image/jpeg"))).toBe(message);
    expect(checkProfilePictureFile(file("me", "image/png"))).toBe(message);
  });
});

describe("shop images", () => {
  it("create shop: png/jpeg/heic/heif up to 6MB, both required", () => {
    expect(checkShopImageFile(file("logo.heic", "image/heic", 6 * MB))).toBeUndefined();
    expect(checkShopImageFile(file("logo.heif", ""))).toBeUndefined();
    expect(checkShopImageFile(file("logo.png", "image/png", 6 * MB + 1))).toBe(
      "File size must be less than 6MB",
    );
    expect(checkShopImageFile(file("logo.webp", "image/webp"))).toBe(
      "Only PNG, JPEG, HEIC and HEIF files are allowed",
    );
    expect(checkCreateShopFiles({})).toEqual({
      logo: "Shop Logo is required",
      banner: "Shop Banner is required",
    });
    expect(
      checkCreateShopFiles({
        logo: file("l.png", "image/png"),
        banner: file("b.jpg", "image/jpeg"),
      }),
    ).toEqual({});
  });

  it("customize store: PNG/JPEG/JPG up to 5MB, logo exactly 200x200, banner 480-520 x 250-290", () => {
    expect(checkStoreImageFile(file("b.jpg", "image/jpeg"))).toBeUndefined();
    expect(checkStoreImageFile(file("b.heic", "image/heic"))).toBe(
      "Only PNG, JPEG and JPG files are allowed",
    );
    expect(checkStoreLogoSize({ width: 200, height: 200 })).toBeUndefined();
    expect(checkStoreLogoSize({ width: 201, height: 200 })).toBeDefined();
    expect(checkStoreBannerSize({ width: 480, height: 250 })).toBeUndefined();
    expect(checkStoreBannerSize({ width: 520, height: 290 })).toBeUndefined();
    expect(checkStoreBannerSize({ width: 479, height: 270 })).toBeDefined();
    expect(checkStoreBannerSize({ width: 502, height: 291 })).toBeDefined();
  });
});

describe("offer image", () => {
  it("accepts png, jpeg, jpg, heic and heif up to 5MB", () => {
    for (const [name, type] of [
      ["a.png", "image/png"],
      ["a.jpeg", "image/jpeg"],
      ["a.jpg", "image/jpeg"],
      ["a.heic", "image/heic"],
      ["a.heif", "image/heif"],
    ] as const) {
      expect(checkOfferImageFile(file(name, type))).toBeUndefined();
    }
    expect(checkOfferImageFile(file("a.gif", "image/gif"))).toBe(
      "Only PNG, JPEG, JPG, HEIC and HEIF files are allowed",
    );
    expect(checkOfferImageFile(file("a.png", "image/png", 5 * MB + 1))).toBe(
      "File size must be less than 5MB",
    );
  });

  it("must be 330-350 wide and 210-230 high", () => {
    expect(checkOfferImageSize({ width: 330, height: 210 })).toBeUndefined();
    expect(checkOfferImageSize({ width: 350, height: 230 })).toBeUndefined();
    expect(checkOfferImageSize({ width: 329, height: 220 })).toBe(
      "Image must be 330-350 pixels wide and 210-230 pixels high",
    );
    expect(checkOfferImageSize({ width: 340, height: 231 })).toBeDefined();
  });

  it("is required: 'Please upload an image.' on create, 'Upload image' on update", () => {
    expect(checkOfferImage({ mode: "create" })).toBe("Please upload an image.");
    expect(checkOfferImage({ mode: "update" })).toBe("Upload image");
    expect(checkOfferImage({ mode: "update", hasExisting: true })).toBeUndefined();
    expect(
      checkOfferImage({
        mode: "create",
        file: file("a.png", "image/png"),
        size: { width: 100, height: 100 },
      }),
    ).toBe("Image must be 330-350 pixels wide and 210-230 pixels high");
  });
});

describe("sanitizeFileName", () => {
  it.each([
    ["my photo (1).JPG", "my_photo_1.JPG"],
    ["résumé  final.png", "resume_final.png"],
    ["../../etc/passwd", "passwd"],
    ["C:\\Users\\me\\pic.png", "pic.png"],
    ["😀.png", "file.png"],
    [".htaccess", "file.htaccess"],
    ["", "file"],
    ["a-b_c.d.jpeg", "a-b_c.d.jpeg"],
  ])("%s → %s", (input, expected) => {
    expect(sanitizeFileName(input)).toBe(expected);
  });
});
