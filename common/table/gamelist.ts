// Game lists (the seed's ListaDeJuego): a deck can hold more cards than are played (variants,
// alternatives, a sideboard). A game list chooses the copies that go to this game — commanders
// and cards — without changing the deck. The browser keeps one list per deck and offers it again.
//
// What goes where with a list: its commanders to the command zone, its cards to the library
// (a chosen companion still starts apart, in the command zone), unchosen sideboard copies to the
// sideboard, tokens / planes / schemes as the deck says, everything else stays out.

import { emptyDeck, type Deck, type DeckEntry, type Section } from "./deck.js";
import type { CardDef } from "./types.js";

/** Sections whose cards a list chooses among (tokens, planes and schemes always come along). */
export const LIST_SECTIONS: readonly Section[] = ["commander", "companion", "main", "sideboard", "maybeboard"];
export const MAX_LIST_ENTRIES = 500;

export interface GameList {
  /** Keys (`entryKey`) of the commanders: one, or two partners. */
  commanders: string[];
  /** Copies chosen per entry key (commanders not included). */
  cards: Record<string, number>;
}

/** One line of the deck a list may choose from. */
export interface Candidate {
  key: string;
  section: Section;
  count: number;
  def: CardDef;
}

/** The same printing in the same section is the same line: its key survives edits elsewhere in the deck. */
export const entryKey = (section: Section, def: CardDef): string => [section, def.name.trim().toLowerCase(), (def.set ?? "").toLowerCase(), (def.number ?? "").toLowerCase()].join("|");

export function candidates(deck: Deck): Candidate[] {
  const byKey = new Map<string, Candidate>();
  for (const section of LIST_SECTIONS)
    for (const e of deck[section]) {
      const key = entryKey(section, e.def);
      const c = byKey.get(key);
      if (c) c.count += e.count;
      else byKey.set(key, { key, section, count: e.count, def: e.def });
    }
  return [...byKey.values()];
}

/** The list a deck plays without one: what its sections say (commander, companion and main deck). */
export function defaultList(deck: Deck): GameList {
  const list: GameList = { commanders: [], cards: {} };
  for (const c of candidates(deck)) {
    if (c.section === "commander") for (let i = 0; i < c.count && list.commanders.length < 2; i++) list.commanders.push(c.key);
    else if (c.section === "main" || c.section === "companion") list.cards[c.key] = c.count;
  }
  return list;
}

/** A list read back from storage, or null when it is not one. Bounded. */
export function parseGameList(raw: unknown): GameList | null {
  if (typeof raw !== "object" || raw === null) return null;
  const o = raw as Record<string, unknown>;
  if (!Array.isArray(o.commanders) || o.commanders.length > 4 || !o.commanders.every((k) => typeof k === "string" && k.length < 400)) return null;
  if (typeof o.cards !== "object" || o.cards === null || Array.isArray(o.cards)) return null;
  const entries = Object.entries(o.cards as Record<string, unknown>);
  if (entries.length > MAX_LIST_ENTRIES || !entries.every(([k, n]) => k.length < 400 && Number.isInteger(n) && (n as number) >= 0 && (n as number) <= 250)) return null;
  return { commanders: [...(o.commanders as string[])], cards: Object.fromEntries(entries) as Record<string, number> };
}

/**
 * The deck this game plays with `list`, and the names the list chose that the deck no longer
 * holds (they are left out: the "no longer in the deck" warning). Counts past what the deck
 * holds are cut to it.
 */
export function applyGameList(deck: Deck, list: GameList): { deck: Deck; gone: string[] } {
  const out = emptyDeck();
  for (const s of ["tokens", "planes", "schemes"] as const) out[s] = deck[s].map((e) => ({ count: e.count, def: { ...e.def } }));
  const byKey = new Map(candidates(deck).map((c) => [c.key, c]));
  const used = new Map<string, number>();
  const gone = new Set<string>();
  const nameOfKey = (k: string) => k.split("|")[1] ?? k;
  const take = (k: string, n: number): number => {
    const c = byKey.get(k);
    if (!c) {
      if (n > 0) gone.add(nameOfKey(k));
      return 0;
    }
    const left = c.count - (used.get(k) ?? 0);
    const got = Math.max(0, Math.min(n, left));
    used.set(k, (used.get(k) ?? 0) + got);
    return got;
  };
  const push = (section: Section, def: CardDef, n: number) => {
    if (n <= 0) return;
    const commander = section === "commander";
    const d: CardDef = { ...def };
    if (commander) d.commander = true;
    else delete d.commander;
    const last: DeckEntry | undefined = out[section].find((e) => JSON.stringify(e.def) === JSON.stringify(d));
    if (last) last.count += n;
    else out[section].push({ count: n, def: d });
  };
  for (const k of list.commanders.slice(0, 2)) if (take(k, 1)) push("commander", byKey.get(k)!.def, 1);
  for (const [k, n] of Object.entries(list.cards)) {
    const got = take(k, n);
    if (!got) continue;
    const c = byKey.get(k)!;
    push(c.section === "companion" ? "companion" : "main", c.def, got);
  }
  for (const c of byKey.values()) if (c.section === "sideboard") push("sideboard", c.def, c.count - (used.get(c.key) ?? 0));
  const names = [...gone].map((n) => n.replace(/\b\w/g, (ch) => ch.toUpperCase()));
  return { deck: out, gone: names };
}

const SECTION_HEADERS: Record<Section, string> = { main: "Deck", commander: "Commander", companion: "Companion", sideboard: "Sideboard", maybeboard: "Maybeboard", tokens: "Tokens", planes: "Planes", schemes: "Schemes" };

/** One line as a decklist writes it: count, name, printing, and what a text card adds after bars. */
function lineOf(e: DeckEntry): string {
  const d = e.def;
  const printing = d.set ? ` (${d.set.toUpperCase()})${d.number ? ` ${d.number}` : ""}` : "";
  const pt = d.power !== undefined && d.toughness !== undefined ? `${d.power}/${d.toughness}` : d.loyalty !== undefined ? String(d.loyalty) : "";
  const bars = [d.type ?? "", d.cost ?? "", pt];
  while (bars.length && !bars[bars.length - 1]) bars.pop();
  return `${e.count} ${d.name}${printing}${bars.length ? ` | ${bars.join(" | ")}` : ""}`;
}

/** A deck written back as a plain decklist that `parseDecklist` reads to the same deck. */
export function deckText(deck: Deck): string {
  const parts: string[] = [];
  for (const s of ["commander", "companion", "main", "sideboard", "maybeboard", "tokens", "planes", "schemes"] as const) {
    if (!deck[s].length) continue;
    parts.push(SECTION_HEADERS[s], ...deck[s].map(lineOf), "");
  }
  return parts.join("\n");
}
