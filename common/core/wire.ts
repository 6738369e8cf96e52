// Shapes the server sends and the client reads outside the room state (types only).

/** What `GET /api/rooms/:id` says of a room to someone holding its code (docs/protocol.md "HTTP"). */
export interface RoomCheck {
  roomId: string;
  game: string;
  mode: string;
  players: number;
  maxPlayers: number;
  /** Seats a newcomer could take now (0: full, or its game has begun and takes nobody new). */
  open: number;
  phase: string;
}

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
