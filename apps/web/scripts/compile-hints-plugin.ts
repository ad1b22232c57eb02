import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Plugin } from "vite";

/** V8's explicit compile hint (Chrome 136+), valid only as a file's first line. */
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad";

/**
 * Marks the entry chunk and the chunks it imports statically (the framework's among them) with
 * V8's compile hint. Without it V8 compiles a function on the main thread the first time it
 * runs, and at start-up nearly every function of these files runs: that was a good part of the
 * start-up's main-thread time. With it, V8 compiles them while the file streams in, on a
 * background thread. Lazily loaded chunks are left alone: most of their functions wait for a
 * click.
 *
 * Written into the files after the build wrote them, because Vite puts its preload map at the
 * top of the entry after every plugin's hooks; the source map gains the empty first line.
 */
export function compileHints(): Plugin {
  return {
    name: "tessera:compile-hints",
    apply: "build",
    async writeBundle(options, bundle) {
      const dir = options.dir ?? "";
      const hinted = new Set<string>();
      const visit = (fileName: string) => {
        const chunk = bundle[fileName];
        if (chunk?.type !== "chunk" || hinted.has(fileName)) return;
        hinted.add(fileName);
        for (const imported of chunk.imports) visit(imported);
      };
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === "chunk" && chunk.isEntry) visit(chunk.fileName);
      }
      for (const fileName of hinted) {
        const path = join(dir, fileName);
        const code = await readFile(path, "utf8");
        if (code.startsWith(COMPILE_HINT)) continue;
        await writeFile(path, `${COMPILE_HINT}\n${code}`);
        const mapPath = `${path}.map`;
        const map = await readFile(mapPath, "utf8").catch(() => null);
        if (map !== null) {
          const parsed = JSON.parse(map) as { mappings: string };
          parsed.mappings = `;${parsed.mappings}`;
          await writeFile(mapPath, JSON.stringify(parsed));
        }
      }
    },
  };
}
