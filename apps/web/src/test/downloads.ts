import { vi } from "vitest";

/** A file as the API sends it for download: `body` of `contentType`, to be saved as `fileName`. */
export function fileResponse(body: BodyInit, contentType: string, fileName: string) {
  return new Response(body, {
    headers: {
      "content-type": contentType,
      "content-disposition": `attachment; filename="${fileName}"`,
    },
  });
}

/**
 * Catches the files the page saves (a click on a download link to a blob URL): `saved` lists
 * their file names in order; `restore` lets link clicks through again.
 */
export function captureDownloads() {
  URL.createObjectURL = vi.fn(() => "blob:download");
  URL.revokeObjectURL = vi.fn();
  const saved: string[] = [];
  const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push(this.download);
  });
  return { saved, restore: () => click.mockRestore() };
}
