// Cubestacc's events in words: the event line under the table says what a bot or another
// player did (and what happened to you), a few seat events float a word over the seat, and
// the end is read out. A play has no event: its line comes from the new cube (playLine).
import { isWild } from "../../../common/cubestacc/deck";
import { cardLabel } from "./art";
import { seatName } from "./hud";
import type { CubeModel, TableModel } from "./model";

export interface EventLine {
  /** The event line ("" for events that say nothing). */
  text: string;
  /** A seat to float `floatMsg` over (null: none). */
  floatAt: number | null;
  floatMsg: string;
  /** Read out now (the end of the game). */
  announce: boolean;
}

/** "Ben played 7♥ (side)." for a cube another seat placed; "" for one of ours. */
export function playLine(cube: CubeModel, m: TableModel, me: number | null): string {
  if (cube.by === null || cube.by === me) return "";
  return `${seatName(m, cube.by)} played ${cardLabel(cube.card, m.pack, isWild(cube.card) ? cube.suit : null)}${cube.mode === "wild" ? "" : ` (${cube.mode})`}.`;
}

export function eventLine(e: Record<string, unknown>, m: TableModel, me: number | null): EventLine {
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
