import { readFile } from "node:fs/promises";
import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import type { Plugin } from "vite";

/**
 * `import messages from "…/es.json?compiled&section=public"`: one section of a language's
 * catalogue (key → ICU message) compiled at build time, so pages ship compiled messages and not
 * the ICU parser (about 5 KB), and each area downloads its own section only. A message that
 * does not parse fails the build, naming its key.
 */
export function compiledCatalogues(): Plugin {
  return {
    name: "tessera:compiled-catalogues",
    enforce: "pre",
    async load(id) {
      const [file = "", query = ""] = id.split("?");
      const params = new URLSearchParams(query);
      if (!file.endsWith(".json") || !params.has("compiled")) return null;
      const name = params.get("section") ?? "";
      this.addWatchFile(file);
      const catalogue = JSON.parse(await readFile(file, "utf8")) as Record<
        string,
        Record<string, string>
      >;
      const section = catalogue[name];
      if (!section) throw new Error(`${file} has no section "${name}"`);
      const compiled: Record<string, unknown> = {};
      for (const [key, message] of Object.entries(section)) {
        try {
          compiled[key] = compileMessageOrThrow(message);
        } catch (error) {
          throw new Error(`${file}: "${key}" is not a valid ICU message: ${String(error)}`);
        }
      }
      return `export default ${JSON.stringify(compiled)};`;
    },
  };
}
