// Where a Minesweeper board's data comes from. The scene (boardScene.ts) only draws
// and turns gestures into intents; a feed supplies the board and takes the
// intents:
//   RoomFeed   a live room (schema patches over colyseus.js)        — this file
//   LocalFeed  a GameSession in the browser (offline solo)            — local.ts
//   ReplayFeed a recorded log re-run step by step with common/ rules  — local.ts
// Every feed hands the scene a "state-like" object: the same field names as the
// room's schema state (docs/protocol.md), so one renderer serves them all.
import { getStateCallbacks, type Room } from "colyseus.js";
import type { ConnStatus, RoomSession } from "../../net/session";
import { toast } from "../../ui/toast";
import { typedSend, type Send } from "../../net/send";
import type { PartialWire } from "../../net/wire";
import type { MinesweeperState } from "../../../server/rooms/minesweeper/MinesweeperState";
import type { MinesweeperPayloads } from "../../../common/minesweeper/game";
import { BoardCells, rowList } from "./boardCells";

/**
 * The board state the scene reads: the room's schema as decoded (server/rooms/minesweeper/
 * MinesweeperState.ts), every field possibly missing; the local and replay feeds build the same
 * shape from common/ rules (arrays may be ArraySchema or plain). The cells themselves are read
 * through the feed's cells(): a room sends them as row strings (`cellRows`).
 */
export type BoardStateLike = PartialWire<MinesweeperState>;

/** What a feed calls on the scene. */
export interface BoardSink {
  /** Scalar fields changed (phase, flags, times, size…). */
  scalars(state: BoardStateLike): void;
  /** The whole cells array (a new array, or a resync). */
  cells(arr: ArrayLike<number>): void;
  /**
   * Cells `list` changed, to `codes[i]` each (codes: the whole board; the feed diffed them
   * against what it sent before). A move's cells at a time: a flood changes thousands, and
   * per-cell calls were most of its apply.
   */
  cellList(list: readonly number[], codes: ArrayLike<number>): void;
  /**
   * Row `r` changed somewhere: its cells are `codes[r * cols …]` (codes: the whole board).
   * A live room's rows arrive as strings; a row is copied and repainted whole, with no
   * per-cell diff on the way (a flood changes ~100 rows of ~100 cells).
   */
  cellRow(r: number, codes: Uint8Array): void;
  /** Seats or credits changed. */
  seats(state: BoardStateLike): void;
  /** One co-op cursor moved. */
  cursor(state: BoardStateLike, index: number): void;
  /** A one-shot event ({kind, …}: reveal, flag, won, lost, restart, chat…). */
  event(e: Record<string, unknown>): void;
  /** Connection / seat changed. */
  status(): void;
  /** Resync everything from feed.state(). */
  refresh(): void;
}

export interface MinesweeperFeed {
  /** Current state (null before the first one arrives). */
  state(): BoardStateLike | null;
  /** The board's cell codes, row-major (null before a board arrives). */
  cells(): ArrayLike<number> | null;
  /** The viewer's seat (null: spectator, replay). */
  seat(): number | null;
  spectator(): boolean;
  /** Moves can be sent now. */
  connected(): boolean;
  /** Clock the running timer is drawn with (ms, same base as startedAt). */
  now(): number;
  /** An intent: reveal / flag / chord / restart / cursor. False when it could not be sent. */
  send: Send<MinesweeperPayloads>;
  /** Starts feeding the sink; returns the unsubscribe. */
  attach(sink: BoardSink): () => void;
}

/** A live room's board (solo / co-op), bound to the schema with getStateCallbacks. */
export class RoomFeed implements MinesweeperFeed {
  /** The decoded `cellRows` of the bound room (null until its board arrives). */
  private board: BoardCells | null = null;

  constructor(readonly session: RoomSession) {}

  state(): BoardStateLike | null {
    return (this.session.room?.state as BoardStateLike | undefined) ?? null;
  }
  cells(): ArrayLike<number> | null {
    return this.board && this.board.rows > 0 ? this.board.codes : null;
  }
  seat(): number | null {
    const s = this.session.seat;
    return this.session.spectator || s === null || s < 0 ? null : s;
  }
  spectator(): boolean {
    return this.session.spectator;
  }
  connected(): boolean {
    return this.session.status.kind === "connected";
  }
  now(): number {
    return this.session.clock.now();
  }
  readonly send: Send<MinesweeperPayloads> = typedSend<MinesweeperPayloads>({ send: (type, payload) => this.session.send(type, payload) });

