// One line per public event ("Ann bought [ant's portrait] Ant."), for the table's log and the
// replay: its words (read out) and its parts (shown, each card with its portrait).
// Events as the room sends them (`kind`, room seats); the replay maps the rules' events
// (`type`, game seats) to the same shape.
import type { PetsEventKinded, PetsEventWire } from "../../../server/rooms/pets/events";
import type { PetsEvent } from "../../../common/pets/index";
import { nameOf } from "./cards";
import { portraitSvg } from "./portraits";

/** Words, or a card shown as its portrait (its name is in the words beside it). */
export type LinePart = string | { card: string };
export interface EventLine {
  parts: LinePart[];
  /** The words alone (screen readers, the live region). */
  text: string;
}

function line(...parts: LinePart[]): EventLine {
  return { parts, text: parts.map((p) => (typeof p === "string" ? p : "")).join("").replace(/\s+/g, " ").trim() };
}

/** A card as its portrait and its name. */
const named = (key: string): LinePart[] => [{ card: key }, ` ${nameOf(key)}`];
const list = (keys: string[]): LinePart[] => keys.flatMap((k, i) => (i ? [", ", ...named(k)] : named(k)));

/** A line's nodes for a page: its words with the cards' portraits (`size` px) among them. */
export function lineNodes(l: EventLine, size = 18): (Node | string)[] {
  return l.parts.map((p) => (typeof p === "string" ? p : portraitSvg(p.card, size)));
}

/** A rules event (`type`, game seats) in the room's shape (`kind`): the replay's lines. */
export function kinded(e: PetsEvent): PetsEventKinded {
  const { type, ...rest } = e;
  return { kind: type, ...rest } as PetsEventKinded;
}

/**
 * The line for `e`, or null for events that say nothing on their own (refills, battles:
 * the battle player shows those). `who(seat)` names a seat ("You" for the viewer);
 * `watching`: the viewer holds no seat (a spectator or a replay).
 */
export function eventLine(e: PetsEventWire | PetsEventKinded, who: (seat: number) => string, watching: boolean): EventLine | null {
  const name = "seat" in e ? who(e.seat) : "";
  switch (e.kind) {
    case "bought": return line(`${name} bought `, ...named(e.card), ".");
    case "sold": return line(`${name} sold `, ...list(e.cards), ".");
    case "gained": return line(`${name} gained `, { card: "apple" }, ` ${e.n} apple${e.n === 1 ? "" : "s"}.`);
    case "traded": return line(`${name} traded in `, ...list(e.cards), ` for a tier ${e.tier} pet.`);
    case "picked": return line(`${name} kept one of the traded cards.`);
    case "passed": return line(`${name} passed${e.forfeited ? ` (${e.forfeited} gold lost)` : ""}.`);
    case "arrange": return line(`Round ${e.round}: the shop is closed${watching ? ", everyone arranges in secret" : ", arrange your deck"}.`);
    case "arranged": return line(`${name} ${name === "You" ? "are" : "is"} ready.`);
    case "round": return line(`Round ${e.round} begins.`);
    default: return null;
  }
}
