// Shared by the leak tests: finds keys a viewer must never receive anywhere in a decoded value.

/** Pushes `forbidden key <path>` to `out` for every key of `forbidden` found in `v` (depth ≤ 10). */
export function walkKeys(v: unknown, forbidden: Set<string>, path: string, out: string[], depth = 0): void {
  if (v === null || typeof v !== "object" || depth > 10) return;
  if (Array.isArray(v)) return v.forEach((x, i) => walkKeys(x, forbidden, `${path}[${i}]`, out, depth + 1));
  for (const [key, value] of Object.entries(v as Record<string, unknown>)) {
    // (`welcome.private` is the room's private flag, a boolean: not a seat's private data.)
    if (forbidden.has(key) && !(key === "private" && typeof value === "boolean")) out.push(`forbidden key ${path}.${key}`);
    walkKeys(value, forbidden, `${path}.${key}`, out, depth + 1);
  }
}
