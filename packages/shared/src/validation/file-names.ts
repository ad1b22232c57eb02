// On its own so pages that upload (creating a shop) need not download every image rule.

/**
 * A file name safe for storage and URLs: spaces become underscores, accents are dropped
 * ("é" → "e"), anything but letters, digits, ".", "_" and "-" is removed, and the name cannot
 * start with a dot. A name left empty becomes "file" (keeping its extension).
 */
export function sanitizeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const cleaned = base
    .normalize("NFKD")
    .replace(/\s+/g, "_")
    .replace(/[^A-Za-z0-9._-]/g, "");
  const dot = cleaned.lastIndexOf(".");
  const stem = (dot < 0 ? cleaned : cleaned.slice(0, dot)).replace(/^\.+|\.+$/g, "") || "file";
  const extension = dot < 0 || dot === cleaned.length - 1 ? "" : cleaned.slice(dot);
  return stem + extension;
}
