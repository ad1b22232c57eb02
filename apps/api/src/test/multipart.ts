import type { FastifyInstance } from "fastify";
import sharp from "sharp";

/** A multipart/form-data body for app.inject, built by the platform's own FormData encoder. */
export async function multipart(
  fields: Record<string, string>,
  files: Record<string, { buffer: Buffer; filename: string; type: string }> = {},
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, file] of Object.entries(files)) {
    form.append(name, new Blob([new Uint8Array(file.buffer)], { type: file.type }), file.filename);
  }
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { "content-type": encoded.headers.get("content-type") ?? "" },
  };
}

/** A form posted to the app: its fields and files, with the caller's headers (sign-in). */
export async function sendMultipart(
  app: FastifyInstance,
  request: { method: "POST" | "PUT"; url: string; headers?: Record<string, string> },
  fields: Record<string, string>,
  files: Record<string, FilePart> = {},
) {
  const form = await multipart(fields, files);
  return app.inject({
    method: request.method,
    url: request.url,
    headers: { ...form.headers, ...request.headers },
    payload: form.payload,
  });
}

/** A real PNG, JPEG or GIF (a type the uploads refuse) of the given size. */
export async function makeImage(
  width: number,
  height: number,
  format: "png" | "jpeg" | "gif" = "png",
): Promise<Buffer> {
  const image = sharp({
    create: { width, height, channels: 3, background: { r: 0, g: 153, b: 216 } },
  });
  if (format === "gif") return image.gif().toBuffer();
  return format === "png" ? image.png().toBuffer() : image.jpeg().toBuffer();
}

/** A 1400×1400 PNG of noise: random pixels do not compress, so it is about 5.9MB. */
export async function oversizedPng(): Promise<Buffer> {
  const noise = Buffer.alloc(1400 * 1400 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  return sharp(noise, { raw: { width: 1400, height: 1400, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

export type FilePart = { buffer: Buffer; filename: string; type: string };

/** The merchant's or the customer's profile form: its fields and, when given, a new picture. */
export function sendProfileForm(
  app: FastifyInstance,
  request: { method: "POST" | "PUT"; url: string; headers?: Record<string, string> },
  fields: Record<string, string>,
  picture?: FilePart,
) {
  return sendMultipart(app, request, fields, picture ? { profilePicture: picture } : {});
}

/**
 * The merchant's and the customer's profile forms refuse the same input with the same spec
 * texts: each case is the fields, the file, and the errors the answer must name. `countryField`
 * is the name the form's country goes by; `withBadNames` is sent along with the invalid names.
 */
export async function profileFormRejections(
  name: { firstName: string; lastName: string },
  countryField: "phoneCountry" | "country",
  withBadNames: Record<string, string> = {},
): Promise<[Record<string, string>, FilePart | undefined, Record<string, string>][]> {
  const gif = await makeImage(100, 100, "gif");
  const huge = await oversizedPng();
  return [
    [
      { firstName: " Al ", lastName: "", phoneNumber: "12345" },
      undefined,
      {
        firstName: "First name should have at least 3 letters",
        lastName: "Last name should have at least 3 letters",
        phoneNumber: "Invalid phone number for selected region",
      },
    ],
    [
      { firstName: "Mary-Jane", lastName: "O'Neil", ...withBadNames },
      undefined,
      {
        firstName: "Invalid name (alphabets only)",
        lastName: "Invalid name (alphabets only)",
      },
    ],
    [
      {
        firstName: name.firstName,
        lastName: name.lastName,
        phoneNumber: "+44 7911 123456",
        [countryField]: "US",
      },
      undefined,
      { phoneNumber: "Invalid phone number for selected region" },
    ],
    [{ ...name, phoneCountry: "XX" }, undefined, { phoneCountry: "Select a valid country" }],
    [
      { ...name },
      { buffer: gif, filename: "me.gif", type: "image/gif" },
      { profilePicture: "Only JPG, JPEG, and PNG files are allowed" },
    ],
    [
      { firstName: name.firstName.slice(0, 1), lastName: name.lastName },
      { buffer: Buffer.from("text"), filename: "me.png", type: "image/png" },
      {
        firstName: "First name should have at least 3 letters",
        profilePicture: "Invalid image file or corrupted image",
      },
    ],
    [
      { ...name },
      { buffer: huge, filename: "big.png", type: "image/png" },
      { profilePicture: "File size must be less than 5MB" },
    ],
  ];
}
