// The card table as a game of the hub: setup / apply / status / view over the Rules contract.
// apply() is resolve(): permissions, randomness into the event, the event applied. Undo, redo
// and restart need the log (log.ts `play`), which the room keeps beside the game.

import { reject, type ApplyResult, type MoveContext, type Rules } from "../core/rules.js";
import type { TableEvent } from "./events.js";
import { resolve } from "./resolve.js";
import { setupTable, type TableConfig } from "./setup.js";
import type { TableGame } from "./types.js";
import { viewTable, type TableView } from "./visibility.js";

export const tableRules: Rules<TableGame, unknown, TableEvent, TableConfig, TableView> = {
  id: "table",
  setup: (seed, config, seats) => setupTable(seed, config, seats),
  apply(state: TableGame, seat: number, move: unknown, ctx: MoveContext): ApplyResult<TableGame, TableEvent> {
    const r = resolve(state, seat, move, ctx.rng, ctx.now);
    return r.ok ? { ok: true, state: r.game, events: [r.event] } : reject(r.error.code, r.error.message);
  },
  status: (s) => (s.phase === "finished" ? "finished" : "playing"),
  // The "all" view is never given here: only a finished game's replay asks viewTable for it.
  view: (s, viewer) => viewTable(s, viewer === null ? "spectator" : viewer),
};
