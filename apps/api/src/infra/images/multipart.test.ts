import { mkdtempSync, readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FILE_MESSAGES, SHOP_MESSAGES } from "@tessera/shared";
import Fastify, { type FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerErrorHandling } from "../../plugins/errors";
import { expectFieldErrors } from "../../test/form-errors";
import { createStorage, registerUploadsHosting } from "../storage";
import {
  createShopBannerRules,
  createShopLogoRules,
  NOT_MULTIPART_MESSAGE,
  processImage,
  profilePictureRules,
  readFileField,
  readMultipartForm,
  registerMultipart,
} from "./index";

const HEIC_SAMPLE = readFileSync(new URL("./fixtures/sample.heic", import.meta.url));
const MB = 1024 * 1024;

function png(width: number, height: number) {
  return sharp({
    create: { width, height, channels: 3, background: { r: 0, g: 153, b: 216 } },
  })
    .png()
    .toBuffer();
}

function blob(buffer: Buffer, type: string) {
  return new Blob([new Uint8Array(buffer)], { type });
}

/** A browser's form: text fields, and files as [name, content, file name]. */
type FormEntry = [name: string, value: string] | [name: string, file: Blob, fileName: string];

function formOf(entries: FormEntry[]) {
  const form = new FormData();
  for (const [name, value, fileName] of entries) {
    if (typeof value === "string") form.append(name, value);
    else form.append(name, value, fileName);
  }
  return form;
}

/**
 * A create-shop style route (two required images and text fields) and a profile style route
 * (one optional picture) on an app with the same body limit and error handling as buildApp.
 */
async function buildUploadApp() {
  const app = Fastify({ bodyLimit: 1024 * 1024 });
  registerErrorHandling(app);
  await registerMultipart(app);
  const storage = createStorage({
    dataDir: mkdtempSync(join(tmpdir(), "tessera-multipart-")),
    publicUrl: "http://localhost:3000",
  });
  registerUploadsHosting(app, storage);

  app.post("/shop", async (request) => {
    const form = await readMultipartForm(request, {
      files: {
        logo: { ...createShopLogoRules, required: SHOP_MESSAGES.logoRequired },
        banner: { ...createShopBannerRules, required: SHOP_MESSAGES.bannerRequired },
      },
    });
    const { logo, banner } = form.files;
    if (!logo || !banner) throw new Error("required files were not enforced");
    const [logoImage, bannerImage] = await Promise.all([
      processImage(logo.buffer, createShopLogoRules),
      processImage(banner.buffer, createShopBannerRules),
    ]);
    const saved = await Promise.all(
      [logoImage, bannerImage].map((image) =>
        storage.save(image.buffer, { ...image, folder: "shops" }),
      ),
    );
    return { fields: form.fields, logo: saved[0]?.url, banner: saved[1]?.url };
  });

  app.post("/profile", async (request) => {
    const { file, fields } = await readFileField(request, profilePictureRules);
    return { fields, bytes: file?.buffer.length ?? null };
  });
  return app;
}

