// A stored card-table game played back: the record's moves (decks, then intentions) re-run
// through the definition from its seed, one step per event, each with the game as it stood and
// its log line; step k is the game after the event of seq k, so a log line (its seq) opens the
// replay at its moment (`#/replay/ID?at=seq`). A finished game's replay shows everything (every hand, every library in order,
// every card named in the lines); an abandoned one shows what a spectator saw (visibility.ts).

import type { Seed } from "../core/rng.js";
import { GameSession } from "../core/session.js";
import { applyParsed } from "./apply.js";
import type { TableEvent } from "./events.js";
import { tableDef, type TableMove, type TableRoomConfig } from "./game.js";
import { logLine, type LogLine } from "./logline.js";
import type { TableGame } from "./types.js";
import { replayShowsAll, replayView, type TableView } from "./visibility.js";

export interface TableRecord {
  seed: Seed;
  config: TableRoomConfig;
  /** Names by game seat (the room's record). */
  seats: string[];
  log: { seat: number; move: unknown; t: number }[];
}

export interface ReplayStep {
  /** The game after this step (step 0: the deal; step k: after the event of seq k). */
  game: TableGame;
  /** The event's line (null for the deal). */
  line: LogLine | null;
  /** Record time of the move (ms). */
  t: number;
}

export interface TableReplay {
  steps: ReplayStep[];
  /** Every card seen (a finished game), or the spectator's view (an abandoned one). */
  everything: boolean;
  /** A move the rules refused (a damaged record): its index in the log and why. */
  broken: { index: number; reason: string } | null;
  /** The table at step k as the replay shows it. */
  view(k: number): TableView;
}

/** Older records (and clients) sent decks without a name: the record's seat names stand in. */
function named(move: unknown, name: string | undefined): TableMove {
  const m = move as TableMove;
  return m?.type === "deck" && !m.name && name ? { ...m, name: name.slice(0, 64) } : m;
}

export function replayTable(r: TableRecord): TableReplay {
  const seats = Math.max(1, r.seats.length);
  const session = new GameSession(tableDef, r.seed, r.config, seats);
  const steps: ReplayStep[] = [];
  let broken: TableReplay["broken"] = null;
  const pending: { before: TableGame; after: TableGame; t: number; ev: TableEvent }[] = [];
  // The game as the steps left it and how many of the log's events they took: one move can make
  // several events (the sparring partner's turn after a pass, its keep after the deal), and each
  // is its own step, so step k is the game after event k (a log line's seq is its step).
  let game: TableGame | null = null;
  let seen = 0;
  moves: for (let i = 0; i < r.log.length; i++) {
    const { seat, move, t } = r.log[i];
    let result;
    try {
      result = session.apply(seat, named(move, r.seats[seat]), t);
    } catch (e) {
      result = { ok: false as const, error: { code: "broken", message: (e as Error).message } };
    }
    if (!result.ok) {
      broken = { index: i, reason: result.error.message };
      break;
    }
    const s = session.state;
    if (!s.game || !s.log) continue;
    if (!game) {
      game = s.log.initial;
      steps.push({ game, line: null, t });
    }
    // A vote (goOn) adds no event: no step.
    for (const ev of s.log.events.slice(seen)) {
      const next = applyParsed(game, ev);
      if (!next.ok) {
        broken = { index: i, reason: next.error.message };
        break moves;
      }
      pending.push({ before: game, after: next.game, t, ev });
      game = next.game;
    }
    seen = s.log.events.length;
  }
  const last = steps.length ? (pending.length ? pending[pending.length - 1].after : steps[0].game) : null;
  const everything = !!last && replayShowsAll(last);
  for (const p of pending) steps.push({ game: p.after, line: logLine(p.before, p.after, p.ev, everything ? "all" : "spectator", everything), t: p.t });
  return {
    steps,
    everything,
    broken,
    view: (k) => replayView(steps[Math.max(0, Math.min(steps.length - 1, k))].game, last!),
  };
}
