// The card table's heaviest messages in process (issue 36 point 4): the rules' apply and the
// room's projection (server/rooms/table/parts.ts into a real TableRoomState, no sockets) of the
// deal at 8 seats × 500 cards (in process, and its loop's part when made on a worker thread
// first: GameDef.prepare, common/table/deal.ts) and of draw, shuffle, lookTop 50 and undo on that table, as CPU
// time (process.cpuUsage: a shared machine stretches wall time far more). Best of RUNS.
// `node --import tsx bench/tableInProcess.ts` (TABLE_PROF=1: a CPU profile of the whole run in
// ./table-prof). Less noisy than bench/messages.ts, which measures the same through the hub.

import { Encoder, StateView } from "@colyseus/schema";
import type { Prepared } from "../common/core/rules.js";
import { GameSession } from "../common/core/session.js";
import { deckMessages, tableDef, type TableGameView, type TableMove, type TableOut, type TableRoomConfig, type TableState } from "../common/table/game.js";
import { tableParts } from "../server/rooms/table/parts.js";

const SEATS = 8;
const RUNS = Number(process.env.TABLE_RUNS ?? 8);
const deck = ["Deck", ...Array.from({ length: 125 }, (_, i) => `4 Practice Card ${i} | Creature — Bear | {1}{G} | 2/2`)].join("\n");

type Session = GameSession<TableState, TableMove, TableOut, TableRoomConfig, TableGameView>;

const cpu = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};

function newTable(): { s: Session; project: () => void; encode: () => void } {
  const cfg = tableDef.configure({ seats: SEATS });
  if (!cfg.ok) throw new Error(cfg.error.message);
  const s: Session = new GameSession(tableDef, "0123456789abcdef0123456789abcdef", cfg.value.config, SEATS);
  const st = tableParts.createState(cfg.value as never);
  // Every seat's connection with its view, as in a room; the patch encoded as the room's serializer does (shared part, then each view).
  const encoder = new Encoder(st);
  const viewers = Array.from({ length: SEATS }, (_, seat) => ({ view: new StateView(), seat }));
  const project = () => tableParts.project(st, { state: s.state, view: (g: number | null) => s.view(g), room: (g: number | null) => g ?? -1, gameSeatOf: Array.from({ length: SEATS }, (_, i) => i), fresh: false, viewers, events: null, mover: 0, gameNo: 1 } as never);
  const encode = () => {
    const it = { offset: 1 };
    encoder.encode(it);
    const shared = it.offset;
    for (const v of viewers) encoder.encodeView(v.view, shared, it);
    encoder.discardChanges();
  };
  return { s, project, encode };
}

function move(s: Session, seat: number, m: TableMove, prepared?: Prepared): void {
  const r = s.apply(seat, m, 1000 + s.log.length, undefined, prepared);
  if (!r.ok) throw new Error(`${m.type} refused: ${r.error.code}`);
}

const figures: Record<string, { apply: number[]; project: number[]; encode: number[] }> = {};
/** `prepared`: the move's long work is done elsewhere (a worker thread: not counted) and only taken here. */
function timed(label: string, t: ReturnType<typeof newTable>, seat: number, m: TableMove, prepared = false): void {
  const f = (figures[label] ??= { apply: [], project: [], encode: [] });
  // The loop's part of a prepared move: `prepare` (the room asks it), reading the result that
  // crossed from the thread (a structured clone here: its writing counted too, an upper bound), the apply with it.
  const work = prepared ? tableDef.prepare!(t.s.state, seat, m, t.s.rng.getState()) : null;
  const done = work ? tableDef.work!(work.task) : null;
  const a = cpu();
  const p = prepared ? tableDef.prepare!(t.s.state, seat, m, t.s.rng.getState()) : null;
  move(t.s, seat, m, p && done ? { key: p.key, result: structuredClone(done) } : undefined);
  const b = cpu();
  t.project();
  const c = cpu();
  t.encode();
  const d = cpu();
  f.apply.push(b - a);
  f.project.push(c - b);
  f.encode.push(d - c);
}

for (let run = 0; run < RUNS; run++) {
  const t = newTable();
  const { s, project, encode } = t;
  project();
  encode();
  for (let seat = 0; seat < SEATS; seat++) {
    const pieces = deckMessages(deck);
    for (const [i, p] of pieces.entries()) {
      // Odd runs: the deal made on the worker thread first (common/table/deal.ts); even runs: in process.
      if (seat === SEATS - 1 && i === pieces.length - 1) timed(run % 2 ? "deal, prepared" : "deal, in process", t, seat, { type: "deck", ...p }, run % 2 === 1);
      else move(s, seat, { type: "deck", ...p });
    }
  }
  project();
  encode();
  for (let seat = 0; seat < SEATS; seat++) move(s, seat, { type: "act", action: { do: "keep", bottom: [] } });
  for (let i = 0; i < 30; i++) move(s, i % SEATS, { type: "act", action: { do: "chat", text: `hello ${i}` } });
  project();
  encode();
  timed("draw 1", t, 0, { type: "act", action: { do: "draw", n: 1 } });
  timed("shuffle", t, 0, { type: "act", action: { do: "shuffle" } });
  timed("untapAll", t, 0, { type: "act", action: { do: "untapAll" } });
  timed("lookTop 50", t, 0, { type: "act", action: { do: "lookTop", n: 50 } });
  timed("stopLooking", t, 0, { type: "act", action: { do: "stopLooking" } });
  timed("undo", t, 0, { type: "act", action: { do: "undo" } });
}

const best = (xs: number[]) => Math.min(...xs).toFixed(1);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1].toFixed(1);
console.log(`in process, CPU ms, best of ${RUNS} (median) (apply + projection + encode for ${SEATS} views), 8 seats × 500 cards`);
for (const [label, f] of Object.entries(figures)) console.log(`${label.padEnd(20)} ${best(f.apply).padStart(5)} (${median(f.apply).padStart(5)}) + ${best(f.project).padStart(5)} (${median(f.project).padStart(5)}) + ${best(f.encode).padStart(5)} (${median(f.encode).padStart(5)})`);
