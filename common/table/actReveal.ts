// Revealing from the top of the library until a card matches (excavate, cascade, "reveal cards
// until you reveal a land"), then putting the card found where the player chooses and the rest
// on the bottom in a random order. Two actions, so the player sees the card before choosing.

import type { RevealFilter } from "./catalogue.js";
import { fail, needRng, seatOf, type Handlers } from "./context.js";
import { moveCard, topIds } from "./moves.js";
import { zoneKey, type CardDef } from "./types.js";

type RevealHandlers = Pick<Handlers, "revealUntil" | "finishReveal">;

/** The front face's type line (a double-faced card in a library shows its front). */
const frontType = (d: CardDef) => d.faces?.[0]?.type ?? d.type ?? "";

/** The names a card answers to: its own, each face's, each half of "A // B". */
function namesOf(d: CardDef): string[] {
  const all = [d.name, ...d.name.split(" // "), ...(d.faces ?? []).map((f) => f.name)];
  return all.map((n) => n.trim().toLowerCase()).filter(Boolean);
}

/** Does `d` match what the reveal looks for? A card without a type line is a nonland noncreature. */
export function matches(d: CardDef, filter: RevealFilter, name = ""): boolean {
  const t = frontType(d);
  switch (filter) {
    case "land":
      return /\bland\b/i.test(t);
    case "nonland":
      return !/\bland\b/i.test(t);
    case "creature":
      return /\bcreature\b/i.test(t);
    case "noncreature":
      return !/\bcreature\b/i.test(t);
    case "instantOrSorcery":
      return /\b(instant|sorcery)\b/i.test(t);
    case "name":
      return namesOf(d).includes(name.trim().toLowerCase());
  }
}

export const revealHandlers: RevealHandlers = {
  revealUntil(c, a) {
    const seat = seatOf(c);
    if (c.d.g.players[seat].dig) return fail("revealing", "You are already revealing cards: put them away first.");
    if (a.filter === "name" && !a.name?.trim()) return fail("bad-action", "Say which card name to reveal until.");
    const lib = c.d.ids(zoneKey("library", seat));
    if (!lib.length) return fail("empty", "Your library is empty.");
    let n = 0;
    let hit = false;
    for (const id of lib) {
      n++;
      const card = c.d.g.cards.get(id)!;
      if (card.shownTo !== "all") c.d.card(id).shownTo = "all";
      if (matches(c.d.g.defs[card.def], a.filter, a.name)) {
        hit = true;
        break;
      }
    }
    c.d.player(seat).dig = { n, hit };
    return null;
  },

  finishReveal(c, a) {
    const seat = seatOf(c);
    const dig = c.d.g.players[seat].dig;
    if (!dig) return fail("not-revealing", "Reveal cards from the top of your library first.");
    const bad = needRng(c);
    if (bad) return bad;
    const key = zoneKey("library", seat);
    const shown = topIds(c.d, key, dig.n);
    const hit = dig.hit && shown.length === dig.n ? shown[shown.length - 1] : undefined;
    if (hit !== undefined && a.zone === undefined) return fail("bad-action", "Say where the card you found goes (hand, battlefield, graveyard, exile, stack or back on top).");
    // The rest first, in a random order, to the bottom; then the card found where it goes.
    const rest = shown.filter((id) => id !== hit);
    c.rng!.shuffle(rest);
    for (const id of rest) moveCard(c.d, id, { zone: "library", player: seat, place: "bottom" }, c.actor, null);
    if (hit !== undefined && a.zone !== undefined) {
      const to = a.zone;
      moveCard(c.d, hit, { zone: to, player: seat, place: to === "battlefield" ? "battlefield" : "top", faceDown: a.faceDown }, c.actor, null);
    }
    const p = c.d.player(seat);
    delete p.dig;
    // A card left on top (the card found, put back) is hidden again like the rest.
    return null;
  },
};
