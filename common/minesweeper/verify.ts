// Checks an offline solo game submitted as {seed, level or config, log}.
//
// The browser plays offline with the same rules (minesweeperRules), its own
// clock and a seed; when it is back online it submits the game. The server
// replays the log (core replay) and stores the result as unranked-verified
// only when the log is well formed, every move is legal, the times never go
// backwards, nothing happens after the end and the last move wins the board.
// Each refusal names what is wrong, in a sentence a player can read.
//
// Pure: the submission is untrusted JSON and is never mutated.

import { isSeed, type Seed } from "../core/rng.js";
import type { Prepared } from "../core/rules.js";
import { replay, type GameRecord } from "../core/session.js";
import { resolveConfig } from "./config.js";
import { elapsedMs, minesweeperRules, safeCells } from "./rules.js";
import { gameStats, type GameStats } from "./stats.js";
import { LEVELS, type MinesweeperConfig, type MinesweeperMove, type MinesweeperState } from "./types.js";

/** A log may hold at most this many moves per cell of the board. */
export const MAX_MOVES_PER_CELL = 3;

/** What the client submits (every field is checked; extra fields are ignored). */
export interface SoloSubmission {
  /** 32 lowercase hex digits (128 bits); a whole number from pages older than 128-bit seeds. */
  seed: Seed;
  /** A standard level id ("beginner", ...), or "custom" with `config`. */
  level?: string;
  /** The board, for custom games (or a standard level spelled out). */
  config?: { level?: string; rows: number; cols: number; mines: number; noGuess?: boolean };
  /** A no-guess board (also accepted inside `config`). */
  noGuess?: boolean;
  /** Moves in the order played, each with the client's time in milliseconds. */
  log: { move: MinesweeperMove; t: number }[];
  /** The time the client showed, if it claims one: must match the replay. */
  timeMs?: number;
}

export type VerifyFailure =
  | "bad-submission"
  | "bad-seed"
  | "bad-config"
  | "empty-log"
  | "log-too-long"
  | "bad-move"
  | "bad-time"
  | "time-backwards"
  | "after-end"
  | "illegal-move"
  | "not-won"
  | "time-mismatch";

export type VerifyResult =
  | {
      ok: true;
      config: MinesweeperConfig;
      /** Game clock from the first click to the winning move. */
      timeMs: number;
      stats: GameStats;
      /** The normalized record to store (only the checked fields). */
      record: GameRecord<MinesweeperConfig, MinesweeperMove>;
    }
  | { ok: false; code: VerifyFailure; reason: string; /** 0-based index of the offending move, when one is at fault. */ index?: number };

const MOVE_TYPES = new Set(["reveal", "flag", "chord"]);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const fail = (code: VerifyFailure, reason: string, index?: number): VerifyResult => (index === undefined ? { ok: false, code, reason } : { ok: false, code, reason, index });
/** Moves are numbered from 1 for people. */
const nth = (i: number) => `Move ${i + 1}`;

function readConfig(sub: Record<string, unknown>): { ok: true; config: MinesweeperConfig } | { ok: false; reason: string } {
  const { level, config } = sub;
  const noGuess = sub.noGuess ?? (isObject(config) ? config.noGuess : undefined);
  if (noGuess !== undefined && typeof noGuess !== "boolean") return { ok: false, reason: "noGuess must be true or false." };
  if (config === undefined) {
    if (level === undefined) return { ok: false, reason: "The submission names no level and no board." };
    if (level === "custom") return { ok: false, reason: "A custom game needs its board: config {rows, cols, mines}." };
    const r = resolveConfig({ level, noGuess });
    return r.ok ? r : { ok: false, reason: r.error.message };
  }
  if (!isObject(config)) return { ok: false, reason: "The board config must be an object {rows, cols, mines}." };
  const named = config.level ?? level ?? "custom";
  if (level !== undefined && config.level !== undefined && level !== config.level) {
    return { ok: false, reason: `The level ${JSON.stringify(level)} and the config's level ${JSON.stringify(config.level)} disagree.` };
  }
  const r = resolveConfig({ level: named, rows: config.rows, cols: config.cols, mines: config.mines, noGuess });
  if (!r.ok) return { ok: false, reason: r.error.message };
  const c = r.config;
  if (c.level !== "custom" && (config.rows !== c.rows || config.cols !== c.cols || config.mines !== c.mines)) {
    const std = LEVELS[c.level];
    return { ok: false, reason: `The board ${String(config.rows)}×${String(config.cols)} with ${String(config.mines)} mines is not the ${c.level} board (${std.rows}×${std.cols}, ${std.mines} mines).` };
  }
  return r;
}