  attach(sink: BoardSink): () => void {
    const session = this.session;
    const offs: (() => void)[] = [];
    let unbind: (() => void)[] = [];
    const bind = (room: Room) => {
      for (const off of unbind) off();
      // A new Room (reconnect) starts from its own full state: nothing of the old board is kept.
      const board = (this.board = new BoardCells());
      unbind = bindBoardSchema(room, room.state, sink, board, (t) => session.clock.sample(t));
      sink.refresh();
    };
    offs.push(session.onRoom(bind));
    offs.push(session.onStatus((_s: ConnStatus) => sink.status()));
    offs.push(
      session.onMessage<{ code?: string; message?: string }>("error", (e) => {
        toast(e?.message || e?.code || "Refused", "error");
      }),
    );
    offs.push(session.onMessage<Record<string, unknown>>("event", (e) => sink.event(e)));
    offs.push(session.onMessage("seat", () => sink.refresh()));
    offs.push(session.onMessage("welcome", () => sink.refresh()));
    return () => {
      for (const off of unbind) off();
      for (const off of offs) off();
    };
  }
}

type Off = () => void;

/** The slice of colyseus.js's callback proxy (getStateCallbacks) this binder uses, typed to the board's fields. */
interface ListCallbacks<T, K = number> {
  onAdd(fn: (item: T, index: K) => void): Off;
  onRemove(fn: (item: T, index: K) => void): Off;
  onChange(fn: (item: T, index: K) => void): Off;
}
interface BoardCallbacks {
  onChange(fn: () => void): Off;
  listen(field: "cellRows", fn: (rows: ReadonlyMap<string, string> | undefined) => void): Off;
  seats: ListCallbacks<object>;
  credits: ListCallbacks<number>;
  cursors: ListCallbacks<object>;
}
interface BoardCallbackProxy {
  (board: BoardSchemaLike): BoardCallbacks;
  (rows: ReadonlyMap<string, string>): ListCallbacks<string, string>;
  (child: object): { onChange(fn: () => void): Off };
}

/** A board-shaped schema object: the room state, or a race seat's private board. */
export type BoardSchemaLike = BoardStateLike & { serverTime?: number };

/**
 * Binds the schema callbacks of a board-shaped schema object (`target`, the
 * room state or a child schema with the same fields) to a sink, decoding its `cellRows` into
 * `board`: a changed row reaches the sink as that row (cellRow). Returns the
 * unbinders. `onServerTime` receives serverTime samples when the target has one.
 */
export function bindBoardSchema(room: Room, target: BoardSchemaLike, sink: BoardSink, board: BoardCells, onServerTime?: (t: number) => void): (() => void)[] {
  // colyseus.js types the proxy by the schema classes, which live on the server: this is their shape
  const $ = getStateCallbacks(room) as unknown as BoardCallbackProxy;
  const state = target;
  const $s = $(state);
  const offs: (() => void)[] = [];
  offs.push(
    $s.onChange(() => {
      if (onServerTime && typeof state.serverTime === "number" && state.serverTime > 0) onServerTime(state.serverTime);
      sink.scalars(state);
    }),
  );
  let offCells: (() => void) | null = null;
  const whole = (map: ReadonlyMap<string, string>) => {
    const rows = rowList(map);
    sink.cells(board.reset(rows, Math.max(Number(state.rows) || 0, rows.length), Number(state.cols) || 0));
  };
  const row = (key: string, str: string, map: ReadonlyMap<string, string>) => {
    const r = Number(key);
    const read = board.row(r, str);
    if (read === "misfit") return whole(map);
    if (read === "changed") sink.cellRow(r, board.codes);
  };
  offs.push(
    $s.listen("cellRows", (map) => {
      offCells?.();
      if (!map) return;
      // A row of another size (a board of new dimensions) re-reads the whole board.
      offCells = $(map).onChange((str, key) => row(key, str, map));
      whole(map);
    }),
  );
  offs.push(() => offCells?.());
  if (state.seats !== undefined) {
    offs.push(
      $s.seats.onAdd((seat) => {
        offs.push($(seat).onChange(() => sink.seats(state)));
        sink.seats(state);
      }),
    );
    offs.push($s.seats.onRemove(() => sink.seats(state)));
  }
  if (state.credits !== undefined) offs.push($s.credits.onChange(() => sink.seats(state)));
  if (state.cursors !== undefined) {
    offs.push(
      $s.cursors.onAdd((cursor, index) => {
        offs.push($(cursor).onChange(() => sink.cursor(state, index)));
        sink.cursor(state, index);
      }),
    );
  }
  return offs;
}
