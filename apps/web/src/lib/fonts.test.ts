import { FONT_STYLES } from "@tessera/shared";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FONT_LOADERS, loadFont, resetLoadedFonts, SYSTEM_FONTS } from "./fonts";

const slug = (name: string) => name.toLowerCase().replaceAll(" ", "-");

describe("loadFont mapping", () => {
  afterEach(() => resetLoadedFonts());

  it("covers every store font: four system fonts, the rest from @fontsource", () => {
    expect([...SYSTEM_FONTS].sort()).toEqual(["Arial", "Georgia", "Times New Roman", "Verdana"]);
    for (const font of FONT_STYLES) {
      if (SYSTEM_FONTS.has(font)) expect(FONT_LOADERS[font]).toBeUndefined();
      else expect(FONT_LOADERS[font]?.length, font).toBeGreaterThan(0);
    }
  });

  it("imports the package named after the font, regular weight first", () => {
    for (const [font, loaders] of Object.entries(FONT_LOADERS)) {
      const sources = (loaders ?? []).map(String);
      expect(sources[0], font).toContain(`@fontsource/${slug(font)}/400.css`);
      for (const source of sources) {
        expect(source, font).toMatch(new RegExp(`@fontsource/${slug(font)}/(400|600|700)\\.css`));
      }
    }
  });

  it("loads a font once and resolves at once for system or unknown fonts", async () => {
    const first = loadFont("Roboto");
    expect(loadFont("Roboto")).toBe(first);
    await expect(first).resolves.toBeUndefined();
    await expect(loadFont("Arial")).resolves.toBeUndefined();
    await expect(loadFont("Comic Sans")).resolves.toBeUndefined();
    await expect(loadFont(undefined)).resolves.toBeUndefined();
  });

  it("fetches no stylesheet for a font the server already wrote into the page", async () => {
    const loaders = FONT_LOADERS.Lato as Array<() => Promise<unknown>>;
    const original = [...loaders];
    const load = vi.fn(() => Promise.resolve());
    loaders.splice(0, loaders.length, load, load);
    const style = document.createElement("style");
    style.dataset.shopFont = "Lato";
    document.head.append(style);
    try {
      await expect(loadFont("Lato")).resolves.toBeUndefined();
      expect(load).not.toHaveBeenCalled();
      // Another font in the same page still loads its own stylesheets.
      style.dataset.shopFont = "Roboto";
      resetLoadedFonts();
      await loadFont("Lato");
      expect(load).toHaveBeenCalledTimes(2);
    } finally {
      style.remove();
      loaders.splice(0, loaders.length, ...original);
    }
  });
});
