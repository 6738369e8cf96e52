// Decks from plain decklists ("4 Lightning Bolt", section headers Commander / Sideboard /
// Maybeboard / Tokens / Planes / Schemes / Companion), and the built-in 52-card deck with
// jokers. A card line may add what the text card shows after bars:
//   1 Grizzly Bears | Creature — Bear | {1}{G} | 2/2
// Lines that cannot be read give line-numbered errors saying how to write them.

import { queryKey, withData, type CardQuery, type ResolvedCards } from "./cards.js";
import { prepareDecklist } from "./decklists.js";
import { MAX_NAME_CHARS, type CardDef } from "./types.js";

export const SECTIONS = ["main", "commander", "companion", "sideboard", "maybeboard", "tokens", "planes", "schemes"] as const;
export type Section = (typeof SECTIONS)[number];

export interface DeckEntry {
  count: number;
  def: CardDef;
}

export type Deck = Record<Section, DeckEntry[]>;

export interface DeckError {
  line: number;
  text: string;
  message: string;
}

/** What the deck check (checks.ts) says of a deck. */
export type DeckWarning =
  /** Cards a saved game list chose that are no longer in the deck (they are left out). */
  | { kind: "gone"; names: string[] }
  | { kind: "size"; has: number; from: number; to: number | null }
  | { kind: "noCommander" }
  | { kind: "tooManyCommanders"; n: number }
  | { kind: "cannotLead"; name: string }
  | { kind: "noPartner"; name: string }
  | { kind: "repeated"; name: string; times: number; most: number }
  | { kind: "outsideIdentity"; name: string; colours: string; identity: string };

/** What a decklist import found in the card data (only its own player is told). */
export interface DeckReport {
  /** Cards in the list (every section). */
  cards: number;
  /** Of those, found in the server's card data. */
  found: number;
  /** Names not found there, as written (they are text cards on the table). */
  unfound: string[];
  /** The server has card data at all (false: every card is a text card, nothing to report). */
  data: boolean;
  /** The deck check's warnings for the table's format (common/table/checks.ts); absent: none. */
  warnings?: DeckWarning[];
}

/** A card name on a list line (long joke names included). */
export const MAX_LIST_NAME_CHARS = 150;
export const MAX_COPIES = 250;
export const MAX_DECK_CARDS = 500;

const HEADERS: Record<string, Section> = {
  deck: "main",
  main: "main",
  maindeck: "main",
  mainboard: "main",
  library: "main",
  commander: "commander",
  commanders: "commander",
  companion: "companion",
  sideboard: "sideboard",
  side: "sideboard",
  maybeboard: "maybeboard",
  maybe: "maybeboard",
  considering: "maybeboard",
  tokens: "tokens",
  token: "tokens",
  planes: "planes",
  plane: "planes",
  planechase: "planes",
  schemes: "schemes",
  scheme: "schemes",
  archenemy: "schemes",
};

export const emptyDeck = (): Deck => ({ main: [], commander: [], companion: [], sideboard: [], maybeboard: [], tokens: [], planes: [], schemes: [] });

/**
 * "Sideboard", "Sideboard:", "// Sideboard", "Sideboard (15)" → the section, or null. `line` is
 * trimmed. The "//" and the colon are cut off first so that the one regex left has no two
 * quantifiers that can take the same characters: "^(//\s*)?(\w+)\s*(\(\d+\))?\s*:?\s*$" in one
 * piece backtracked cubically on a comment line of spaces (66 s for one decklist, issue 36).
 */
function header(line: string): Section | null {
  let s = line.startsWith("//") ? line.slice(2).trimStart() : line;
  if (s.endsWith(":")) s = s.slice(0, -1).trimEnd();
  const m = /^([A-Za-z]+)\s*(?:\(\d+\))?$/.exec(s);
  return m ? (HEADERS[m[1].toLowerCase()] ?? null) : null;
}

/**
 * "4 Name", "4x Name", "4 x Name" → the count's digits and the name (what /^(\d+)\s*x?\s+(.+)$/i
 * read, without its two overlapping runs of spaces); null when the line has no count. `body`
 * is trimmed.
 */
function countAndName(body: string): { digits: string; name: string } | null {
  const digits = /^\d+/.exec(body)?.[0];
  if (!digits) return null;
  const rest = body.slice(digits.length);
  const after = rest.trimStart();
  const spaced = after.length < rest.length;
  let name: string;
  if (/^x\s/i.test(after)) name = after.slice(1).trimStart();
  else if (spaced) name = after;
  else return null;
  // "." never took a line break character: a name holding one is not a card line.
  return name && !/[\n\r\u2028\u2029]/.test(name) ? { digits, name } : null;
}

