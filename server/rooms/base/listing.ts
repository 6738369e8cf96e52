// What a room shows in quick play and `GET /api/rooms` (docs/protocol.md "HTTP").

import type { HubState } from "./HubState.js";

export interface HubMetadata {
  game: string;
  mode: string;
  players: number;
  maxPlayers: number;
  spectators: number;
  phase: string;
  /** Shown in GET /api/rooms (public rooms, full or not). Private rooms: false. */
  listed: boolean;
  /** Seats a newcomer could take now (GET /api/rooms/:id tells an invite link before it asks a name). */
  open: number;
  /** The room's game has ended (GameRoom): left out of GET /api/rooms until a new game starts. */
  over?: boolean;
  [key: string]: unknown;
}


/** The listing of a room in this state (`extra`: the game's own fields, e.g. level). */
export function listingOf(game: string, state: HubState, listed: boolean, open: number, extra: Record<string, unknown>): HubMetadata {
  return {
    open: Math.max(0, open),
    game,
    mode: state.mode,
    players: state.seats.filter((s) => s.occupied).length,
    maxPlayers: state.maxSeats,
    spectators: state.spectators,
    phase: state.phase,
    listed,
    ...extra,
  };
}
