// Card data as the pure engine receives it. The server owns a card database (imported from
// Scryfall's bulk files: server/cards/); the rules never query it. Instead a decklist's lines
// are turned into queries (`deckQueries`), the server answers them through a `CardLookup`
// (`resolveCards`), and the answers travel as plain data (`ResolvedCards`) inside the deck move,
// so the deal — and every replay of it — reads the same cards whatever the server holds later.
//
// Also the facts deck checks need about a card (colour identity, basic land, who may lead a
// Commander deck), read from a CardDef alone, so they work on text cards too where they can.

import type { CardDef } from "./types.js";

/** What a decklist line asks of the card data. */
export interface CardQuery {
  /** As written: "Lightning Bolt", "Fire // Ice", "Delver of Secrets" (a face's name). */
  name: string;
  /** Set code and collector number when the line gives them ("(M10) 146"). */
  set?: string;
  number?: string;
  /** The line is in the Tokens section: a token of that name is preferred. */
  token?: boolean;
}

/** The server's card data behind one small interface (server/cards/store.ts implements it). */
export interface CardLookup {
  /** The card a query names (null: not in the data). */
  find(q: CardQuery): CardDef | null;
}

/** Answers to a decklist's queries, by `queryKey`: what the deck move carries to the rules. */
export type ResolvedCards = Record<string, CardDef>;

/** One key per distinct query (case and spacing of the name do not matter). */
export function queryKey(q: CardQuery): string {
  const name = q.name.trim().replace(/\s+/g, " ").toLowerCase();
  return [name, (q.set ?? "").toLowerCase(), (q.number ?? "").toLowerCase(), q.token ? "t" : ""].join("|");
}

/** The server's side: every query answered from `lookup` (unknown cards are simply absent). */
export function resolveCards(queries: readonly CardQuery[], lookup: CardLookup): ResolvedCards {
  const out: ResolvedCards = {};
  for (const q of queries) {
    const key = queryKey(q);
    if (key in out) continue;
    const d = lookup.find(q);
    if (d) out[key] = d;
  }
  return out;
}

const PERMANENT = /creature|artifact|enchantment|planeswalker|land|battle/i;

/**
 * A line's card with the data's answer: the data gives the real card, what the line itself
 * says after its bars (type, cost, P/T) still wins, as on a text card.
 */
export function withData(line: CardDef, data: CardDef): CardDef {
  const def: CardDef = { ...data };
  for (const k of ["type", "cost", "power", "toughness", "loyalty"] as const) if (line[k] !== undefined) (def as unknown as Record<string, unknown>)[k] = line[k];
  delete def.permanent;
  delete def.commander;
  if (PERMANENT.test(def.type ?? "")) def.permanent = true;
  if (line.commander) def.commander = true;
  return def;
}

// ---- facts for deck checks ------------------------------------------------------------------

const WUBRG = "WUBRG";

/**
 * What each "{…}" of a cost or a rules text holds ("{2}{G}{G}" → 2, G, G), as
 * matchAll(/\{([^}]+)\}/g) read them, in linear time: that regex scanned from every "{" with no
 * "}" after it to the end of the text again.
 */
export function manaSymbols(text: string): string[] {
  const out: string[] = [];
  for (let open = text.indexOf("{"); open >= 0; ) {
    const close = text.indexOf("}", open + 1);
    if (close < 0) break;
    if (close > open + 1) {
      out.push(text.slice(open + 1, close));
      open = text.indexOf("{", close + 1);
    } else open = text.indexOf("{", open + 1);
  }
  return out;
}

/** Colour identity as letters in WUBRG order; from the data, else from the cost and text. */
export function colourIdentity(d: CardDef): string {
  if (d.identity !== undefined) return d.identity;
  const seen = new Set<string>();
  const texts = [d.cost ?? "", d.text ?? "", ...(d.faces ?? []).flatMap((f) => [f.cost ?? "", f.text ?? ""])];
  for (const t of texts) for (const symbol of manaSymbols(t)) for (const ch of symbol.toUpperCase()) if (WUBRG.includes(ch)) seen.add(ch);
  return [...WUBRG].filter((c) => seen.has(c)).join("");
}

/** Every face's type line (a double-faced card's back counts for "is it a creature"). */
const typeLines = (d: CardDef) => [d.type ?? "", ...(d.faces ?? []).map((f) => f.type ?? "")].join(" // ");

/** A card's name as the copy limit reads it: case, spacing and the apostrophe's shape do not matter. */
const nameKey = (name: string) => name.trim().replace(/\s+/g, " ").replace(/[\u2018\u2019]/g, "'").toLowerCase();

/** The basic lands by name: a plain "20 Mountain" (a text card, no card data) is one as much as the data's Mountain. */
const BASIC_LANDS = new Set(["plains", "island", "swamp", "mountain", "forest", "wastes"].flatMap((n) => [n, `snow-covered ${n}`]));

