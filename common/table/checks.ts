// Deck checks: the construction rules of a format and the warnings a player reads before the
// game (after the seed's lista.rs `Construccion` / `comprobar`). Only the size, a missing
// commander, too many commanders and repeated cards block a checked game; the rest only warn,
// because card data can be missing (a text card) and a kitchen table plays as it likes.

import { canLead, colourIdentity, noCopyLimit, pairs } from "./cards.js";
import type { Deck, DeckWarning, Section } from "./deck.js";
import type { CardDef, Format } from "./types.js";

/** What a format asks of a deck. null: no rules (Free). */
export interface Construction {
  /** Cards counted (main deck and commanders): at least… */
  min: number;
  /** …and at most (null: no most). */
  max: number | null;
  /** Copies of one card (by English name), null: any number. */
  copies: number | null;
  /** One or two commanders in the command zone. */
  commander: boolean;
}

export function construction(format: Format): Construction | null {
  switch (format) {
    case "commander":
      return { min: 100, max: 100, copies: 1, commander: true };
    case "constructed":
      return { min: 60, max: null, copies: 4, commander: false };
    case "limited":
      return { min: 40, max: null, copies: null, commander: false };
    case "free":
      return null;
  }
}

export type { DeckWarning } from "./deck.js";

/** The warnings that stop a checked game from starting. */
export const blocks = (w: DeckWarning): boolean => w.kind === "size" || w.kind === "noCommander" || w.kind === "tooManyCommanders" || w.kind === "repeated";

/** The sections whose cards count for size and copies. */
const COUNTED: Section[] = ["commander", "main"];

/** The data (or a typed text card) says what the card is; an unknown card never earns a warning about what it is. */
const known = (d: CardDef) => d.layout !== undefined || d.type !== undefined;

/** Copies count by English name: two printings of one card are repeats. A split card is one name. */
const nameKey = (name: string) => name.trim().replace(/\s+/g, " ").toLowerCase();

const COLOUR_WORDS: Record<string, string> = { W: "white", U: "blue", B: "black", R: "red", G: "green" };
const colourWords = (letters: string) => (letters ? [...letters].map((l) => COLOUR_WORDS[l] ?? l).join(", ") : "colourless");

/** Every warning for `deck` in `format`, biggest first (size, commanders, repeats, the rest). */
export function checkDeck(deck: Deck, format: Format): DeckWarning[] {
  const rules = construction(format);
  if (!rules) return [];
  const out: DeckWarning[] = [];
  const has = COUNTED.reduce((n, s) => n + deck[s].reduce((m, e) => m + e.count, 0), 0);
  if (has < rules.min || (rules.max !== null && has > rules.max)) out.push({ kind: "size", has, from: rules.min, to: rules.max });
  const leaders = deck.commander.flatMap((e) => Array.from({ length: e.count }, () => e.def));
  if (rules.commander) {
    if (!leaders.length) out.push({ kind: "noCommander" });
    else if (leaders.length > 2) out.push({ kind: "tooManyCommanders", n: leaders.length });
  }
  if (rules.copies !== null) {
    const counts = new Map<string, { name: string; times: number }>();
    for (const s of COUNTED)
      for (const e of deck[s]) {
        if (noCopyLimit(e.def)) continue;
        const k = nameKey(e.def.name);
        const c = counts.get(k) ?? { name: e.def.name, times: 0 };
        c.times += e.count;
        counts.set(k, c);
      }
    for (const c of counts.values()) if (c.times > rules.copies) out.push({ kind: "repeated", name: c.name, times: c.times, most: rules.copies });
  }
  if (rules.commander && leaders.length) {
    for (const d of leaders) if (known(d) && !canLead(d)) out.push({ kind: "cannotLead", name: d.name });
    if (leaders.length === 2) for (const d of leaders) if (known(d) && !pairs(d)) out.push({ kind: "noPartner", name: d.name });
    // Colour identity only when every commander's is known: a text card without a cost says nothing.
    if (leaders.every((d) => known(d) && (d.identity !== undefined || d.cost !== undefined))) {
      const identity = [...new Set(leaders.flatMap((d) => [...colourIdentity(d)]))].sort((a, b) => "WUBRG".indexOf(a) - "WUBRG".indexOf(b)).join("");
      const seen = new Set<string>();
      for (const e of deck.main) {
        const k = nameKey(e.def.name);
        if (seen.has(k)) continue;
        seen.add(k);
        const outside = [...colourIdentity(e.def)].filter((l) => !identity.includes(l)).join("");
        if (outside) out.push({ kind: "outsideIdentity", name: e.def.name, colours: outside, identity });
      }
    }
  }
  return out;
}

/** A warning as a person reads it: what is wrong and what to do. */
export function warningWords(w: DeckWarning): string {
  switch (w.kind) {
    case "gone":
      return `${w.names.length === 1 ? `${w.names[0]} is` : `${w.names.slice(0, 5).join(", ")}${w.names.length > 5 ? ` and ${w.names.length - 5} more` : ""} are`} no longer in the deck; your game list leaves ${w.names.length === 1 ? "it" : "them"} out.`;
    case "size":
      return w.to === w.from
        ? `The deck has ${w.has} cards; this format plays exactly ${w.from} (commanders included). ${w.has > w.from ? `Take out ${w.has - w.from}.` : `Add ${w.from - w.has}.`}`
        : `The deck has ${w.has} cards; this format plays at least ${w.from}${w.to !== null ? ` and at most ${w.to}` : ""}. Add ${w.from - w.has}.`;
    case "noCommander":
      return "The deck has no commander: put one (or two partners) in a Commander section.";
    case "tooManyCommanders":
      return `The deck has ${w.n} commanders; a deck is led by one, or two partners. Move the others into the deck.`;
    case "cannotLead":
      return `${w.name} cannot be a commander by its card text (a legendary creature, a Background or a card that says it can be your commander). Play it anyway if your table agrees.`;
    case "noPartner":
      return `${w.name} has no partner ability (Partner, Friends forever, Choose a Background, Doctor's companion), so it cannot share command with a second commander.`;
    case "repeated":
      return `${w.name} is in the deck ${w.times} times; this format allows ${w.most === 1 ? "one copy" : `${w.most} copies`} (printings count together).`;
    case "outsideIdentity":
      return `${w.name} is ${colourWords(w.colours)}, outside your commander's colours (${colourWords(w.identity)}).`;
  }
}

/** The deck may start a checked game (no blocking warning). */
export const deckPlays = (warnings: readonly DeckWarning[]): boolean => !warnings.some(blocks);
