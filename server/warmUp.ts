// The hub's hot paths warmed when the process starts (issue 36 point 4): a fresh process runs
// the card table's and Minesweeper's rules, projection, schema encode and end unoptimised, and
// the first big message of each (a 100×100 board opened at once, an eight-seat deal) held the
// event loop several times longer than the same message once the code was warm (docs/benchmarks.md,
// "fourth pass"). So right after the hub listens it plays small synthetic games nobody sees through
// the same functions a room uses: a three-seat table (deal, keep, draw, play, tap, shuffle, look,
// undo, chat) and Minesweeper boards (a whole-board opening, a few clicks and a flag), each move
// projected into a real room state and encoded for every seat's view, and each board's end
// (record, result). One move per turn of the event loop (setImmediate): no slice holds the loop
// more than a move of a small game, and players' messages go between them. No store, no log,
// no room: nothing of it outlives the warm-up.
//
// WARM_UP=off skips it, WARM_UP=on forces it; by default it runs unless NODE_ENV is "test"
// (test hubs start often and never carry a game big enough to need it).

import { Encoder, StateView } from "@colyseus/schema";
import type { Configured } from "../common/core/game.js";
import { GameSession } from "../common/core/session.js";
import { minesweeperDef, type MinesweeperConfig } from "../common/minesweeper/index.js";
import { packDeal, unpackDeal } from "../common/table/deal.js";
import { deckMessages, tableDef, type TableMove, type TableRoomConfig } from "../common/table/game.js";
import type { Action } from "../common/table/catalogue.js";
import { log } from "./ops/log.js";
import type { Viewer } from "./rooms/game/audience.js";
import { boardParts } from "./rooms/minesweeper/board.js";
import { tableParts } from "./rooms/table/parts.js";

/** Tables and boards played (enough rounds for V8 to optimise the hot functions: measured, docs/benchmarks.md). */
export const WARM_TABLES = 12;
export const WARM_BOARDS = 24;

/** Whether this process warms up at start (WARM_UP, else every NODE_ENV but "test"). */
export function warmUpWanted(env: NodeJS.ProcessEnv = process.env): boolean {
  const v = env.WARM_UP?.trim().toLowerCase();
  if (v === "off") return false;
  if (v === "on") return true;
  return env.NODE_ENV !== "test";
}

/** One step of a warm-up game: a move and its projection, run in a turn of the event loop of its own; false: the rules did not take it (skipped). */
export type Step = () => boolean;

const SEATS = 3;
/** 60 cards in 15 lines of four (no card data: the lines describe the cards). */
const DECK = ["Deck", ...Array.from({ length: 15 }, (_, i) => `4 Warm Card ${i} | Creature — Bear | {1}{G} | 2/2`)].join("\n");

/** Every connection's view of a room state encoded as the room's patch does (SchemaSerializer.applyPatches). */
function encoderFor(state: object, viewers: readonly Viewer[]): () => void {
  const encoder = new Encoder(state as never);
  return () => {
    const it = { offset: 1 };
    encoder.encode(it);
    const shared = it.offset;
    for (const v of viewers) encoder.encodeView(v.view, shared, it);
    encoder.discardChanges();
  };
}

/** A synthetic card table's steps: three seats deal 60 cards each, then the actions players send most and the heavy ones. */
export function tableSteps(round: number): Step[] {
  const cfg = tableDef.configure({ seats: SEATS });
  if (!cfg.ok) throw new Error(cfg.error.message);
  const configured = cfg.value as Configured<TableRoomConfig>;
  const s = new GameSession(tableDef, (0x3a1f0000 + round).toString(16).padStart(32, "0"), configured.config, SEATS);
  const st = tableParts.createState(configured);
  // Seats 0..2 with their views, and a spectator (no view), as a room holds them.
  const viewers: Viewer[] = Array.from({ length: SEATS }, (_, seat) => ({ view: new StateView(), seat }));
  const encode = encoderFor(st, viewers);
  for (const v of viewers) tableParts.attach?.(st, v);
  const seatOf = Array.from({ length: SEATS }, (_, i) => i);
  const project = (events: readonly unknown[] | null, mover: number | null) => {
    tableParts.project(st, { state: s.state, view: (g) => s.view(g), room: (g) => g ?? -1, gameSeatOf: seatOf, fresh: events === null, viewers, events: events as never, mover, gameNo: 1 });
    encode();
  };
  const move = (seat: number, m: TableMove) => () => {
    const r = s.apply(seat, m, 1000 + s.log.length);
    if (!r.ok) return false; // a step a round's cards do not allow: the others still run
    for (const e of r.events) tableParts.toWire?.(e, (g) => g ?? -1);
    project(r.events, seat);
    return true;
  };
  const act = (seat: number, action: () => Action | null) => () => {
    const a = action();
    return a ? move(seat, { type: "act", action: a })() : false;
  };
  const firstIn = (zone: string) => () => s.state.game?.zones[zone]?.[0];
  const steps: Step[] = [() => (project(null, null), true)];
  for (let seat = 0; seat < SEATS; seat++) for (const p of deckMessages(DECK)) steps.push(move(seat, { type: "deck", ...p }));
  // A big deal is made on a worker thread and unpacked on the loop (common/table/deal.ts): that too.
  steps.push(() => {
    const packed = s.state.game ? packDeal(s.state.game) : null;
    return !!packed && !("error" in packed) && unpackDeal(packed).cards.size === s.state.game!.cards.size;
  });
  for (let seat = 0; seat < SEATS; seat++) steps.push(act(seat, () => ({ do: "keep", bottom: [] })));
  const hand = firstIn("0.hand");
  const field = firstIn("0.battlefield");
  steps.push(
    act(0, () => ({ do: "draw", n: 1 })),
    act(0, () => (hand() === undefined ? null : { do: "move", card: hand()!, zone: "battlefield", place: "battlefield" })),
    act(0, () => (field() === undefined ? null : { do: "tap", card: field()!, on: true })),
    act(1, () => ({ do: "chat", text: `warm ${round}` })),
    act(0, () => ({ do: "shuffle" })),
    act(0, () => ({ do: "untapAll" })),
    act(0, () => ({ do: "lookTop", n: 5 })),
    act(0, () => ({ do: "stopLooking" })),
    act(0, () => ({ do: "undo" })),
    act(1, () => ({ do: "draw", n: 2 })),
  );
  return steps;
}

