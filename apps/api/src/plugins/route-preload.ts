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
  const fonts = font ? fontFiles(manifest, font) : { css: [], woff2: [] };
  const missing = (file: string) => !html.includes(`/${file}"`);
  return [
    ...[...css, ...fonts.css]
      .filter(missing)
      .map((file) => `<link rel="stylesheet" href="/${file}" />`),
    ...js.filter(missing).map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`),
    ...fonts.woff2.map(
      (file) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="/${file}" />`,
    ),
  ].join("\n    ");
}
