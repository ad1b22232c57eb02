import { writeFileSync } from "node:fs";
import sharp from "sharp";
import { renderSVG } from "uqr";

const WIDTH = 640;
const HEIGHT = 480;

/**
 * A one-frame Y4M video of a QR code on a white page, for Chromium's fake camera
 * (`--use-file-for-fake-video-capture`, which loops it). The QR is rasterised with sharp, the
 * grey levels become the luma plane, and both chroma planes are neutral (128): 4:2:0, 10 fps.
 */
export async function writeQrVideo(path: string, text: string): Promise<void> {
  const qr = await sharp(Buffer.from(renderSVG(text, { ecc: "M", border: 4, pixelSize: 8 })))
    .resize(400, 400, { kernel: "nearest" })
    .png()
    .toBuffer();
  const luma = await sharp({
    create: { width: WIDTH, height: HEIGHT, channels: 3, background: "#ffffff" },
  })
    .composite([{ input: qr, left: (WIDTH - 400) / 2, top: (HEIGHT - 400) / 2 }])
    .greyscale()
    .raw()
    .toColourspace("b-w")
    .toBuffer();
  if (luma.length !== WIDTH * HEIGHT) throw new Error(`unexpected luma size ${luma.length}`);
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2), 128);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(path, Buffer.concat([header, Buffer.from("FRAME\n"), luma, chroma, chroma]));
}