/** A synthetic Minesweeper board's steps: even rounds a 40×40 board with one mine opened at once, odd ones a 16×16 with 40 mines (clicks, a flag). */
export function boardSteps(round: number): Step[] {
  const wide = round % 2 === 0;
  const cfg = minesweeperDef.configure(wide ? { mode: "solo", level: "custom", rows: 40, cols: 40, mines: 1 } : { mode: "solo", level: "intermediate" });
  if (!cfg.ok) throw new Error(cfg.error.message);
  const configured = cfg.value as Configured<MinesweeperConfig>;
  const s = new GameSession(minesweeperDef, (0x3a1f0000 + round).toString(16).padStart(32, "0"), configured.config, 1);
  const st = boardParts.createState(configured);
  const viewers: Viewer[] = [{ view: new StateView(), seat: 0 }];
  const encode = encoderFor(st, viewers);
  const { rows, cols } = configured.config;
  const over = () => s.state.phase === "won" || s.state.phase === "lost";
  const move = (m: Record<string, unknown>) => () => {
    if (over()) return false;
    const r = s.apply(0, m as never, 1000 + s.log.length);
    if (!r.ok) return false;
    for (const e of r.events) boardParts.toWire?.(e, (g) => g ?? -1);
    boardParts.project(st, { state: s.state, view: (g) => s.view(g), room: (g) => g ?? -1, gameSeatOf: [0], fresh: false, viewers, events: r.events, mover: 0, gameNo: 1 });
    encode();
    if (!over()) return true;
    // The end as the room makes it (records.ts): the record's stats and rank facts, the result.
    const info = { state: s.state, log: s.log, configured, order: [0], names: ["warm"], startedAt: 0, now: 2000 + s.log.length, replayId: 1 } as never;
    boardParts.record?.(info);
    boardParts.results?.ended?.(st, info);
    return true;
  };
  const steps: Step[] = [move({ type: "reveal", r: rows >> 1, c: cols >> 1 })];
  if (!wide) {
    for (let i = 0; i < 6; i++) steps.push(move({ type: "reveal", r: (i * 5) % rows, c: (i * 7) % cols }));
    steps.push(move({ type: "flag", r: 0, c: cols - 1 }), move({ type: "chord", r: rows >> 1, c: cols >> 1 }));
  }
  return steps;
}

/**
 * Runs the warm-up, one step per turn of the event loop; resolves when done (never rejects: a
 * warm-up that fails is logged and the hub runs as it would have, only colder).
 */
export function warmUp(tables = WARM_TABLES, boards = WARM_BOARDS): Promise<void> {
  const started = performance.now();
  const games: (() => Step[])[] = [];
  for (let i = 0; i < Math.max(tables, boards); i++) {
    if (i < tables) games.push(() => tableSteps(i));
    if (i < boards) games.push(() => boardSteps(i));
  }
  let steps: Step[] = [];
  let done = 0;
  let busyMs = 0;
  let longestMs = 0;
  return new Promise((resolve) => {
    const next = () => {
      const t = performance.now();
      try {
        if (!steps.length && games.length) steps = games.shift()!();
        steps.shift()?.();
        done++;
      } catch (e) {
        log.warn({ event: "hub.warm-up", err: e }, "the start-up warm-up stopped early; the hub runs as usual");
        return resolve();
      }
      const took = performance.now() - t;
      busyMs += took;
      longestMs = Math.max(longestMs, took);
      if (steps.length || games.length) return void setImmediate(next);
      log.info({ event: "hub.warm-up", steps: done, busyMs: Math.round(busyMs), longestMs: Math.round(longestMs * 10) / 10, ms: Math.round(performance.now() - started) }, "warmed the game code");
      resolve();
    };
    setImmediate(next);
  });
}