/** "the board was won at move 12", for the move with 0-based index `index`. */
function describeEnd(state: MinesweeperState, index: number): string {
  return `the board was ${state.phase === "won" ? "won" : "lost"} at move ${index + 1}`;
}

/** Verifies an offline solo game; see the header. `prepared`: its no-guess board if made beforehand (otherwise the replay makes it). */
export function verifySoloLog(submission: unknown, prepared?: Prepared): VerifyResult {
  if (!isObject(submission)) return fail("bad-submission", "The submission must be an object {seed, level or config, log}.");
  const { seed, log, timeMs: claimed } = submission;
  if (!isSeed(seed)) {
    return fail("bad-seed", "The seed must be 32 lowercase hex digits (or, from an older page, a whole number from 0 to 2^53 − 1).");
  }
  const cfg = readConfig(submission);
  if (!cfg.ok) return fail("bad-config", cfg.reason);
  const config = cfg.config;
  if (!Array.isArray(log)) return fail("bad-submission", "The log must be a list of moves {move, t}.");
  if (log.length === 0) return fail("empty-log", "The log is empty: there is no game to verify.");
  const cells = config.rows * config.cols;
  const cap = cells * MAX_MOVES_PER_CELL;
  if (log.length > cap) return fail("log-too-long", `The log has ${log.length} moves; a ${config.rows}×${config.cols} board allows at most ${cap}.`);

  const moves: GameRecord<MinesweeperConfig, MinesweeperMove>["log"] = [];
  for (let i = 0; i < log.length; i++) {
    const entry: unknown = log[i];
    if (!isObject(entry) || !isObject(entry.move)) return fail("bad-move", `${nth(i)} is not an entry {move, t}.`, i);
    const { type, r, c } = entry.move;
    if (typeof type !== "string" || !MOVE_TYPES.has(type)) return fail("bad-move", `${nth(i)} is ${JSON.stringify(type) ?? "missing its type"}, not a reveal, flag or chord.`, i);
    if (!Number.isInteger(r) || !Number.isInteger(c)) return fail("bad-move", `${nth(i)} does not name a cell (r and c must be whole numbers).`, i);
    const t = entry.t;
    if (typeof t !== "number" || !Number.isFinite(t)) return fail("bad-time", `${nth(i)} has no valid time: t must be a finite number of milliseconds.`, i);
    if (i > 0 && t < moves[i - 1].t) return fail("time-backwards", `${nth(i)} is timed before move ${i}: times must never go backwards.`, i);
    moves.push({ seat: 0, move: { type, r, c } as MinesweeperMove, t });
  }

  const record: GameRecord<MinesweeperConfig, MinesweeperMove> = { game: minesweeperRules.id, seed, config, seats: 1, log: moves };
  const result = replay(minesweeperRules, record, prepared);
  if (!result.valid) {
    const i = result.index;
    const s = result.state;
    if (minesweeperRules.status(s) === "finished") {
      // replay stops at the first move after the end, so the move before it ended the game.
      return fail("after-end", `${nth(i)} comes after the end: ${describeEnd(s, i - 1)}.`, i);
    }
    const why = result.reason.replace(/^move \d+: /, "");
    return fail("illegal-move", `${nth(i)} (${moves[i].move.type} at row ${moves[i].move.r}, column ${moves[i].move.c}) is not legal: ${why}`, i);
  }
  const state = result.state;
  if (state.phase === "lost") return fail("not-won", `The log does not win: ${describeEnd(state, moves.length - 1)} (a mine was revealed).`);
  if (state.phase !== "won") {
    return fail("not-won", `The log does not win: after the last move ${state.revealedCount} of ${safeCells(state)} safe cells are open.`);
  }
  const timeMs = elapsedMs(state);
  if (claimed !== undefined && claimed !== timeMs) {
    return fail("time-mismatch", `The claimed time ${JSON.stringify(claimed)} ms does not match the replayed time ${timeMs} ms.`);
  }
  return { ok: true, config, timeMs, stats: gameStats(state, moves), record };
}
