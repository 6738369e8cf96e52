// Events: what the host resolved from an intention. They are stored, sent to every player and
// replayed, so they are parsed like any untrusted input (a guest applies what the host sends).

import { isSeed, type Seed } from "../core/rng.js";
import { parseAction, type Action, type Rejection } from "./catalogue.js";
import { checkGame, upgradeGame } from "./validate.js";
import type { TableGame } from "./types.js";

/** The host itself (no seat), e.g. an automatic turn pass. */
export const TABLE_ACTOR = -1;

/** What a player asks for. */
export interface Intention {
  actor: number;
  action: Action;
}

export type Change =
  /** A catalogue action; `seed` for the ones that shuffle or pick at random, `result` for dice, coins and the planar die (shown on screen). */
  | { type: "action"; action: Action; seed?: Seed; result?: number[] }
  /** Undo (undone = first undone seq) or restart (undone = null): the game as it must be. */
  | { type: "restore"; undone: number | null; game: TableGame };

export interface TableEvent {
  seq: number;
  /** Seat, or TABLE_ACTOR. */
  actor: number;
  /** Server time in ms (log display only; never used by the rules). */
  t: number;
  change: Change;
}

const isObj = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);
const isUint = (x: unknown, max = 2 ** 32 - 1): x is number => typeof x === "number" && Number.isInteger(x) && x >= 0 && x <= max;

const bad = (message: string) => ({ ok: false as const, error: { code: "bad-event", message } });

/** Checks the shape of an untrusted event (not whether it fits the game: apply does that). */
export function parseEvent(raw: unknown): { ok: true; event: TableEvent } | { ok: false; error: Rejection } {
  if (!isObj(raw)) return bad("An event is an object.");
  const { seq, actor, t, change } = raw;
  if (!isUint(seq, 2 ** 31) || seq < 1) return bad("Event seq must be a whole number from 1.");
  if (!(actor === TABLE_ACTOR || isUint(actor, 9))) return bad("Event actor must be a seat 0..9 or -1 (the table).");
  if (typeof t !== "number" || !Number.isFinite(t)) return bad("Event time must be a number.");
  if (!isObj(change)) return bad("Event change must be an object.");
  if (change.type === "action") {
    const parsed = parseAction(change.action);
    if (!parsed.ok) return parsed;
    const out: Change = { type: "action", action: parsed.action };
    if (change.seed !== undefined) {
      if (!(isUint(change.seed) || (typeof change.seed === "string" && isSeed(change.seed)))) return bad("Event seed must be an unsigned 32-bit number or 32 hex digits.");
      out.seed = change.seed;
    }
    if (change.result !== undefined) {
      if (!Array.isArray(change.result) || change.result.length > 20 || !change.result.every((r) => isUint(r, 100_000))) return bad("Event result must be a short list of whole numbers.");
      out.result = [...change.result];
    }
    return { ok: true, event: { seq, actor, t, change: out } };
  }
  if (change.type === "restore") {
    if (!(change.undone === null || (isUint(change.undone, 2 ** 31) && change.undone >= 1))) return bad("Restore undone must be a seq or null.");
    const game = upgradeGame(change.game);
    const problem = checkGame(game);
    if (problem) return bad(`Restore game is not a valid table: ${problem}.`);
    return { ok: true, event: { seq, actor, t, change: { type: "restore", undone: change.undone, game: game as TableGame } } };
  }
  return bad(`Unknown change type ${JSON.stringify(String(change.type).slice(0, 20))}.`);
}