function cardDef(name: string, extra: string[], section: Section): CardDef {
  const def: CardDef = { name };
  const [type, cost, ptOrLoyalty] = extra.map((s) => s.trim());
  if (type) def.type = type.slice(0, MAX_NAME_CHARS);
  if (cost) def.cost = cost.slice(0, 30);
  if (ptOrLoyalty) {
    const pt = /^([^/]{1,5})\/([^/]{1,5})$/.exec(ptOrLoyalty);
    if (pt) [def.power, def.toughness] = [pt[1], pt[2]];
    else if (/^\d{1,3}$/.test(ptOrLoyalty)) def.loyalty = Number(ptOrLoyalty);
  }
  const t = (def.type ?? "").toLowerCase();
  if (/creature|artifact|enchantment|planeswalker|land|battle/.test(t)) def.permanent = true;
  if (section === "commander") def.commander = true;
  return def;
}

interface Line {
  count: number;
  section: Section;
  query: CardQuery;
  extra: string[];
}

/**
 * "Lightning Bolt (M10) 146 *F*" → the name, set and collector number (foil / etched marks
 * dropped); "[M10] Lightning Bolt" and "Lightning Bolt [M10]" give the set too.
 */
function nameAndPrinting(raw: string): { name: string; set?: string; number?: string } {
  // One space before the mark or the set, not "\s+": a run of spaces would be scanned again from
  // each of its characters (quadratic); the run is trimmed off instead.
  let s = raw.trim();
  const foil = /\s\*[A-Z]{1,2}\*$/.exec(s);
  if (foil) s = s.slice(0, foil.index).trim();
  let set: string | undefined;
  let number: string | undefined;
  const paren = /\s[([]([A-Za-z0-9]{2,6})[)\]](?:\s+([A-Za-z0-9★†\-]{1,10}))?$/.exec(s);
  if (paren) {
    set = paren[1];
    number = paren[2];
    s = s.slice(0, paren.index).trim();
  } else {
    // "[M10] Name" (Magic Workstation), "[M21:123] Name" (XMage), "[] Name" (no set).
    const front = /^\[([A-Za-z0-9]{0,6})(?::([A-Za-z0-9★†\-]{1,10}))?\]\s+/.exec(s);
    if (front) {
      if (front[1]) set = front[1];
      if (front[1] && front[2]) number = front[2];
      s = s.slice(front[0].length).trim();
    }
  }
  return { name: s, ...(set ? { set } : {}), ...(number ? { number } : {}) };
}

const NUMBER_WORDS = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"];

/** A line without a count, written with one: "four Grizzly Bears" → "4 Grizzly Bears" (a count in words), else "1 …". */
export function withCount(line: string): string {
  const space = line.search(/\s/);
  const n = space > 0 ? NUMBER_WORDS.indexOf(line.slice(0, space).toLowerCase()) + 1 : 0;
  return n > 0 ? `${n} ${line.slice(space).trim()}` : `1 ${line}`;
}

function readLines(text: string): { lines: Line[]; errors: DeckError[]; total: number; last: number } {
  const out: Line[] = [];
  const prepared = prepareDecklist(text);
  const errors: DeckError[] = [...prepared.errors];
  let section: Section = "main";
  let total = 0;
  const lines = prepared.lines;
  lines.forEach(({ at, text: raw }) => {
    const line = raw.trim();
    if (!line || line.startsWith("#") || (line.startsWith("//") && !header(line))) return;
    const h = header(line);
    if (h) {
      section = h;
      return;
    }
    let body = line;
    let here: Section = section;
    if (/^SB:\s*/i.test(body)) {
      body = body.replace(/^SB:\s*/i, "");
      here = "sideboard";
    }
    const m = countAndName(body);
    if (!m) {
      errors.push({ line: at, text: raw, message: `line ${at}: "${line.slice(0, 40)}" has no count; write it as "${withCount(line.slice(0, 40))}" or as a section name (Commander, Sideboard, Maybeboard, Tokens, Planes, Schemes).` });
      return;
    }
    const count = Number(m.digits);
    // At most a name and four fields: a line of bars is never cut into thousands of pieces.
    const [nameWithSet, ...extra] = m.name.split("|", 5);
    const printing = nameAndPrinting(nameWithSet);
    const name = printing.name;
    if (count < 1 || count > MAX_COPIES) {
      errors.push({ line: at, text: raw, message: `line ${at}: ${count} copies of "${name}"; a line holds 1 to ${MAX_COPIES}.` });
      return;
    }
    if (!name || name.length > MAX_LIST_NAME_CHARS) {
      errors.push({ line: at, text: raw, message: `line ${at}: a card name is 1 to ${MAX_LIST_NAME_CHARS} characters.` });
      return;
    }
    if (extra.length > 3) {
      errors.push({ line: at, text: raw, message: `line ${at}: after the name write at most "| type | cost | power/toughness".` });
      return;
    }
    total += count;
    out.push({ count, section: here, query: { ...printing, ...(here === "tokens" ? { token: true } : {}) }, extra });
  });
  errors.sort((a, b) => a.line - b.line);
  return { lines: out, errors, total, last: lines.at(-1)?.at ?? 1 };
}