describe("multipart uploads", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildUploadApp();
  });
  afterAll(() => app.close());

  const post = (url: "/shop" | "/profile", entries: FormEntry[]) =>
    app.inject({ method: "POST", url, payload: formOf(entries) });

  it("reads fields and files, stores the re-encoded images and serves them", async () => {
    const res = await post("/shop", [
      ["name", "Blue Door Coffee"],
      ["industry", "Food & Drink"],
      ["logo", blob(await png(400, 400), "image/png"), "my logo.png"],
      // HEIC from an iPhone: browsers outside Apple platforms often send no type at all.
      ["banner", blob(HEIC_SAMPLE, ""), "IMG_0001.HEIC"],
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.fields).toEqual({ name: "Blue Door Coffee", industry: "Food & Drink" });
    expect(body.logo).toMatch(/^\/uploads\/shops\/[\w-]{22}\.png$/);
    expect(body.banner).toMatch(/^\/uploads\/shops\/[\w-]{22}\.jpg$/);
    expect(body.logo).not.toContain("logo");

    const logo = await app.inject({ method: "GET", url: body.logo });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers["content-type"]).toBe("image/png");
    expect(await sharp(logo.rawPayload).metadata()).toMatchObject({ width: 400, height: 400 });
    const banner = await app.inject({ method: "GET", url: body.banner });
    expect(banner.headers["content-type"]).toBe("image/jpeg");
    expect(banner.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(await sharp(banner.rawPayload).metadata()).toMatchObject({ format: "jpeg", width: 340 });
  });

  it("refuses an oversized file with the spec's size message, not a generic 413", async () => {
    const res = await post("/shop", [
      ["name", "Blue Door Coffee"],
      ["logo", blob(Buffer.alloc(6 * MB + 1, 1), "image/png"), "logo.png"],
    ]);
    expect(res.statusCode).toBe(400);
    // Every problem at once: the oversized logo and the missing banner.
    expect(res.json()).toEqual({
      message: "File size must be less than 6MB",
      errors: { logo: FILE_MESSAGES.tooLarge6, banner: SHOP_MESSAGES.bannerRequired },
    });
  });

  it("applies each field's own limit: 5MB for a profile picture", async () => {
    const ok = await post("/profile", [
      ["profilePicture", blob(Buffer.alloc(5 * MB, 1), "image/png"), "me.png"],
    ]);
    expect(ok.json()).toEqual({ fields: {}, bytes: 5 * MB });

    const res = await post("/profile", [
      ["firstName", "Ada"],
      ["profilePicture", blob(Buffer.alloc(5 * MB + 1, 1), "image/png"), "me.png"],
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: "File size must be less than 5MB",
      errors: { profilePicture: "File size must be less than 5MB" },
    });
  });

  it("answers over a real connection even when the upload is far over the limit", async () => {
    await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.address() as AddressInfo;
    const form = formOf([
      ["profilePicture", blob(Buffer.alloc(20 * MB, 1), "image/jpeg"), "huge.jpg"],
    ]);
    const res = await fetch(`http://127.0.0.1:${port}/profile`, { method: "POST", body: form });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: "File size must be less than 5MB" });
  });

  it("treats an empty file input as no file", async () => {
    const res = await post("/profile", [
      ["firstName", "Ada"],
      ["profilePicture", blob(Buffer.alloc(0), "application/octet-stream"), ""],
    ]);
    expect(res.json()).toEqual({ fields: { firstName: "Ada" }, bytes: null });

    const missing = await post("/shop", [
      ["name", "Blue Door Coffee"],
      ["logo", blob(Buffer.alloc(0), "application/octet-stream"), ""],
      ["banner", blob(Buffer.alloc(0), "application/octet-stream"), ""],
    ]);
    expectFieldErrors(missing, {
      logo: SHOP_MESSAGES.logoRequired,
      banner: SHOP_MESSAGES.bannerRequired,
    });
  });

  it("ignores file fields the route did not ask for", async () => {
    const res = await post("/profile", [
      ["somethingElse", blob(Buffer.alloc(1000, 1), "text/plain"), "notes.txt"],
      ["profilePicture", blob(await png(64, 64), "image/png"), "me.png"],
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().bytes).toBeGreaterThan(0);
  });

  it("refuses a body that is not multipart", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/profile",
      payload: { profilePicture: "data:image/png;base64,AAAA" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: NOT_MULTIPART_MESSAGE });
  });

  it("refuses a text file named .png, checked by content", async () => {
    const res = await post("/shop", [
      ["name", "Blue Door Coffee"],
      ["logo", blob(Buffer.from("I am not a picture"), "image/png"), "logo.png"],
      ["banner", blob(await png(600, 300), "image/png"), "banner.png"],
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: FILE_MESSAGES.corrupt,
      errors: { logo: FILE_MESSAGES.corrupt },
    });
  });
});
