// Server-side peeks for tests whose hub runs in the test's own process: the truth a test reads to
// play as a player who knows (never what a client is sent).

import { matchMaker } from "@colyseus/core";
import type { MinesweeperRoom } from "../../server/rooms/minesweeper/index.js";

/** Mine layout of a live room (null before the first reveal places the mines). */
export function serverMines(roomId: string): Uint8Array | null {
  const room = matchMaker.getLocalRoomById(roomId) as unknown as MinesweeperRoom | undefined;
  if (!room) throw new Error(`room ${roomId} is not in this process`);
  // MinesweeperRoom exposes its GameSession as `session`: server-side truth, never sent to a client.
  const mines = room.session.state.mines;
  return mines ? Uint8Array.from(mines) : null;
}
