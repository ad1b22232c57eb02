import { describe, expect, it } from "vitest";
import {
  clampView,
  coverScale,
  cropRect,
  initialView,
  MAX_ZOOM,
  panView,
  zoomView,
} from "./image-crop";

const logo = { width: 200, height: 200 };
const cover = { width: 502, height: 270 };

describe("crop math", () => {
  it("scales the image to cover the output", () => {
    expect(coverScale({ width: 400, height: 800 }, logo)).toBe(0.5);
    expect(coverScale({ width: 1004, height: 1000 }, cover)).toBe(0.5);
    expect(coverScale({ width: 100, height: 50 }, logo)).toBe(4);
  });

  // A logo's first crop, before any zoom or pan: the largest centred square of the source.
  it.each([
    {
      name: "crops the centred square of a tall image for a logo",
      source: { width: 400, height: 800 },
      rect: { x: 0, y: 200, width: 400, height: 400 },
    },
    {
      name: "upscales an image smaller than the output",
      source: { width: 100, height: 50 },
      rect: { x: 25, y: 0, width: 50, height: 50 },
    },
  ])("$name", ({ source, rect }) => {
    expect(cropRect(source, logo, initialView(source))).toEqual(rect);
  });

  it("keeps the banner's 502:270 shape from a wide image", () => {
    const source = { width: 2008, height: 540 };
    const rect = cropRect(source, cover, initialView(source));
    expect(rect.height).toBe(540);
    expect(rect.width).toBeCloseTo(1004);
    expect(rect.x).toBeCloseTo(502);
    expect(rect.width / rect.height).toBeCloseTo(502 / 270);
  });

  it("zooms into a smaller area and keeps the frame inside the image", () => {
    const source = { width: 1000, height: 1000 };
    const zoomed = zoomView(source, logo, initialView(source), 2);
    expect(cropRect(source, logo, zoomed)).toEqual({ x: 250, y: 250, width: 500, height: 500 });
    expect(zoomView(source, logo, zoomed, 99).zoom).toBe(MAX_ZOOM);
    expect(zoomView(source, logo, zoomed, 0.1).zoom).toBe(1);
    // Zooming back out pulls an off-centre view back inside.
    const corner = clampView(source, logo, { zoom: 2, centerX: 250, centerY: 250 });
    const out = zoomView(source, logo, corner, 1);
    expect(cropRect(source, logo, out)).toEqual({ x: 0, y: 0, width: 1000, height: 1000 });
  });

  it("pans against the drag, in source pixels, stopping at the edges", () => {
    const source = { width: 1000, height: 1000 };
    const view = zoomView(source, logo, initialView(source), 2);
    // The frame shows 500 source px in 250 screen px: 2 source px per screen px.
    const moved = panView(source, logo, view, 50, -25, 250);
    expect(moved.centerX).toBe(400);
    expect(moved.centerY).toBe(550);
    const far = panView(source, logo, view, -10_000, 10_000, 250);
    expect(cropRect(source, logo, far)).toEqual({ x: 500, y: 0, width: 500, height: 500 });
  });
});
