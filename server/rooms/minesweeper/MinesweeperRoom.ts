// The Minesweeper room: one room name, two definitions on the generic game room. `mode`
// picks the parts: the shared board (solo, co-op: board.ts) or the versus race (race.ts).
// Options, payloads and rules: common/minesweeper.

import type { GameSession } from "../../../common/core/session.js";
import type { MinesweeperConfig, MinesweeperEvent, MinesweeperMove, MinesweeperState as Board, MinesweeperView, RaceEvent, RaceMove, RaceState, RaceView } from "../../../common/minesweeper/index.js";
import type { HubState } from "../base/HubState.js";
import type { GameServerParts } from "../game/GameRoom.js";
import { gameRoomClass } from "../game/gameRoomClass.js";
import { boardParts } from "./board.js";
import { raceParts } from "./race.js";

export { MINESWEEPER_MODES as MODES, MULTI_SEATS as COOP_SEATS, type MinesweeperMode } from "../../../common/minesweeper/game.js";

/** Quick-play criteria (docs/protocol.md). */
export const FILTER_KEYS = ["mode", "level", "rows", "cols", "mines", "noGuess"];

export type BoardSession = GameSession<Board, MinesweeperMove, MinesweeperEvent, MinesweeperConfig, MinesweeperView>;
export type RaceSession = GameSession<RaceState, RaceMove, RaceEvent, MinesweeperConfig, RaceView>;

/** Server-only knobs (passed with the hub settings; tests shorten them). */
export interface MinesweeperSettings {
  /** Countdown between "everyone ready" / the owner's start and the go signal (default RACE_COUNTDOWN_MS). */
  raceCountdownMs?: number;
  /** Ranked boards one address may start (default RANKED_START_RATE: 30, then one every 6 s). */
  rankedStartRate?: { burst: number; perSecond: number };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyParts = GameServerParts<any, any, any, MinesweeperConfig, any, HubState>;
const partsFor = (options: Record<string, unknown>): AnyParts => (options.mode === "race" ? raceParts : boardParts) as unknown as AnyParts;

export class MinesweeperRoom extends gameRoomClass(boardParts as unknown as AnyParts, partsFor, "minesweeper") {
  /** Server-side truth of the current board (solo, co-op). Never sent anywhere; tests read it. */
  override get session(): BoardSession {
    return super.session as unknown as BoardSession;
  }
  /** Server-side truth of the current / last race (race rooms; null before the first go). */
  get race(): RaceSession | null {
    return super.session as unknown as RaceSession | null;
  }
  /** Room seat of each race seat of the current / last race. */
  get racers(): readonly number[] {
    return this.seatOrder;
  }
}
