// Benchmark section "wire" (run by bench/run.ts, or alone: `node --import tsx bench/wire.ts`).
// What a move costs on the wire and on the client, before and after the generic projection
// (server/rooms/game/projection.ts), in one run: seeded random games of each ported game are
// projected both ways into real @colyseus/schema encoders, each move's patch encoded exactly as
// the room's serializer does (shared changes, then each viewer's StateView), and decoded by a
// client-side decoder per viewer.
//   bytes: patch bytes per move per viewer (each seat and one spectator), the game's fields only
//          (both schemas share GameRoomState's; the protocol byte is not counted);
//   apply: a seat's client decoding the patch and reading the game's state (the old schema's
//          fields; the new one's parts joined into the view), µs per move.
// Prints a table and writes bench/results/wire.json.

import { performance } from "node:perf_hooks";
import { Decoder, Encoder, StateView, type Schema } from "@colyseus/schema";
import { connect4Def, connect4Wire } from "../common/connect4/index.js";
import type { GameDef, TypedMove } from "../common/core/game.js";
import { createRng } from "../common/core/rng.js";
import { joinState, type ViewWire } from "../common/core/viewWire.js";
import { viewProjection } from "../server/rooms/game/projection.js";
import { ViewRoomState } from "../server/rooms/game/ViewRoomState.js";
import { legacyConnect4, projectLegacyConnect4 } from "./wire/legacy.js";
import { petsDef, petsWire, type PetsView } from "../common/pets/index.js";
import { legacyPets, projectLegacyPets, type LegacyPetsTable } from "./wire/legacyPets.js";
import { announceQuick, quick, writeResult } from "./lib/section.js";
import { cubestaccDefaultWire, minesweeperCellsWire, packedCubestacc, packedMinesweeper } from "./wire/packed.js";
import { cubestaccDef } from "../common/cubestacc/index.js";
import { minesweeperDef } from "../common/minesweeper/index.js";

announceQuick("wire");
const GAMES = Number(process.env.WIRE_BENCH_GAMES ?? quick(200, 3));

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDef = GameDef<any, TypedMove, any, any, any>;

interface Way {
  /** A fresh state and its viewers (null: the schema has no per-seat view). */
  make(): { st: Schema; views: (StateView | null)[] };
  /** Writes the game's state in (events: the move's, null at the start). */
  project(st: Schema, views: (StateView | null)[], s: unknown, events: readonly unknown[] | null): void;
  /** What the client reads after a patch (seat 0). */
  read(st: Schema): unknown;
}

interface Figures {
  moves: number;
  bytesPerMove: number;
  applyUsPerMove: number;
}

/** Plays `GAMES` seeded random games projected one way; bytes and apply per move. */
function measure(def: AnyDef, seats: number, options: Record<string, unknown>, way: Way): Figures {
  let bytes = 0;
  let samples = 0;
  let applyMs = 0;
  let moves = 0;
  for (let seed = 1; seed <= GAMES; seed++) {
    const c = def.configure(options);
    if (!c.ok) throw new Error(c.error.message);
    let s = def.setup(seed, c.value.config, seats);
    const { st, views } = way.make();
    const encoder = new Encoder(st);
    way.project(st, views, s, null);
    // every viewer's client, given the full state first (as on join)
    const clients = views.map((view) => {
      const mirror = new (st.constructor as new () => Schema)();
      const decoder = new Decoder(mirror);
      const it = { offset: 0 };
      const full = encoder.encodeAll(it);
      const sharedOffset = it.offset;
      const buf = view ? encoder.encodeAllView(view, sharedOffset, { offset: sharedOffset }) : full;
      decoder.decode(Buffer.from(buf));
      return { view, mirror, decoder };
    });
    encoder.discardChanges();
    // The join's full state does not clear what view.add() queued (schema 3.0.x, see
    // server/rooms/base/numberList.ts), so a room's first patch after a join re-sends the seen
    // parts once: a cost per join, not per move, left out here.
    for (const v of views) v?.changes.clear();
    const rng = createRng(seed);
    for (let step = 0; step < 500; step++) {
      const who = def.whoActs(s).seats;
      if (!who.length) break;
      const seat = who[rng.int(who.length)];
      const legal = def.legalMoves!(s, seat);
      if (!legal.length) break;
      const r = def.apply(s, seat, legal[rng.int(legal.length)], { rng, now: 1_700_000_000_000 + step * 1500 });
      if (!r.ok) throw new Error(r.error.message);
      s = r.state;
      way.project(st, views, s, r.events);
      const it = { offset: 0 };
      const shared = encoder.encode(it);
      const sharedOffset = it.offset;
      const patches = clients.map((cl) => Buffer.from(cl.view ? encoder.encodeView(cl.view, sharedOffset, it) : shared));
      encoder.discardChanges();
      patches.forEach((p) => (bytes += p.byteLength));
      samples += patches.length;
      // seat 0's client times its apply; the others only keep up
      const t = performance.now();
      clients[0].decoder.decode(patches[0]);
      way.read(clients[0].mirror);
      applyMs += performance.now() - t;
      for (let i = 1; i < clients.length; i++) clients[i].decoder.decode(patches[i]);
      moves++;
    }
  }
  return { moves, bytesPerMove: bytes / Math.max(1, samples), applyUsPerMove: (applyMs * 1000) / Math.max(1, moves) };
}

