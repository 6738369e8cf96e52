// Shared by the leak checks (test/server/pets.smoke.test.ts): finds keys a viewer must never receive anywhere in a decoded value.

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

/**
 * The checks every game's received messages share: a known type; a `seat` message only for its
 * own seat, with nothing forbidden beside its token; no forbidden key anywhere. Returns the
 * event's payload when the message is an event (for the game's own checks of its kinds), else null.
 */
export function commonMessageLeaks(m: { type: string; payload: any }, viewer: number, types: Set<string>, forbidden: Set<string>, problems: string[]): any | null {
  if (!types.has(m.type)) problems.push(`unexpected message type ${m.type}`);
  const payload = m.payload;
  if (m.type === "seat") {
    if (payload?.seat !== viewer) problems.push(`seat message for seat ${payload?.seat} sent to ${viewer}`);
    const { seatToken: _own, ...rest } = payload ?? {};
    walkKeys(rest, forbidden, "seat", problems);
    return null;
  }
  walkKeys(payload, forbidden, m.type, problems);
  return m.type === "event" ? payload : null;
}
