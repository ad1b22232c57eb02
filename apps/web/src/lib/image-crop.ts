/**
 * The math of the in-browser crop (DOMAIN "Shop images": Customize Store offers a crop to the
 * required size so nobody is stuck). The frame has the output's aspect ratio; the image is
 * scaled to cover it (zoom 1) or more, and the crop is the part of the image under the frame.
 * All positions are in source-image pixels; the UI only converts drag distances.
 */

export interface Size {
  width: number;
  height: number;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where the frame looks: its centre in source pixels, and a zoom of 1 (cover) or more. */
export interface CropView {
  centerX: number;
  centerY: number;
  zoom: number;
}

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 4;

/** The scale at which the image just covers the output (no empty edges). */
export function coverScale(source: Size, output: Size): number {
  return Math.max(output.width / source.width, output.height / source.height);
}

export function clampZoom(zoom: number): number {
  if (!Number.isFinite(zoom)) return MIN_ZOOM;
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));
}

/** The size of the source area the frame shows at this zoom. */
export function visibleSourceSize(source: Size, output: Size, zoom: number): Size {
  const scale = coverScale(source, output) * clampZoom(zoom);
  return {
    width: Math.min(source.width, output.width / scale),
    height: Math.min(source.height, output.height / scale),
  };
}

/** Keeps the zoom in range and the frame inside the image. */
export function clampView(source: Size, output: Size, view: CropView): CropView {
  const zoom = clampZoom(view.zoom);
  const visible = visibleSourceSize(source, output, zoom);
  const clamp = (value: number, half: number, limit: number) =>
    Math.min(limit - half, Math.max(half, Number.isFinite(value) ? value : limit / 2));
  return {
    zoom,
    centerX: clamp(view.centerX, visible.width / 2, source.width),
    centerY: clamp(view.centerY, visible.height / 2, source.height),
  };
}

/** The starting view: the whole image scaled to cover the frame, centred. */
export function initialView(source: Size): CropView {
  return { centerX: source.width / 2, centerY: source.height / 2, zoom: MIN_ZOOM };
}

/** The source rectangle to draw into the output canvas. */
export function cropRect(source: Size, output: Size, view: CropView): Rect {
  const clamped = clampView(source, output, view);
  const visible = visibleSourceSize(source, output, clamped.zoom);
  return {
    x: clamped.centerX - visible.width / 2,
    y: clamped.centerY - visible.height / 2,
    width: visible.width,
    height: visible.height,
  };
}

/**
 * Moves the view by a drag of (dx, dy) pixels on a frame shown `frameWidth` pixels wide: the
 * image follows the pointer, so the centre moves the other way, in source pixels.
 */
export function panView(
  source: Size,
  output: Size,
  view: CropView,
  dx: number,
  dy: number,
  frameWidth: number,
): CropView {
  const visible = visibleSourceSize(source, output, view.zoom);
  const perPixel = visible.width / frameWidth;
  return clampView(source, output, {
    ...view,
    centerX: view.centerX - dx * perPixel,
    centerY: view.centerY - dy * perPixel,
  });
}

/** Zooms about the frame's centre. */
export function zoomView(source: Size, output: Size, view: CropView, zoom: number): CropView {
  return clampView(source, output, { ...view, zoom });
}
