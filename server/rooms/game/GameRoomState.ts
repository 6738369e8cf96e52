// Schema fields every game on the generic room has, beside the seated base's
// (docs/protocol.md "State"). A game's schema extends this with its own table.

import { ArraySchema, type } from "@colyseus/schema";
import { HubState } from "../base/HubState.js";

export class GameRoomState extends HubState {
  /** Games started in this room (1 for the first; 0 while waiting for it). */
  @type("uint16") gameNo = 0;
  /** Room seats the game waits for now, from the definition's `whoActs` (empty: nobody). */
  @type(["uint8"]) acting = new ArraySchema<number>();
  /** The waited-for seats act at once (a race, a secret phase) rather than one on turn. */
  @type("boolean") together = false;
  /** Room seat of each seat of the running game, in game order (empty before the first game). */
  @type(["uint8"]) order = new ArraySchema<number>();
  /** Server time (ms since epoch) the turn timer runs out; 0: no timer running. */
  @type("float64") deadline = 0;
  /** How the last game ended ("won", "draw", "blocked", "abandoned"...); "" while playing. */
  @type("string") result = "";
  /**
   * The last finished game's record (#/replay/ID, GET /api/replays/:id) for the end screen: −1
   * none (yet, or while playing), 0 while the store's queue holds it (−2 while a store on another
   * machine writes it). The room writes it from the record (records.ts), for every game.
   */
  @type("int32") replayId = -1;
  /**
   * What the room is making before a move can go on, in words ("Making a board without
   * guesses…": a no-guess board on a worker thread, preparing.ts); "" when nothing.
   */
  @type("string") preparing = "";
  /**
   * A tournament arena's game with a turn clock offers berserk (berserk.ts): the room seats
   * that went berserk, whose own turns last half the configured time. `berserkOpen`: offered here.
   */
  @type("boolean") berserkOpen = false;
  @type(["uint8"]) berserk = new ArraySchema<number>();
}
