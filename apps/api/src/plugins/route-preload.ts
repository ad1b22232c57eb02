import { readFile } from "node:fs/promises";
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

/**
 * The hints for `moduleKey` (a source path as the manifest names it, e.g.
 * `src/app/routes/storefront.tsx`), leaving out what index.html already loads. No manifest or
 * no such module (a build without one, a renamed route) means no hints: the page still works,
 * only without the head start.
 */
export async function routePreloadTags(
  webDist: string,
  html: string,
  moduleKey: string,
): Promise<string> {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(join(webDist, ".vite", "manifest.json"), "utf8"));
  } catch {
    return "";
  }
  if (!manifest[moduleKey]) return "";
  const { js, css } = chunkFiles(manifest, moduleKey);
  const missing = (file: string) => !html.includes(`/${file}"`);
  return [
    ...css.filter(missing).map((file) => `<link rel="stylesheet" href="/${file}" />`),
    ...js.filter(missing).map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`),
  ].join("\n    ");
}
