// Auto Pets' view on the wire (common/core/viewWire.ts), its own splitter: a move re-sends only
// the few small parts it changed, as the hand-written schema did (docs/benchmarks.md "wire").
//  - Left out: the `log` (every public event: the events carry it as they happen and a client
//    keeps its own lines; the rules' view keeps it for the bots, `carried`), `viewer` and
//    `toAct` (the join derives them).
//  - Per seat figures (gold, trophies, counts...) one part per seat and field, as the default.
//  - The hand by card id: `h.<id>` = `[previous id, key]` (−1 first; a linked list in hand
//    order), so a bought card is one new part and a sold one a removed part and at most one
//    relinked neighbour, never a reshuffled list.
//  - The shop row by slot (`r.<i>` = `[id, key]`, or null).
//  - Battles by index (`b.<i>`, sent once each), packed: fields by position and each event as
//    `[shape, ...values]`, its shape (`e` and its keys) listed once per battle. Named fields
//    were over half of a battle's bytes, and battles most of what a game sends.

import { joinFields, splitFields, type Parts, type ViewWire } from "../core/viewWire.js";
import type { BattleEvent } from "./battle.js";
import type { BattleRecord, CardView, PetsView } from "./types.js";

/** What the wire carries of a view: all of it but the log. */
type Carried = Omit<PetsView, "log" | "viewer" | "toAct" | "hand" | "row" | "battles" | "order" | "picks">;

const HAND = "h.";

function splitHand(hand: CardView[], out: Parts): void {
  let prev = -1;
  for (const c of hand) {
    out[`${HAND}${c.id}`] = JSON.stringify([prev, c.card]);
    prev = c.id;
  }
}

/**
 * Cards and shop slots parsed once by their part (key and JSON): a join runs on every patch and
 * most of its parts did not change. What a join returns is read, never edited, by its callers.
 */
const cards = new Map<string, { prev: number; card: CardView }>();
function handCard(key: string, json: string): { prev: number; card: CardView } {
  const k = `${key}=${json}`;
  let c = cards.get(k);
  if (!c) {
    const [prev, card] = JSON.parse(json) as [number, string];
    c = { prev, card: { id: Number(key.slice(HAND.length)), card } };
    if (cards.size > 4096) cards.clear();
    cards.set(k, c);
  }
  return c;
}

function joinHand(parts: Parts): CardView[] | null {
  if (parts.hand !== "1") return null;
  const next = new Map<number, CardView>();
  for (const k in parts) {
    if (k.charCodeAt(0) !== 104 /* h */ || k.charCodeAt(1) !== 46 /* . */) continue;
    const c = handCard(k, parts[k]);
    next.set(c.prev, c.card);
  }
  const out: CardView[] = [];
  for (let c = next.get(-1); c; c = next.get(c.id)) out.push(c);
  return out;
}

type Packed = [BattleRecord["round"], BattleRecord["seats"], BattleRecord["ghost"], BattleRecord["lineups"], string[][], unknown[][], BattleRecord["winner"], BattleRecord["trophies"], BattleRecord["opponent"]?];

function packBattle(b: BattleRecord): string {
  const shapes: string[][] = [];
  const index = new Map<string, number>();
  const events = b.events.map((ev) => {
    const { e, ...rest } = ev as { e: string } & Record<string, unknown>;
    const keys = Object.keys(rest);
    const sig = [e, ...keys].join(",");
    let i = index.get(sig);
    if (i === undefined) {
      i = shapes.push([e, ...keys]) - 1;
      index.set(sig, i);
    }
    return [i, ...keys.map((k) => rest[k])];
  });
  const out: Packed = [b.round, b.seats, b.ghost, b.lineups, shapes, events, b.winner, b.trophies];
  if (b.opponent) out.push(b.opponent);
  return JSON.stringify(out);
}

/** Battles are immutable and a join runs on every patch: each is parsed once (by its JSON). */
const unpacked = new Map<string, BattleRecord>();

function unpackBattle(json: string): BattleRecord {
  let b = unpacked.get(json);
  if (b) return b;
  const [round, seats, ghost, lineups, shapes, events, winner, trophies, opponent] = JSON.parse(json) as Packed;
  b = {
    round,
    seats,
    ghost,
    lineups,
    events: events.map(([i, ...values]) => {
      const [e, ...keys] = shapes[i as number];
      const ev: Record<string, unknown> = { e };
      keys.forEach((k, j) => (ev[k] = values[j]));
      return ev as BattleEvent;
    }),
    winner,
    trophies,
    ...(opponent ? { opponent } : {}),
  };
  if (unpacked.size > 256) unpacked.clear();
  unpacked.set(json, b);
  return b;
}

const slots = new Map<string, CardView>();
function slotCard(json: string): CardView {
  let c = slots.get(json);
  if (!c) {
    const [id, card] = JSON.parse(json) as [number, string];
    c = { id, card };
    if (slots.size > 4096) slots.clear();
    slots.set(json, c);
  }
  return c;
}

/** Seats that may act now (common/pets/state.ts toAct), from what the view shows. */
function toActOf(v: Carried & { waiting: boolean }): number[] {
  if (v.waiting) return [];
  if (v.phase === "shop") return [v.turn];
  if (v.phase === "arrange") return v.arranged.flatMap((a, i) => (a ? [] : [i]));
  return [];
}

export const petsWire: ViewWire<PetsView> = {
  split(v) {
    const { log: _log, viewer: _viewer, toAct, hand, row, battles, order, picks, ...rest } = v;
    // An arena round waits for its opponent with nobody to act: the one thing toAct says that the rest does not.
    const waiting = v.phase !== "finished" && toAct.length === 0;
    const out = splitFields({ ...rest, waiting });
    // the row's slots as `r.<i>` (not a list joinFields would parse on every join: joinRow)
    row.forEach((c, i) => (out[`r.${i}`] = c ? JSON.stringify([c.id, c.card]) : "null"));
    battles.forEach((b, i) => (out[`b.${i}`] = packBattle(b)));
    out.order = JSON.stringify(order);
    out.picks = JSON.stringify(picks);
    // "hand" says whether there is one (a spectator's is null); its cards are the `h<id>` parts
    out.hand = hand ? "1" : "null";
    if (hand) splitHand(hand, out);
    return out;
  },
  join(parts, viewer) {
    const f = joinFields(parts) as unknown as Carried & { waiting: boolean; hand: unknown; order: PetsView["order"]; picks: PetsView["picks"] };
    const { waiting, hand: _hand, ...rest } = f;
    const row: (CardView | null)[] = [];
    for (let i = 0, r = parts["r.0"]; r !== undefined; r = parts[`r.${++i}`]) row.push(r === "null" ? null : slotCard(r));
    const battles: BattleRecord[] = [];
    for (let i = 0, b = parts["b.0"]; b !== undefined; b = parts[`b.${++i}`]) battles.push(unpackBattle(b));
    const v: PetsView = {
      ...rest,
      viewer: viewer !== null && viewer >= 0 && viewer < f.seats ? viewer : null,
      row,
      hand: joinHand(parts),
      battles,
      toAct: toActOf(f),
      log: [],
    };
    return v;
  },
  carried: (v) => ({ ...v, log: [] }),
};
