// Payload validation for every room. Client messages arrive as msgpack-decoded
// values of any shape: these helpers turn them into typed values or a Rejection
// ({code, message}), never throw, and never trust a prototype.

export {
  badPayload,
  cellPayload,
  emptyPayload,
  fail,
  intIn,
  isPlainObject,
  isWholeNumber,
  objectWith,
  ok,
  type Parsed,
} from "../../../common/core/payload.js";

// Control characters (C0, DEL, C1), bidi overrides/isolates and line/paragraph
// separators: nothing a display name or a chat line should carry.
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2028\u2029\u2066-\u2069\ufeff]/g;

/** Removes unprintable characters and trims; cuts to `max` code points (never splits a surrogate pair). */
export function cleanText(raw: string, max: number): string {
  const cleaned = raw.replace(UNPRINTABLE, "").trim();
  const points = Array.from(cleaned);
  return points.length > max ? points.slice(0, max).join("").trim() : cleaned;
}

export const MAX_NAME = 16;
export const DEFAULT_NAME = "Player";

/** Display name: unprintables removed, trimmed, ≤ 16 characters; empty or missing → "Player". */
export function sanitizeName(raw: unknown): string {
  if (typeof raw !== "string") return DEFAULT_NAME;
  // Bound the work on absurd inputs before the regex runs.
  const name = cleanText(raw.slice(0, 256), MAX_NAME);
  return name.length > 0 ? name : DEFAULT_NAME;
}

/**
 * Approximate wire size of a decoded payload: its JSON length (bigints counted
 * as their digits). Never throws; returns Infinity for values JSON cannot encode
 * (cycles cannot come out of msgpack, but be safe).
 */
export function payloadSize(payload: unknown): number {
  if (payload === undefined) return 0;
  try {
    const json = JSON.stringify(payload, (_k, v) => (typeof v === "bigint" ? v.toString() : v));
    return json === undefined ? 0 : json.length;
  } catch {
    return Infinity;
  }
}
