// Minesweeper's room, as the server and its tests see it: the generic game room with the
// board's parts (solo, co-op: board.ts) or the race's (race.ts), chosen by `mode` (the first
// definition that accepts the options: server/games.ts). Options, payloads and rules:
// common/minesweeper.

import type { GameSession } from "../../../common/core/session.js";
import type { MinesweeperConfig, MinesweeperEvent, MinesweeperMove, MinesweeperState as Board, MinesweeperView, RaceEvent, RaceMove, RaceState, RaceView } from "../../../common/minesweeper/index.js";
import type { GameRoom } from "../game/GameRoom.js";
import type { MinesweeperState } from "./MinesweeperState.js";
import type { RaceRoomState } from "./RaceState.js";

export type BoardSession = GameSession<Board, MinesweeperMove, MinesweeperEvent, MinesweeperConfig, MinesweeperView>;
export type RaceSession = GameSession<RaceState, RaceMove, RaceEvent, MinesweeperConfig, RaceView>;

/** A solo or co-op room; its board is there from the room's creation (`session`: server-side truth, never sent; tests read it). */
export type MinesweeperRoom = Omit<GameRoom<Board, MinesweeperMove, MinesweeperEvent, MinesweeperConfig, MinesweeperView, MinesweeperState>, "session"> & {
  readonly session: BoardSession;
};

/** A race room (`session`: the current / last race, null before the first go; `seatOrder`: each race seat's room seat). */
export type RaceRoom = GameRoom<RaceState, RaceMove, RaceEvent, MinesweeperConfig, RaceView, RaceRoomState>;

/** Server-only knobs (passed with the hub settings; tests shorten them). */
export interface MinesweeperSettings {
  /** Countdown between "everyone ready" / the owner's start and the go signal (default RACE_COUNTDOWN_MS). */
  raceCountdownMs?: number;
  /** Ranked boards one address may start (default RANKED_START_RATE: 30, then one every 6 s). */
  rankedStartRate?: { burst: number; perSecond: number };
}
