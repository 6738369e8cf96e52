// Connect Four's schema: what every client of a Connect Four room decodes. Its own file, with
// no room code beside it, so the client can take its type (client/net/wire.ts).

import { ArraySchema, type } from "@colyseus/schema";
import { GameRoomState } from "../game/GameRoomState.js";

export class Connect4Table extends GameRoomState {
  /** ROWS × COLS cells, row 0 at the bottom (index = row * COLS + col): −1 empty, else the ROOM seat whose disc it is. */
  @type(["int8"]) grid = new ArraySchema<number>();
  /** Winning room seat; −1 while playing or after a draw. */
  @type("int8") winner = -1;
  /** The winning cells (empty until someone wins). */
  @type(["uint8"]) line = new ArraySchema<number>();
  /** Seconds per turn (0: no timer). */
  @type("uint16") timer = 0;
}
