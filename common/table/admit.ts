// The table's two refusals that hang on the room (who sits where, who is away) rather than on
// the game state alone: the room asks them before the rules (server/rooms/table/parts.ts admit),
// and they are rules all the same, so they live here with the others.

import type { Rejection } from "../core/rules.js";
import { frozenBy, type TableState } from "./game.js";
import type { Action } from "./catalogue.js";

/** A deck carries its seat's own name or none: that is what the log and the replay call them. */
export function checkDeckName(sent: string | undefined, own: string): Rejection | null {
  return sent === undefined || sent === own ? null : { code: "bad-name", message: `Send your seat's own name (${JSON.stringify(own)}) with your deck, or none.` };
}

/** An action touching an away player's hidden cards waits for them, or for the table's vote to go on. */
export function checkNotFrozen(s: TableState, seat: number, action: Action, away: readonly number[]): Rejection | null {
  const held = frozenBy(s, seat, action, away);
  if (!held.length) return null;
  const names = held.map((p) => s.game?.players[p]?.name ?? `player ${p + 1}`).join(", ");
  return {
    code: "frozen",
    message: `${names} ${held.length === 1 ? "is" : "are"} away and this touches their hidden cards: wait for them, or vote to go on (most players present must agree).`,
  };
}
