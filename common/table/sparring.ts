// The sparring partner (the seed's `Actor Mesa` reaction): a seat the table plays by itself, so
// a deck can be tested against something. On its turn it untaps and draws (the turn helpers, or
// itself when they are off), plays a land if it has one, then the cards it can afford — by mana
// value (card data, else the cost a text card shows) against its lands, or one card when no card
// says what it costs — taps the lands it used, and passes. It never attacks or blocks: the table
// is not a judge. Every step is an ordinary action of its seat, so undo, the log and the replay
// treat it like a player. Pure: the same game gives the same steps.

import { manaSymbols } from "./cards.js";
import { parseDecklist, type Deck } from "./deck.js";
import type { Action } from "./catalogue.js";
import { zoneKey, type CardDef, type TableGame } from "./types.js";

/** The built-in deck of the sparring partner: basic lands and plain creatures of every size. */
export const SPARRING_LIST = `Deck
12 Forest | Basic Land — Forest
12 Mountain | Basic Land — Mountain
6 Goblin Sparrer | Creature — Goblin | {R} | 1/1
6 Bear Sparrer | Creature — Bear | {1}{G} | 2/2
6 Ogre Sparrer | Creature — Ogre | {2}{R} | 3/2
5 Troll Sparrer | Creature — Troll | {2}{G}{G} | 4/4
5 Giant Sparrer | Creature — Giant | {3}{R}{R} | 5/5
4 Shock Drill | Instant | {R}
4 Rampant Practice | Sorcery | {1}{G}
`;

export function sparringDeck(): Deck {
  const r = parseDecklist(SPARRING_LIST);
  if (!r.ok) throw new Error("the built-in sparring deck does not parse");
  return r.deck;
}

/** At most this many steps in one of its turns (a bound on a hand of hundreds). */
export const MAX_SPARRING_STEPS = 40;

const frontType = (d: CardDef) => d.faces?.[0]?.type ?? d.type ?? "";
/** The basic lands by name: a list without types or card data ("30 Mountain") still plays them as lands. */
const BASIC_NAMES = /^(snow-covered )?(plains|island|swamp|mountain|forest|wastes)$/i;
const isLand = (d: CardDef) => (frontType(d) ? /\bland\b/i.test(frontType(d)) : BASIC_NAMES.test(d.name.trim()));

/** Mana value: the card data's, else counted from the cost ({2}{G}{G} is 4; X is 0); null when unknown. */
export function manaValue(d: CardDef): number | null {
  if (typeof d.mv === "number") return d.mv;
  const cost = d.faces?.[0]?.cost ?? d.cost;
  if (cost === undefined) return null;
  let n = 0;
  for (const symbol of manaSymbols(cost)) n += /^\d+$/.test(symbol) ? Number(symbol) : /^[xyz]$/i.test(symbol) ? 0 : 1;
  return n;
}

/** The sparring seat whose turn it is, or null. */
export function sparringToAct(g: TableGame): number | null {
  if (g.phase !== "playing") return null;
  const a = g.turn.active;
  return g.players[a]?.sparring && !g.players[a].eliminated ? a : null;
}

/**
 * Its whole turn, one action at a time: `play` applies an action as its seat and returns the
 * game after it (null: refused; the partner then passes). Returns the actions played.
 */
export function playSparringTurn(g0: TableGame, seat: number, play: (a: Action) => TableGame | null): Action[] {
  const done: Action[] = [];
  let g = g0;
  const step = (a: Action): boolean => {
    if (done.length >= MAX_SPARRING_STEPS) return false;
    const next = play(a);
    if (!next) return false;
    done.push(a);
    g = next;
    return true;
  };
  const hand = () => (g.zones[zoneKey("hand", seat)] ?? []).map((id) => ({ id, def: g.defs[g.cards.get(id)!.def] }));
  const field = () => (g.zones[zoneKey("battlefield", seat)] ?? []).map((id) => g.cards.get(id)!).filter((c) => c.controller === seat);
  // Without the turn helpers it untaps and draws itself (the first player's first turn draws nothing).
  if (!g.options.helpers.untap && field().some((c) => c.tapped)) step({ do: "untapAll" });
  if (!g.options.helpers.draw && !(g.turn.number === 1 && g.options.firstSkipsDraw && seat === g.options.firstPlayer)) step({ do: "draw", n: 1 });
  const land = hand().find((c) => isLand(c.def));
  if (land) step({ do: "move", card: land.id, zone: "battlefield", place: "battlefield" });
  let mana = field().filter((c) => isLand(g.defs[c.def]) && !c.tapped).length;
  const spells = hand().filter((c) => !isLand(c.def));
  const known = spells.filter((c) => manaValue(c.def) !== null);
  const plays: typeof spells = [];
  if (!known.length && spells.length) plays.push(spells[0]);
  else {
    // The biggest it can afford first, then what still fits: a turn like a player's.
    for (const c of [...known].sort((a, b) => manaValue(b.def)! - manaValue(a.def)! || a.id - b.id)) {
      const mv = manaValue(c.def)!;
      if (mv <= mana) {
        plays.push(c);
        mana -= mv;
      }
    }
  }
  let spent = 0;
  for (const c of plays) {
    const permanent = !!c.def.permanent || /creature|artifact|enchantment|planeswalker|battle/i.test(frontType(c.def));
    if (!step({ do: "move", card: c.id, zone: permanent ? "battlefield" : "graveyard", place: permanent ? "battlefield" : "top" })) break;
    spent += manaValue(c.def) ?? 0;
  }
  for (const l of field().filter((c) => isLand(g.defs[c.def]) && !c.tapped).slice(0, spent)) step({ do: "tap", card: l.id, on: true });
  step({ do: "passTurn" });
  return done;
}
