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

/** A real PNG or JPEG of the given size. */
export async function makeImage(
  width: number,
  height: number,
  format: "png" | "jpeg" = "png",
): Promise<Buffer> {
  const image = sharp({
    create: { width, height, channels: 3, background: { r: 0, g: 153, b: 216 } },
  });
  return format === "png" ? image.png().toBuffer() : image.jpeg().toBuffer();
}
