import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

/**
 * A built web app in a new temporary folder, as WEB_DIST points at: each path below the
 * folder ("index.html", "assets/app.js") with its content. Returns the folder.
 */
export function webDist(files: Record<string, string | Buffer>): string {
  const dist = mkdtempSync(join(tmpdir(), "tessera-web-"));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dist, path)), { recursive: true });
    writeFileSync(join(dist, path), content);
  }
  return dist;
}
