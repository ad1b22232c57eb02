/**
 * Packages that weigh on every instance's memory but serve rare requests (images, passes,
 * receipts' PDFs, the e-mails' HTML): loaded on first use instead of at start-up. Together they
 * held about 60 MB of a fresh server's resident memory (docs/benchmarks.md, "Member import").
 * Node caches a module once loaded, so each call after the first costs nothing.
 */

export async function loadSharp() {
  return (await import("sharp")).default;
}

export async function loadHeicDecode() {
  return (await import("heic-decode")).default;
}

export function loadPassKit() {
  return import("passkit-generator");
}

export function loadPdfLib() {
  return import("pdf-lib");
}

export async function loadEmailRenderer() {
  return (await import("@react-email/render")).render;
}

export function loadEmailComponents() {
  return import("@react-email/components");
}