/** The generic projection of a definition, seat g = room seat g, views of every seat and a spectator. */
function generic(def: AnyDef, wire: ViewWire<object>, seats: number): Way {
  const projection = viewProjection(wire);
  return {
    make() {
      const views: StateView[] = [...Array.from({ length: seats }, () => new StateView()), new StateView()];
      return { st: projection.createState(), views };
    },
    project(st, views, s) {
      const viewers = views.map((view, i) => ({ view: view!, seat: i < seats ? i : null }));
      const gameSeatOf = Array.from({ length: seats }, (_, g) => g);
      projection.project(st as ViewRoomState, { viewers, state: s, view: (g) => def.view(s, g), room: (g) => (g === null ? -1 : g), gameSeatOf, fresh: false, events: null, mover: null, gameNo: 1 });
    },
    read: (st) => joinState(st as unknown as Parameters<typeof joinState>[0], wire, 0),
  };
}

const rows: Record<string, { before: Figures; after: Figures }> = {};

{
  const def = connect4Def as AnyDef;
  const before = measure(def, 2, { mode: "online", timer: 30 }, {
    make: () => ({ st: legacyConnect4(30), views: [null, null, null] }),
    project: (st, _v, s) => projectLegacyConnect4(st as ReturnType<typeof legacyConnect4>, connect4Def.view(s as never, null)),
    read: (st) => {
      const t = st as ReturnType<typeof legacyConnect4>;
      return [Array.from(t.grid), t.winner, Array.from(t.line)];
    },
  });
  const after = measure(def, 2, { mode: "online", timer: 30 }, generic(def, connect4Wire as ViewWire<object>, 2));
  rows.connect4 = { before, after };
}

// Auto Pets, 4 seats: its old schema (bench/wire/legacyPets.ts) and its own wire (common/pets/wire.ts).
{
  const def = petsDef as AnyDef;
  const seats = 4;
  const options = { mode: "online", seats, timer: 0, arrange: 0 };
  const before = measure(def, seats, options, {
    make() {
      const st = legacyPets(seats);
      const views = [...Array.from({ length: seats }, (_, g) => {
        const v = new StateView();
        v.add(st.players[g].private);
        return v;
      }), new StateView()];
      return { st, views };
    },
    project: (st, _v, s) => projectLegacyPets(st as LegacyPetsTable, (g) => def.view(s, g) as PetsView),
    read: (st) => (st as LegacyPetsTable).toJSON(),
  });
  const after = measure(def, seats, options, generic(def, petsWire as ViewWire<object>, seats));
  rows.pets = { before, after };
}

// The two games still on packed schemas: today's projection ("before") against the generic
// parts of the same view ("after"), to say whether they stay packed (issue 38 point 1).
{
  const def = cubestaccDef as AnyDef;
  const seats = 4;
  const options = { mode: "online", seats, timer: 0 };
  rows["cubestacc (packed → generic)"] = {
    before: measure(def, seats, options, packedCubestacc(seats, options)),
    after: measure(def, seats, options, generic(def, cubestaccDefaultWire as ViewWire<object>, seats)),
  };
}
for (const level of ["beginner", "expert"]) {
  const def = minesweeperDef as AnyDef;
  const seats = 2;
  const options = { mode: "coop", seats, level };
  rows[`minesweeper ${level} (rows → generic)`] = {
    before: measure(def, seats, options, packedMinesweeper(seats, options)),
    after: measure(def, seats, options, generic(def, minesweeperCellsWire as ViewWire<object>, seats)),
  };
}

const fmt = (n: number) => n.toFixed(1);
console.log(`wire: ${GAMES} seeded random games per game; bytes = patch bytes per move per viewer (seats and a spectator); apply = seat 0 decodes and reads, µs per move`);
console.log("game                                   | moves  | bytes before | bytes after | apply before µs | apply after µs");
for (const [game, r] of Object.entries(rows)) {
  console.log(`${game.padEnd(38)} | ${String(r.after.moves).padStart(6)} | ${fmt(r.before.bytesPerMove).padStart(12)} | ${fmt(r.after.bytesPerMove).padStart(11)} | ${fmt(r.before.applyUsPerMove).padStart(15)} | ${fmt(r.after.applyUsPerMove).padStart(14)}`);
}
console.log(`wrote ${writeResult("wire", { measuredAt: new Date().toISOString(), games: GAMES, rows })}`);
