// Cubestacc's events in words: the event line under the table says what a bot or another
// player did (and what happened to you), a few seat events float a word over the seat, and
// the end is read out. The cube of a `play` event comes from the patch before it.
import { isWild } from "../../../common/cubestacc/deck";
import type { Suit } from "../../../common/cubestacc/types";
import { cardLabel } from "./art";
import { seatName } from "./hud";
import type { TableModel, WireCube } from "./model";

export interface EventLine {
  /** The event line ("" for events that say nothing). */
  text: string;
  /** A seat to float `floatMsg` over (null: none). */
  floatAt: number | null;
  floatMsg: string;
  /** Read out now (the end of the game). */
  announce: boolean;
}

export function eventLine(e: Record<string, unknown>, m: TableModel, me: number | null, cubes: ArrayLike<WireCube> | undefined): EventLine {
  const who = (seat: unknown) => (typeof seat === "number" ? (seat === me ? "You" : seatName(m, seat)) : "Someone");
  const n = (v: unknown) => (typeof v === "number" ? v : 0);
  let text = "";
  let floatAt: number | null = null;
  let floatMsg = "";
  let announce = false;
  switch (e.kind) {
    case "start":
      text = "New game: cards dealt.";
      break;
    case "play": {
      // The event names the cube; the patch before it brought the cube itself.
      const cube = cubes?.[n(e.cube)];
      if (e.seat !== me && cube && typeof cube.card === "number") {
        const suit = typeof cube.suit === "string" ? (cube.suit as Suit) : null;
        text = `${who(e.seat)} played ${cardLabel(cube.card, m.pack, isWild(cube.card) ? suit : null)}${cube.mode === "wild" ? "" : ` (${String(cube.mode)})`}.`;
      }
      break;
    }
    case "jack":
      text = `${who(e.seat)} draw${e.seat === me ? "" : "s"} ${n(e.got)}${n(e.got) < n(e.wanted) ? ` of ${n(e.wanted)}` : ""} (Jack).`;
      break;
    case "take":
      text = `${who(e.seat)} took the K stack: ${n(e.got)}${n(e.got) < n(e.wanted) ? ` of ${n(e.wanted)}` : ""} cards.`;
      break;
    case "caught":
      text = `${who(e.seat)} caught ${e.target === me ? "you" : seatName(m, n(e.target))}: +${n(e.got)}${n(e.got) < n(e.wanted) ? ` of ${n(e.wanted)}` : ""}.`;
      floatAt = n(e.target);
      floatMsg = "Caught!";
      break;
    case "uhoh":
      text = `${who(e.seat)} called UH OH!`;
      floatAt = n(e.seat);
      floatMsg = "UH OH!";
      break;
    case "reverse":
      text = `${who(e.seat)} reversed the direction.`;
      break;
    case "skip":
      text = `${e.seat === me ? "You are" : `${seatName(m, n(e.seat))} is`} skipped.`;
      floatAt = n(e.seat);
      floatMsg = "Skip!";
      break;
    case "extra":
      text = `${who(e.seat)} play${e.seat === me ? "" : "s"} again (Ace).`;
      break;
    case "dump":
      if (e.seat === me) text = `Dump: play more ${String(e.rank)}s, or Done.`;
      break;
    case "pass":
      text = `${who(e.seat)} passed (the deck is empty).`;
      break;
    case "timeout":
      text = `${who(e.seat)} ran out of time.`;
      break;
    case "win":
      text = e.blocked ? "Nobody can move: fewest cards wins." : `${who(e.seat)} ${e.seat === me ? "win" : "wins"}!`;
      announce = true;
      break;
    default:
      break;
  }
  return { text, floatAt, floatMsg, announce };
}
