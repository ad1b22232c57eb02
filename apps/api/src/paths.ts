import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * apps/api, found by walking up to its migrations: the server runs from its sources (tests, dev)
 * and from the bundle `npm start` builds into apps/api/dist, and the folders must resolve in both.
 */
function findApiRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, "drizzle", "meta", "_journal.json"))) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error("apps/api (with its drizzle migrations) was not found");
    dir = parent;
  }
}

export const apiRoot = findApiRoot();
export const repoRoot = resolve(apiRoot, "../..");
export const migrationsFolder = join(apiRoot, "drizzle");
