// What a game's lobby panel may do: open a room (the lobby shows progress and errors)
// or go to another page.
import type { RoomSession } from "../net/session";

export interface LobbyContext {
  /** Opens a session (quick play, create); the lobby says `what` meanwhile and shows the room after. */
  enter(what: string, open: () => Promise<RoomSession>): Promise<void>;
  navigate(hash: string): void;
}

/** A game's panels in the lobby (quick play, private room, solo...). */
export type LobbyPanel = (ctx: LobbyContext) => HTMLElement[];
