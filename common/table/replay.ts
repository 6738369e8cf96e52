// A stored card-table game played back: the record's moves (decks, then intentions) re-run
// through the definition from its seed, one step per event, each with the game as it stood and
// its log line. A finished game's replay shows everything (every hand, every library in order,
// every card named in the lines); an abandoned one shows what a spectator saw (visibility.ts).

import { GameSession } from "../core/session.js";
import { tableDef, type TableMove, type TableRoomConfig, type TableState } from "./game.js";
import { logLine, type LogLine } from "./logline.js";
import type { TableGame } from "./types.js";
import { replayShowsAll, replayView, type TableView } from "./visibility.js";

export interface TableRecord {
  seed: number;
  config: TableRoomConfig;
  /** Names by game seat (the room's record). */
  seats: string[];
  log: { seat: number; move: unknown; t: number }[];
}

export interface ReplayStep {
  /** The game after this step (step 0: the deal). */
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
  const pending: { before: TableGame; after: TableGame; t: number; ev: NonNullable<TableState["log"]>["events"][number] }[] = [];
  for (let i = 0; i < r.log.length; i++) {
    const { seat, move, t } = r.log[i];
    const before = session.state.game;
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
    if (!before) {
      steps.push({ game: s.game, line: null, t });
      continue;
    }
    const ev = s.log.events[s.log.events.length - 1];
    // A vote (goOn) changes no game: no step.
    if (s.game !== before && ev) pending.push({ before, after: s.game, t, ev });
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