/**
 * What a decklist asks of the card data: one query per distinct line (the server answers them),
 * none for a list the table refuses anyway (a line it cannot read, more than MAX_DECK_CARDS
 * cards): so a list asks at most MAX_DECK_CARDS lookups, where thousands of one-copy lines
 * asked thousands before the refusal (issue 36).
 */
export function deckQueries(text: string): CardQuery[] {
  const seen = new Set<string>();
  const out: CardQuery[] = [];
  const { lines, errors, total } = readLines(text);
  if (errors.length || total > MAX_DECK_CARDS) return out;
  for (const l of lines) {
    const k = queryKey(l.query);
    if (!seen.has(k)) (seen.add(k), out.push(l.query));
  }
  return out;
}

/**
 * Parses a decklist; every unreadable line is reported, nothing is guessed. With `cards` (the
 * server's answers to `deckQueries`), lines found there are the real cards, and the report
 * names the ones that were not.
 */
export function parseDecklist(text: string, cards?: ResolvedCards): { ok: true; deck: Deck; report: DeckReport } | { ok: false; errors: DeckError[] } {
  const { lines, errors, total, last } = readLines(text);
  if (total > MAX_DECK_CARDS) errors.push({ line: last, text: "", message: `The list has ${total} cards; a deck holds at most ${MAX_DECK_CARDS}. Remove some.` });
  if (errors.length) return { ok: false, errors };
  const deck = emptyDeck();
  const unfound: string[] = [];
  let found = 0;
  for (const l of lines) {
    let def = cardDef(l.query.name.replace(/\s+/g, " "), l.extra, l.section);
    // The printing the line names is kept (the card data's own answer replaces it when found).
    if (l.query.set) def.set = l.query.set.toUpperCase();
    if (l.query.set && l.query.number) def.number = l.query.number;
    const data = cards?.[queryKey(l.query)];
    if (data) {
      def = withData(def, data);
      found += l.count;
    } else if (cards && !unfound.includes(l.query.name)) unfound.push(l.query.name);
    deck[l.section].push({ count: l.count, def });
  }
  return { ok: true, deck, report: { cards: total, found, unfound, data: cards !== undefined } };
}

/** What a local card file may say about a card, by name. */
export type CardInfo = Partial<Omit<CardDef, "name" | "commander">>;

/**
 * Fills what the list did not give (type, cost, P/T, loyalty, back face) from a local card file
 * keyed by card name (case-insensitive). What the list says wins.
 */
export function withCardInfo(deck: Deck, file: Record<string, CardInfo>): Deck {
  const byName = new Map(Object.entries(file).map(([k, v]) => [k.toLowerCase(), v]));
  const out = emptyDeck();
  for (const section of SECTIONS) {
    out[section] = deck[section].map((e) => {
      const info = byName.get(e.def.name.toLowerCase());
      if (!info) return { count: e.count, def: { ...e.def } };
      const def: CardDef = { ...e.def };
      for (const k of ["type", "cost", "power", "toughness", "back"] as const) if (def[k] === undefined && typeof info[k] === "string") def[k] = (info[k] as string).slice(0, MAX_NAME_CHARS);
      if (def.loyalty === undefined && typeof info.loyalty === "number" && Number.isInteger(info.loyalty) && info.loyalty >= 0 && info.loyalty < 1000) def.loyalty = info.loyalty;
      if (def.permanent === undefined && /creature|artifact|enchantment|planeswalker|land|battle/i.test(def.type ?? "")) def.permanent = true;
      return { count: e.count, def };
    });
  }
  return out;
}

const RANKS = ["Ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King"];
const SUITS = ["spades", "hearts", "diamonds", "clubs"];

/** The built-in deck for traditional card games: 52 cards and 2 jokers. */
export function standardDeck(jokers = 2): Deck {
  const deck = emptyDeck();
  for (const suit of SUITS) for (const rank of RANKS) deck.main.push({ count: 1, def: { name: `${rank} of ${suit}`, type: suit } });
  if (jokers > 0) deck.main.push({ count: jokers, def: { name: "Joker", type: "joker" } });
  return deck;
}

export const deckSize = (deck: Deck, section: Section = "main"): number => deck[section].reduce((n, e) => n + e.count, 0);
