// One line per public event ("Ann bought 🐜 Ant."), for the table's log and the replay.
// Events as the room sends them (`kind`, room seats); the replay maps the rules' events
// (`type`, game seats) to the same shape.
import type { PetsEventKinded, PetsEventWire } from "../../../server/rooms/pets/PetsTable";
import type { PetsEvent } from "../../../common/pets/index";
import { emojiOf, nameOf } from "./cards";

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
export function eventLine(e: PetsEventWire | PetsEventKinded, who: (seat: number) => string, watching: boolean): string | null {
  const name = "seat" in e ? who(e.seat) : "";
  switch (e.kind) {
    case "bought": return `${name} bought ${emojiOf(e.card)} ${nameOf(e.card)}.`;
    case "sold": return `${name} sold ${e.cards.map((k) => `${emojiOf(k)} ${nameOf(k)}`).join(", ")}.`;
    case "gained": return `${name} gained ${e.n} 🍎.`;
    case "traded": return `${name} traded in ${e.cards.map((k) => emojiOf(k)).join("")} for a tier ${e.tier} pet.`;
    case "picked": return `${name} kept one of the traded cards.`;
    case "passed": return `${name} passed${e.forfeited ? ` (${e.forfeited} gold lost)` : ""}.`;
    case "arrange": return `Round ${e.round}: the shop is closed${watching ? ", everyone arranges in secret" : ", arrange your deck"}.`;
    case "arranged": return `${name} ${name === "You" ? "are" : "is"} ready.`;
    case "round": return `Round ${e.round} begins.`;
    default: return null;
  }
}
