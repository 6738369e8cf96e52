// Shapes the server sends and the client reads outside the room state (types only).

/** One public room as listed by `GET /api/rooms` (docs/protocol.md "HTTP"). */
export interface PublicRoom {
  roomId: string;
  game: string;
  mode: string;
  /** Where the game has levels (Minesweeper). */
  level?: string;
  /** A no-guess board (Minesweeper); absent otherwise. */
  noGuess?: true;
  players: number;
  maxPlayers: number;
  spectators: number;
  phase: string;
}
