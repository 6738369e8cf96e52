// The two games that keep a packed schema (issue 38 point 1: "only where the bench shows the
// generic parts more than ~10 % worse"), projected as their rooms do today, for bench/wire.ts to
// set beside the generic parts of the same views in one run:
//   Cubestacc: cubes as one uint32 each, a seat's hand and legal plays in its @view() child;
//   Minesweeper (solo / co-op): one run-length string per board row, only changed rows re-sent.
// And the generic wire Minesweeper's view would need: its `cells` is a Uint8Array, which the
// default splitter would send as one object part per move, so the cells go as a list (one part
// per cell), the fair generic form.

import type { Schema, StateView } from "@colyseus/schema";
import { StateView as View } from "@colyseus/schema";
import type { Configured } from "../../common/core/game.js";
import { defaultViewWire, joinFields, splitFields, type ViewWire } from "../../common/core/viewWire.js";
import { cubestaccDef, unpackCubes, type CubestaccConfig, type CubestaccView } from "../../common/cubestacc/index.js";
import { minesweeperDef, type MinesweeperConfig, type MinesweeperView } from "../../common/minesweeper/index.js";
import { decodeRows } from "../../common/minesweeper/rowCode.js";
import { cubestaccParts } from "../../server/rooms/cubestacc/parts.js";
import type { CubestaccState } from "../../server/rooms/cubestacc/CubestaccState.js";
import { boardParts } from "../../server/rooms/minesweeper/board.js";
import type { MinesweeperState } from "../../server/rooms/minesweeper/MinesweeperState.js";

/** bench/wire.ts's way of projecting a game (the same shape). */
export interface Way {
  make(): { st: Schema; views: (StateView | null)[] };
  project(st: Schema, views: (StateView | null)[], s: unknown, events: readonly unknown[] | null): void;
  read(st: Schema): unknown;
}

function configured<C>(def: { configure(o: Record<string, unknown>): { ok: boolean } }, options: Record<string, unknown>): Configured<C> {
  const c = def.configure(options) as { ok: true; value: Configured<C> } | { ok: false; error: { message: string } };
  if (!c.ok) throw new Error(c.error.message);
  return c.value;
}

/** What a room hands a game's `project` after a move: game seat g is room seat g, no viewers needed. */
function projection<S, V>(state: S, view: (g: number | null) => V, seats: number, fresh: boolean, events: readonly unknown[] | null) {
  const room = (g: number | null) => (g === null ? -1 : g);
  return { viewers: [], state, view, room, gameSeatOf: Array.from({ length: seats }, (_, g) => g), fresh, events: events as never, mover: null, gameNo: 1 };
}

/** Cubestacc as its room projects it: `seats` StateViews each holding its seat's private child, and a spectator. */
export function packedCubestacc(seats: number, options: Record<string, unknown>): Way {
  const c = configured<CubestaccConfig>(cubestaccDef, options);
  let fresh = true;
  return {
    make() {
      fresh = true;
      const st = cubestaccParts.createState(c);
      const views: (StateView | null)[] = Array.from({ length: seats }, (_, g) => {
        const v = new View();
        v.add(st.players[g].private);
        return v;
      });
      return { st, views: [...views, null] };
    },
    project(st, _views, s, events) {
      const state = s as Parameters<typeof cubestaccDef.view>[0];
      cubestaccParts.project(st as CubestaccState, projection(state, (g) => cubestaccDef.view(state, g) as CubestaccView, seats, fresh, events));
      fresh = false;
    },
    // What a client rebuilds on a patch: the table's cubes and the plain state.
    read: (st) => ({ cubes: unpackCubes((st as CubestaccState).cubes), table: st.toJSON() }),
  };
}

/** Minesweeper (solo / co-op) as its room projects it: one shared state, no per-seat views. */
export function packedMinesweeper(seats: number, options: Record<string, unknown>): Way {
  const c = configured<MinesweeperConfig>(minesweeperDef, options);
  return {
    make: () => ({ st: boardParts.createState(c), views: [...Array.from({ length: seats }, () => null), null] }),
    project(st, _views, s, events) {
      const state = s as Parameters<typeof minesweeperDef.view>[0];
      boardParts.project(st as MinesweeperState, projection(state, (g) => minesweeperDef.view(state, g) as MinesweeperView, seats, events === null, events));
    },
    read(st) {
      const t = st as MinesweeperState;
      const rows: string[] = [];
      for (let r = 0; r < t.rows; r++) rows.push(t.cellRows.get(String(r)) ?? "");
      return { cells: decodeRows(rows, t.rows, t.cols, 9), flags: t.flags, hit: t.hit };
    },
  };
}

/** Minesweeper's view on the generic parts: the default splitter with `cells` as a list. */
export const minesweeperCellsWire: ViewWire<MinesweeperView> = {
  split: (v) => splitFields({ ...v, cells: Array.from(v.cells) }),
  join(parts) {
    const v = joinFields(parts) as unknown as MinesweeperView & { cells: number[] };
    return { ...v, cells: Uint8Array.from(v.cells ?? []) };
  },
};

/** Cubestacc's view on the default splitter, untouched. */
export const cubestaccDefaultWire = defaultViewWire<CubestaccView>();
