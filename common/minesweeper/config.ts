// Turns untrusted room options into a valid board config, or a clear refusal.

import type { Rejection } from "../core/rules.js";
import { LEVELS, MAX_COLS, MAX_ROWS, type LevelId, type MinesweeperConfig } from "./types.js";

export interface ConfigOptions {
  level?: unknown;
  rows?: unknown;
  cols?: unknown;
  mines?: unknown;
  /** true: a no-guess board (any level); absent or false: an ordinary one. */
  noGuess?: unknown;
}

export type ConfigResult = { ok: true; config: MinesweeperConfig } | { ok: false; error: Rejection };

const isInt = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v);

export function resolveConfig(opts: ConfigOptions = {}): ConfigResult {
  const options: ConfigOptions = opts ?? {};
  const level = options.level ?? "beginner";
  if (options.noGuess !== undefined && typeof options.noGuess !== "boolean") return fail("noGuess must be true or false.");
  const noGuess = options.noGuess === true ? { noGuess: true as const } : {};
  // Own keys only: `in` would also accept inherited names like "toString" or "__proto__".
  if (typeof level !== "string" || !(Object.hasOwn(LEVELS, level) || level === "custom")) {
    return fail(`Unknown level ${JSON.stringify(level)}: use beginner, intermediate, expert, nightmare or custom.`);
  }
  if (level !== "custom") {
    const { rows, cols, mines } = LEVELS[level as keyof typeof LEVELS];
    return { ok: true, config: { level: level as LevelId, rows, cols, mines, ...noGuess } };
  }
  const { rows, cols, mines } = options;
  if (!isInt(rows) || rows < 1 || rows > MAX_ROWS) return fail(`Custom rows must be a whole number from 1 to ${MAX_ROWS}.`);
  if (!isInt(cols) || cols < 1 || cols > MAX_COLS) return fail(`Custom columns must be a whole number from 1 to ${MAX_COLS}.`);
  const cells = rows * cols;
  if (cells < 10) return fail("A custom board needs at least 10 cells.");
  // At most cells − 9: the first click and its neighbours always fit among the safe cells (board.ts placeMines).
  if (!isInt(mines) || mines < 1 || mines > cells - 9) return fail(`Custom mines must be a whole number from 1 to ${cells - 9} on a ${rows}×${cols} board.`);
  return { ok: true, config: { level: "custom", rows, cols, mines, ...noGuess } };
}

function fail(message: string): ConfigResult {
  return { ok: false, error: { code: "bad-config", message } };
}
