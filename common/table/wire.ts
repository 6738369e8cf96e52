// How a table view travels in the room's schema: cut into small named parts (one per player,
// zone, card and log line), each a JSON string. The room sends everyone the spectator's part
// ("all") and a seat its own version only where it differs (`key#seat`): hidden zones are a
// count for the public and the cards for their owner, so nothing is sent twice but the small
// public stubs. An action re-sends only the parts it changed (a tap: one card).
//
// The client joins the parts back into the view (`joinView`); `splitView` ∘ `joinView` is the
// identity (test/common/table.wire.test.ts).

import { sha256 } from "./hash.js";
import type { LogLine } from "./logline.js";
import type { CardDef } from "./types.js";
import type { TableGameView } from "./game.js";
import type { CardView, TableView, ZoneView } from "./visibility.js";

export type Parts = Record<string, string>;

interface ZonePart {
  count: number;
  /** Card ids in order: each card is its own part `c:<id>`. */
  ids?: number[];
  known?: Array<[number, CardView]>;
}

/** Card definitions already keyed (a def's JSON → its part key), bounded. */
const defKeys = new Map<string, string>();

/**
 * A card's definition travels once as its own part `d:<hash of its content>`, and each card part
 * names it: a tap re-sends ~150 bytes, not the card's oracle text and pictures. The key comes
 * from the content alone (nothing the viewer does not already read in it), and a viewer gets a
 * def part only while a card it sees carries it.
 */
function defKey(out: Parts, def: CardDef): string {
  const json = JSON.stringify(def);
  let key = defKeys.get(json);
  if (!key) {
    if (defKeys.size > 20_000) defKeys.clear();
    key = sha256(json).slice(0, 16);
    defKeys.set(json, key);
  }
  out[`d:${key}`] = json;
  return key;
}

function cardPart(out: Parts, c: CardView): string {
  if (!c.card) return JSON.stringify(c);
  const { card, ...rest } = c;
  return JSON.stringify({ ...rest, d: defKey(out, card) });
}

function cardOf(parts: Parts, json: string): CardView {
  const c = JSON.parse(json) as CardView & { d?: string };
  if (c.d === undefined) return c;
  const { d, ...rest } = c;
  const def = parts[`d:${d}`];
  return def ? { ...rest, card: JSON.parse(def) as CardDef } : { ...rest };
}

export function splitView(v: TableGameView): Parts {
  const out: Parts = {};
  const { table, lines, report, ...meta } = v;
  if (report) out.r = JSON.stringify(report);
  if (table) {
    const { players, zones, viewer: _viewer, ...rest } = table;
    out.m = JSON.stringify({ ...meta, table: rest });
    players.forEach((p, i) => (out[`p:${i}`] = JSON.stringify(p)));
    for (const [key, z] of Object.entries(zones)) {
      const part: ZonePart = { count: z.count };
      if (z.cards) {
        part.ids = z.cards.map((c) => c.id);
        for (const c of z.cards) out[`c:${c.id}`] = cardPart(out, c);
      }
      if (z.known) part.known = z.known;
      out[`z:${key}`] = JSON.stringify(part);
    }
  } else out.m = JSON.stringify({ ...meta, table: null });
  for (const l of lines) out[`l:${l.seq}`] = lineJson(l);
  return out;
}

/** Log lines are made once per event and viewer and never change: each is written to JSON once (a view carries up to 500). */
const lineJsons = new WeakMap<LogLine, string>();
export function lineJson(l: LogLine): string {
  let json = lineJsons.get(l);
  if (json === undefined) lineJsons.set(l, (json = JSON.stringify(l)));
  return json;
}

/**
 * The parts one seat receives: the public ones, its own versions replacing them (an empty
 * string: the part is absent for this seat).
 */
export function partsFor(all: ReadonlyMap<string, string> | Parts, seat: number | null): Parts {
  const entries = all instanceof Map ? [...all.entries()] : Object.entries(all);
  const out: Parts = {};
  for (const [k, json] of entries) if (!k.includes("#")) out[k] = json;
  if (seat !== null) {
    const suffix = `#${seat}`;
    for (const [k, json] of entries) {
      if (!k.endsWith(suffix)) continue;
      const base = k.slice(0, -suffix.length);
      if (json === "") delete out[base];
      else out[base] = json;
    }
  }
  return out;
}

/** The view from the parts a connection holds (after partsFor); null before the first game. */
export function joinView(parts: Parts, viewer: number | "spectator"): TableGameView | null {
  if (!parts.m) return null;
  const meta = JSON.parse(parts.m) as Omit<TableGameView, "table" | "lines"> & { table: Omit<TableView, "players" | "zones" | "viewer"> | null };
  const lines: LogLine[] = Object.keys(parts)
    .filter((k) => k.startsWith("l:"))
    .map((k) => JSON.parse(parts[k]) as LogLine)
    .sort((a, b) => a.seq - b.seq);
  const report = parts.r ? { report: JSON.parse(parts.r) as NonNullable<TableGameView["report"]> } : {};
  if (!meta.table) return { ...meta, table: null, lines, ...report };
  const players = Object.keys(parts)
    .filter((k) => k.startsWith("p:"))
    .sort((a, b) => Number(a.slice(2)) - Number(b.slice(2)))
    .map((k) => JSON.parse(parts[k]));
  const zones: Record<string, ZoneView> = {};
  for (const k of Object.keys(parts).filter((x) => x.startsWith("z:")).sort()) {
    const z = JSON.parse(parts[k]) as ZonePart;
    const zone: ZoneView = { count: z.count };
    if (z.ids) zone.cards = z.ids.map((id) => (parts[`c:${id}`] ? cardOf(parts, parts[`c:${id}`]) : { id, known: false, owner: -1, controller: -1, z: 0 }));
    if (z.known) zone.known = z.known;
    zones[k.slice(2)] = zone;
  }
  const { stage, decks, goOn } = meta;
  return { stage, decks, table: { viewer, ...meta.table, players, zones } as TableView, lines, goOn, endVote: meta.endVote ?? null, ...report };
}
