import type { AuditRecord } from "@tessera/shared";

/** "price: 19.99 → 24.5; status: active → inactive", or the values alone when nothing preceded. */
export function describeChange(record: Pick<AuditRecord, "before" | "after">): string {
  const { before, after } = record;
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const show = (value: unknown) => (value === null || value === undefined ? "—" : String(value));
  return keys
    .filter((key) => key !== "transactionId" && key !== "redemptionId")
    .map((key) => {
      if (!before) return `${key}: ${show(after?.[key])}`;
      if (!after) return `${key}: ${show(before[key])} → removed`;
      const from = show(before[key]);
      const to = show(after[key]);
      return from === to ? `${key}: ${to}` : `${key}: ${from} → ${to}`;
    })
    .join("; ");
}

/** A short name for the browser that acted, from its user agent. */
export function deviceOf(userAgent: string | null): string {
  if (!userAgent) return "";
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /Firefox\//.test(userAgent)
      ? "Firefox"
      : /Chrome\//.test(userAgent)
        ? "Chrome"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : (userAgent.split(/[ /]/)[0] ?? "");
  const system = /iPhone|iPad/.test(userAgent)
    ? "iOS"
    : /Android/.test(userAgent)
      ? "Android"
      : /Windows/.test(userAgent)
        ? "Windows"
        : /Mac OS X/.test(userAgent)
          ? "macOS"
          : /Linux/.test(userAgent)
            ? "Linux"
            : "";
  return [browser, system].filter(Boolean).join(" on ");
}
