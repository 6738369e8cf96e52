// Payload checking shared by every game's parseMove and the rooms. Client messages arrive
// as msgpack-decoded values of any shape: these helpers turn them into typed values or a
// Rejection ({code, message}), never throw, and never trust a prototype.

import type { Rejection } from "./rules.js";

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: Rejection };

export const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
export const fail = (code: string, message: string): { ok: false; error: Rejection } => ({
  ok: false,
  error: { code, message },
});
export const badPayload = (message: string) => fail("bad-payload", message);

/** A plain `{...}` object (not null, not an array, not a Date / Map / typed array / class instance). */
export function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== "object") return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/** An integer in [min, max], or null. Rejects NaN, ±Infinity, floats, strings, bigints. */
export function intIn(value: unknown, min: number, max: number): number | null {
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) return null;
  return value === 0 ? 0 : value; // normalise -0
}

/**
 * Checks that `payload` is a plain object whose keys are all in `allowed`.
 * `undefined` counts as `{}` (a client may send a message without a payload).
 */
/** A room option that must be a whole number in [min, max]: the number, or the refusal's words. */
export function wholeOption(name: string, value: unknown, min: number, max: number): number | string {
  const n = intIn(value, min, max);
  return n === null ? `${name} must be a whole number from ${min} to ${max}.` : n;
}

export function objectWith(payload: unknown, allowed: readonly string[]): Parsed<Record<string, unknown>> {
  if (payload === undefined) return ok({});
  if (!isPlainObject(payload)) return badPayload(`Expected an object like {${allowed.join(", ")}}.`);
  for (const key of Object.keys(payload)) {
    if (!allowed.includes(key)) {
      return badPayload(`Unexpected field ${JSON.stringify(key.slice(0, 32))}; expected only {${allowed.join(", ")}}.`);
    }
  }
  return ok(payload);
}

/** `{}` or no payload at all. */
export function emptyPayload(payload: unknown): Parsed<Record<string, never>> {
  const o = objectWith(payload, []);
  return o.ok ? ok({}) : o;
}

/**
 * A cell `{r, c}` on a rows × cols board. Wrong types are `bad-payload`; whole
 * numbers outside the board are `out-of-range`.
 */
export function cellPayload(payload: unknown, rows: number, cols: number): Parsed<{ r: number; c: number }> {
  const o = objectWith(payload, ["r", "c"]);
  if (!o.ok) return o;
  const { r, c } = o.value;
  if (!isWholeNumber(r) || !isWholeNumber(c)) return badPayload("r and c must be whole numbers.");
  const rr = intIn(r, 0, rows - 1);
  const cc = intIn(c, 0, cols - 1);
  if (rr === null || cc === null) return fail("out-of-range", `Cell (${r}, ${c}) is not on this ${rows}×${cols} board.`);
  return ok({ r: rr, c: cc });
}

export function isWholeNumber(v: unknown): v is number {
  return typeof v === "number" && Number.isInteger(v);
}
