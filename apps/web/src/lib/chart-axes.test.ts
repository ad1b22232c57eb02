import { describe, expect, it } from "vitest";
import { dateLabelInterval, edgeAnchor } from "./chart-axes";

describe("dateLabelInterval", () => {
  it.each([
    // buckets, chart width (px), buckets skipped between two labels
    [30, 980, 2], // 13 labels fit: every 3rd day
    [30, 300, 7], // a phone: 4 labels, every 8th day
    [13, 980, 0], // a year by month: every month labelled
    [12, 440, 1], // a half-width card: 6 labels, every other month
    [31, 0, 15], // not measured yet: two labels
    [0, 980, 0],
  ])("%i buckets on %i px skip %i", (buckets, width, interval) => {
    expect(dateLabelInterval(buckets, width)).toBe(interval);
  });

  it("never lets the labels of the chosen interval overrun the width", () => {
    for (let buckets = 1; buckets <= 366; buckets++) {
      for (const width of [200, 320, 440, 640, 980, 1400]) {
        const shown = Math.ceil(buckets / (dateLabelInterval(buckets, width) + 1));
        expect(shown * 72).toBeLessThanOrEqual(Math.max(width, 2 * 72));
      }
    }
  });
});

describe("edgeAnchor", () => {
  it.each([
    [0, "May 2026", 440, "start"], // a line chart's first point, on the left edge
    [440, "Nov 2026", 440, "end"], // its last point, on the right edge
    [410, "28 Nov", 440, "middle"], // a bar's centre, far enough in
    [220, "15 Nov", 440, "middle"],
    [10, "1 Nov", 440, "start"],
    [300, "Nov 2026", 0, "middle"], // width not measured yet: only the left edge is known
  ])("a label at %i reading %s on %i px is anchored %s", (x, text, width, anchor) => {
    expect(edgeAnchor(x, text, width)).toBe(anchor);
  });
});
