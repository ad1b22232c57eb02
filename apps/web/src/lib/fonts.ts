import { FONT_STYLES, type FontStyle } from "@tessera/shared";

/**
 * The store fonts (spec §5 "font style"), loaded on demand from the bundled @fontsource
 * packages: Vite turns each `import()` below into a CSS chunk whose woff2 files land in
 * dist/assets, so nothing comes from a third-party CDN (the CSP allows fonts from 'self' only).
 * Each font loads its regular weight plus the bold weights the UI uses (600 for
 * `font-semibold`, 700 for `font-bold`) where the family has them.
 */

type CssImport = () => Promise<unknown>;

/** Arial, Georgia, Times New Roman and Verdana ship with the operating system. */
export const SYSTEM_FONTS: ReadonlySet<FontStyle> = new Set<FontStyle>([
  "Arial",
  "Georgia",
  "Times New Roman",
  "Verdana",
]);

// The specifiers must stay literal strings so Vite can bundle them.
export const FONT_LOADERS: Readonly<Partial<Record<FontStyle, readonly CssImport[]>>> = {
  Roboto: [
    () => import("@fontsource/roboto/400.css"),
    () => import("@fontsource/roboto/600.css"),
    () => import("@fontsource/roboto/700.css"),
  ],
  // Lato has no 600: the browser uses 700 for semibold text.
  Lato: [() => import("@fontsource/lato/400.css"), () => import("@fontsource/lato/700.css")],
  "Open Sans": [
    () => import("@fontsource/open-sans/400.css"),
    () => import("@fontsource/open-sans/600.css"),
    () => import("@fontsource/open-sans/700.css"),
  ],
  Poppins: [
    () => import("@fontsource/poppins/400.css"),
    () => import("@fontsource/poppins/600.css"),
    () => import("@fontsource/poppins/700.css"),
  ],
  Montserrat: [
    () => import("@fontsource/montserrat/400.css"),
    () => import("@fontsource/montserrat/600.css"),
    () => import("@fontsource/montserrat/700.css"),
  ],
  Merriweather: [
    () => import("@fontsource/merriweather/400.css"),
    () => import("@fontsource/merriweather/600.css"),
    () => import("@fontsource/merriweather/700.css"),
  ],
  "Playfair Display": [
    () => import("@fontsource/playfair-display/400.css"),
    () => import("@fontsource/playfair-display/600.css"),
    () => import("@fontsource/playfair-display/700.css"),
  ],
  Lora: [
    () => import("@fontsource/lora/400.css"),
    () => import("@fontsource/lora/600.css"),
    () => import("@fontsource/lora/700.css"),
  ],
  "EB Garamond": [
    () => import("@fontsource/eb-garamond/400.css"),
    () => import("@fontsource/eb-garamond/600.css"),
    () => import("@fontsource/eb-garamond/700.css"),
  ],
  // Single-weight script fonts: bold text is synthesised by the browser.
  Pacifico: [() => import("@fontsource/pacifico/400.css")],
  "Dancing Script": [
    () => import("@fontsource/dancing-script/400.css"),
    () => import("@fontsource/dancing-script/600.css"),
    () => import("@fontsource/dancing-script/700.css"),
  ],
  Caveat: [
    () => import("@fontsource/caveat/400.css"),
    () => import("@fontsource/caveat/600.css"),
    () => import("@fontsource/caveat/700.css"),
  ],
  "Great Vibes": [() => import("@fontsource/great-vibes/400.css")],
  "Source Code Pro": [
    () => import("@fontsource/source-code-pro/400.css"),
    () => import("@fontsource/source-code-pro/600.css"),
    () => import("@fontsource/source-code-pro/700.css"),
  ],
  "Fira Code": [
    () => import("@fontsource/fira-code/400.css"),
    () => import("@fontsource/fira-code/600.css"),
    () => import("@fontsource/fira-code/700.css"),
  ],
  "JetBrains Mono": [
    () => import("@fontsource/jetbrains-mono/400.css"),
    () => import("@fontsource/jetbrains-mono/600.css"),
    () => import("@fontsource/jetbrains-mono/700.css"),
  ],
  "Courier Prime": [
    () => import("@fontsource/courier-prime/400.css"),
    () => import("@fontsource/courier-prime/700.css"),
  ],
};

const loaded = new Map<string, Promise<void>>();

/**
 * Whether the server already wrote the font's `@font-face` rules into the page
 * (`<style data-shop-font>` in a shop page's head, apps/api's route-preload.ts): then its
 * stylesheets are not fetched a second time.
 */
function inPage(fontStyle: string): boolean {
  if (typeof document === "undefined") return false;
  for (const style of document.head.querySelectorAll<HTMLStyleElement>("style[data-shop-font]")) {
    if (style.dataset.shopFont === fontStyle) return true;
  }
  return false;
}

function isKnownFont(value: string): value is FontStyle {
  return (FONT_STYLES as readonly string[]).includes(value);
}

/**
 * Loads a store font's stylesheets once (later calls share the first promise). System fonts,
 * unknown names and empty values resolve at once; a failed chunk load is forgotten so a later
 * call tries again, and the fallback stack shows meanwhile.
 */
export function loadFont(fontStyle: string | null | undefined): Promise<void> {
  if (!fontStyle || !isKnownFont(fontStyle)) return Promise.resolve();
  const loaders = FONT_LOADERS[fontStyle];
  if (!loaders) return Promise.resolve();
  const existing = loaded.get(fontStyle);
  if (existing) return existing;
  if (inPage(fontStyle)) {
    const ready = Promise.resolve();
    loaded.set(fontStyle, ready);
    return ready;
  }
  const pending = Promise.all(loaders.map((load) => load())).then(
    () => undefined,
    (error: unknown) => {
      loaded.delete(fontStyle);
      console.warn(`Could not load the font ${fontStyle}`, error);
    },
  );
  loaded.set(fontStyle, pending);
  return pending;
}

/** Test hook: forget which fonts were loaded. */
export function resetLoadedFonts(): void {
  loaded.clear();
}
