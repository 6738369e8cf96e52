// What a bot remembers: only public observations, read from the view's public log and
// battle records (buys, sales, trades, apples gained, every board shown in battle). From
// them it keeps a model of each opponent's cards: exact except the pets picked in trades
// (only their tier is public) and the order they will choose.

import type { FastRng } from "../../core/fastRng.js";
import { CARDS, cardDef, type CardDef } from "../cards.js";
import type { PetsView } from "../types.js";

export interface BotMemory {
  /** Log entries already read. */
  seen: number;
  /** Known permanent cards per seat (keys). */
  known: string[][];
  /** Tiers of pets a seat picked in trades since its last battle (identity hidden). */
  picks: number[][];
  /** Apples each seat holds now (they leave after every battle). */
  apples: number[];
  /** Each seat's last board shown in battle, top first. */
  lastBoard: (string[] | null)[];
}

export function newMemory(seats: number): BotMemory {
  return { seen: 0, known: Array.from({ length: seats }, () => []), picks: Array.from({ length: seats }, () => []), apples: new Array(seats).fill(0), lastBoard: new Array(seats).fill(null) };
}

function removeOne(xs: string[], k: string): boolean {
  const i = xs.indexOf(k);
  if (i < 0) return false;
  xs.splice(i, 1);
  return true;
}

/** Reads the view's new public log entries into a copy of the memory. */
export function observe(prev: BotMemory, view: PetsView): BotMemory {
  const m: BotMemory = JSON.parse(JSON.stringify(prev));
  if (m.known.length !== view.seats) return observe(newMemory(view.seats), view);
  for (let i = m.seen; i < view.log.length; i++) {
    const e = view.log[i];
    switch (e.type) {
      case "bought":
        m.known[e.seat].push(e.card);
        break;
      case "sold":
      case "traded":
        for (const k of e.cards) if (!removeOne(m.known[e.seat], k) && m.picks[e.seat].length) m.picks[e.seat].pop();
        if (e.type === "traded") m.picks[e.seat].push(e.tier);
        break;
      case "gained":
        m.apples[e.seat] += e.n;
        break;
      case "battle": {
        const b = view.battles[e.index];
        for (const side of [0, 1] as const) {
          const seat = b.seats[side];
          const board = b.lineups[side];
          m.lastBoard[seat] = board;
          m.known[seat] = board.filter((k) => !cardDef(k).temporary);
          m.picks[seat] = [];
        }
        break;
      }
      case "round":
      case "finished":
        m.apples.fill(0);
        break;
      default:
        break;
    }
  }
  m.seen = view.log.length;
  return m;
}

const PETS_BY_TIER: CardDef[][] = [1, 2, 3, 4, 5, 6].map((t) => CARDS.filter((c) => c.tier === t && c.kind === "pet"));

/** One guess of a seat's current cards: the known ones, a sampled pet per hidden pick, its apples. */
export function guessCards(m: BotMemory, seat: number, rng: FastRng): string[] {
  const out = m.known[seat].slice();
  for (const tier of m.picks[seat]) {
    const pool = PETS_BY_TIER[tier - 1];
    out.push(pool[rng.int(pool.length)].key);
  }
  for (let i = 0; i < m.apples[seat]; i++) out.push("apple");
  return out;
}