/**
 * The printed cards whose text says "A deck can have any number of cards named …" (or "up to
 * seven / nine …"), by name: a text card of one is exempt as the card data's would be.
 */
const ANY_NUMBER = new Set(["relentless rats", "rat colony", "shadowborn apostle", "persistent petitioners", "dragon's approach", "slime against humanity", "hare apparent", "tempest hawk", "templar knight", "cid, timeless artificer"]);
const UP_TO = new Set(["seven dwarves", "nazgûl", "nazgul"]);

/** Every face's rules text. */
const textOf = (d: CardDef) => [d.text ?? "", ...(d.faces ?? []).map((f) => f.text ?? "")].join("\n");

/**
 * A basic land (any number of copies allowed): its type line says Basic … Land (on one line, as
 * /\bbasic\b.*\bland\b/i read it; looked for after the first "basic" of each line only, since
 * that regex scanned the rest of the line again from every "basic"), or it bears a basic land's name.
 */
export const isBasicLand = (d: CardDef): boolean => BASIC_LANDS.has(nameKey(d.name)) || basicType(d);

/** Its type line says Basic … Land (see isBasicLand). */
const basicType = (d: CardDef): boolean =>
  (d.faces?.[0]?.type ?? d.type ?? "").split(/[\n\r\u2028\u2029]/).some((line) => {
    const basic = line.search(/\bbasic\b/i);
    return basic >= 0 && /\bland\b/i.test(line.slice(basic + "basic".length));
  });

/** Any number of copies: basic lands and "A deck can have any number of cards named …" (by its text, or its name without card data). */
export const anyNumberAllowed = (d: CardDef): boolean => isBasicLand(d) || ANY_NUMBER.has(nameKey(d.name)) || /a deck can have any number of cards named/i.test(textOf(d));

/**
 * THE copy-limit rule, the one the deck stage and the server both ask (checks.ts): a card never
 * counted against a format's copies. Any number allowed, and "A deck can have up to N cards
 * named …" (the seed exempts those too; N is not enforced). It reads the name as well as the
 * card data, so a list checked without the data (as written, in the browser) gets the verdict
 * the server gives it with the data.
 */
export function noCopyLimit(d: CardDef): boolean {
  // anyNumberAllowed(d) || UP_TO by name || "up to N" by text, with the name's key and the text made
  // once: a deal checks up to 500 lines, and these three readings were a fifth of its time.
  const key = nameKey(d.name);
  if (BASIC_LANDS.has(key) || ANY_NUMBER.has(key) || UP_TO.has(key) || basicType(d)) return true;
  const text = textOf(d);
  return /a deck can have any number of cards named/i.test(text) || /a deck can have up to \w+ cards named/i.test(text);
}

/** May lead a Commander deck: a legendary creature, a Background… or "can be your commander". */
export function canLead(d: CardDef): boolean {
  const front = d.faces?.[0]?.type ?? d.type ?? "";
  if (/\blegendary\b/i.test(front) && /\bcreature\b/i.test(front)) return true;
  if (/\bbackground\b/i.test(front)) return true;
  const text = [d.text ?? "", ...(d.faces ?? []).map((f) => f.text ?? "")].join("\n");
  return /can be your commander/i.test(text);
}

/** Goes in a pair of commanders: Partner (with), Friends forever, Choose a Background, a Background, Doctor's companion. */
export function pairs(d: CardDef): boolean {
  const text = [d.text ?? "", ...(d.faces ?? []).map((f) => f.text ?? "")].join("\n");
  const kw = (d.keywords ?? []).join("\n");
  return /\bpartner\b|friends forever|choose a background|doctor's companion/i.test(`${text}\n${kw}`) || /\bbackground\b/i.test(d.type ?? "");
}

/** What a deck check may ask of one card, in one place (issue "Card table, the rest of the reference"). */
export interface CardFacts {
  name: string;
  /** Colour identity letters, WUBRG order. */
  identity: string;
  typeLine: string;
  text: string;
  layout: string;
  basicLand: boolean;
  anyNumber: boolean;
  canLead: boolean;
  pairs: boolean;
  /** The card came from the card data (false: a text card from the list alone; facts are guesses). */
  fromData: boolean;
}

export function cardFacts(d: CardDef): CardFacts {
  return {
    name: d.name,
    identity: colourIdentity(d),
    typeLine: typeLines(d),
    text: [d.text ?? "", ...(d.faces ?? []).slice(1).map((f) => f.text ?? "")].filter(Boolean).join("\n"),
    layout: d.layout ?? "normal",
    basicLand: isBasicLand(d),
    anyNumber: anyNumberAllowed(d),
    canLead: canLead(d),
    pairs: pairs(d),
    fromData: d.layout !== undefined,
  };
}
