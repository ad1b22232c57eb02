import wasmUrl from "zxing-wasm/reader/zxing_reader.wasm?url";

/** What the scanner needs of a detector: the browser's BarcodeDetector or the polyfill's. */
export type QrDetector = {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
};

type NativeDetectorClass = {
  new (options: { formats: string[] }): QrDetector;
  getSupportedFormats(): Promise<string[]>;
};

/**
 * A QR detector: the browser's own `BarcodeDetector` where it reads QR codes (Android, macOS,
 * ChromeOS), else the `barcode-detector` polyfill (ZXing in WebAssembly). The polyfill and its
 * .wasm load only here, and the .wasm comes from this build, never from a CDN.
 */
export async function createQrDetector(): Promise<QrDetector> {
  const Native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (Native) {
    const formats = await Native.getSupportedFormats().catch(() => [] as string[]);
    if (formats.includes("qr_code")) return new Native({ formats: ["qr_code"] });
  }
  const { BarcodeDetector, prepareZXingModule } = await import("barcode-detector/ponyfill");
  prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) =>
        path.endsWith(".wasm") ? wasmUrl : prefix + path,
    },
  });
  return new BarcodeDetector({ formats: ["qr_code"] });
}
