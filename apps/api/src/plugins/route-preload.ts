import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";

/**
 * `<link rel="modulepreload">` hints for the route module a page will load.
 *
 * The web app loads each audience's pages through React Router's lazy routes, so on a first
 * visit the browser only learns of the storefront's chunk after the entry has downloaded,
 * parsed and matched the URL: one more round trip on the critical path, the most expensive
 * thing on a phone on a slow link. The server knows the page from the URL, so it names the
 * chunk in the HTML and the browser fetches it alongside the entry.
 */

type ManifestChunk = { file: string; imports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;

/** The JavaScript and CSS a manifest entry needs, its static imports included, in load order. */
export function chunkFiles(manifest: Manifest, key: string): { js: string[]; css: string[] } {
  const js: string[] = [];
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (name: string) => {
    const chunk = manifest[name];
    if (!chunk || seen.has(name)) return;
    seen.add(name);
    for (const imported of chunk.imports ?? []) visit(imported);
    js.push(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
  };
  visit(key);
  return { js, css: [...css] };
}

let cachedManifest: { path: string; mtimeMs: number; manifest: Manifest } | undefined;

/** The build's manifest, read again only when the build changes (every page asks for it). */
async function readManifest(webDist: string): Promise<Manifest | null> {
  const path = join(webDist, ".vite", "manifest.json");
  try {
    const { mtimeMs } = await stat(path);
    if (cachedManifest?.path === path && cachedManifest.mtimeMs === mtimeMs) {
      return cachedManifest.manifest;
    }
    const manifest = JSON.parse(await readFile(path, "utf8")) as Manifest;
    cachedManifest = { path, mtimeMs, manifest };
    return manifest;
  } catch {
    return null;
  }
}

/**
 * The shop's font (lib/fonts.ts in the web app loads it once the app runs): its stylesheets and
 * the Latin files they name, so the text's font arrives with the page's scripts rather than
 * after them. A system font (Arial, Georgia…) has no files and gets nothing.
 */
export function fontFiles(manifest: Manifest, font: string): { css: string[]; woff2: string[] } {
  const name = font.toLowerCase().replaceAll(" ", "-");
  const sheet = new RegExp(`/@fontsource/${name}/\\d{3}\\.css$`);
  const latin = new RegExp(`/@fontsource/${name}/files/${name}-latin-\\d{3}-normal\\.woff2$`);
  const css: string[] = [];
  const woff2: string[] = [];
  for (const [key, chunk] of Object.entries(manifest)) {
    if (sheet.test(key)) css.push(chunk.file);
    else if (latin.test(key)) woff2.push(chunk.file);
  }
  return { css: css.sort(), woff2: woff2.sort() };
}

/**
 * The shop font's `@font-face` rules, written into the page instead of linked: three
 * stylesheets before the first paint cost three requests on a phone's slow link, their rules
 * are about a kilobyte each. `data-shop-font` tells lib/fonts.ts in the web app that the font
 * is already in the page, so it does not fetch the stylesheets again. The rules keep
 * `font-display: swap` (the text shows in the fallback at once); only the regular weight's Latin
 * file is preloaded, the one the first paint's body text needs. A file that cannot be read, or
 * one that could close the element, falls back to the stylesheet links.
 */
async function fontTags(
  webDist: string,
  manifest: Manifest,
  font: string,
): Promise<{ rules: string[]; preload: string[] }> {
  const { css, woff2 } = fontFiles(manifest, font);
  if (css.length === 0) return { rules: [], preload: [] };
  const rules = await Promise.all(
    css.map((file) => readFile(join(webDist, file), "utf8").catch(() => null)),
  );
  const inline = rules.every((rule) => rule !== null && !/<\/style/i.test(rule));
  const regular = woff2.filter((file) => /-latin-400-normal[-.]/.test(file));
  const name = font.replaceAll(/[^A-Za-z ]/g, "");
  return {
    rules: inline
      ? [`<style data-shop-font="${name}">${rules.join("")}</style>`]
      : css.map((file) => `<link rel="stylesheet" href="/${file}" />`),
    preload: (regular.length > 0 ? regular : woff2).map(
      (file) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="/${file}" />`,
    ),
  };
}

/**
 * The hints for `moduleKey` (a source path as the manifest names it, e.g.
 * `src/app/routes/storefront.tsx`), leaving out what index.html already loads, and the shop's
 * font when one is given. No manifest or no such module (a build without one, a renamed route)
 * means no hints: the page still works, only without the head start.
 */
export async function routePreloadTags(
  webDist: string,
  html: string,
  moduleKey: string,
  font?: string,
): Promise<string> {
  const manifest = await readManifest(webDist);
  if (!manifest?.[moduleKey]) return "";
  const { js, css } = chunkFiles(manifest, moduleKey);
  const fonts = font ? await fontTags(webDist, manifest, font) : { rules: [], preload: [] };
  const missing = (file: string) => !html.includes(`/${file}"`);
  return [
    ...css.filter(missing).map((file) => `<link rel="stylesheet" href="/${file}" />`),
    ...fonts.rules,
    ...js.filter(missing).map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`),
    ...fonts.preload,
  ].join("\n    ");
}
