// Persistence seam: one interface, SQLite by default (store/SqliteStore.ts).
// A finished (or abandoned) game is {seed, config, seats, move log}: enough to
// replay it bit for bit with common/core replay().

export interface LoggedMoveRecord {
  seat: number;
  move: unknown;
  /** Server time (ms since epoch) the move was applied. */
  t: number;
}

export interface FinishedGame {
  game: string;
  roomId: string;
  seed: number;
  config: unknown;
  /** Display name per seat at the end ("" for an empty seat). */
  seats: string[];
  log: LoggedMoveRecord[];
  /** Game-specific outcome, e.g. "won", "lost", "abandoned". */
  result: string;
  /** Server times (ms since epoch). */
  startedAt: number;
  endedAt: number;
}

export interface StoredGame extends FinishedGame {
  id: number;
}

export interface GameStore {
  recordGame(game: FinishedGame): void;
  /** Most recent first. */
  recentGames(options?: { game?: string; roomId?: string; limit?: number }): StoredGame[];
  close(): void;
}
