// The race's board feed (docs/protocol.md, "Minesweeper versus race"): the race room's
// state as this client reads it, turned into the one board the scene draws — your own
// private board while racing, any racer's public final board after the race.
import type { Room } from "colyseus.js";
import { CELL } from "../../../common/minesweeper/types";
import type { RoomSession } from "../../net/session";
import type { PartialWire } from "../../net/wire";
import type { RaceBoard, RaceRoomState, RaceSeat } from "../../../server/rooms/minesweeper/RaceState";
import { SnapshotFeed, type BoardSnapshot } from "./local";
import { BoardCells, rowList } from "./boardCells";

/** A race seat's own board (RaceBoard): only that seat's connection receives it. */
export type RaceBoardWire = PartialWire<RaceBoard>;
/** One seat's public standing (RaceSeat), and its board when it is yours. */
export type RaceSeatWire = PartialWire<RaceSeat>;
/** The race room's state as this client decodes it (server/rooms/minesweeper/RaceState.ts), read defensively. */
export type RaceWire = PartialWire<RaceRoomState>;

export const num = (v: unknown, d = 0) => (typeof v === "number" && Number.isFinite(v) ? v : d);

/** The race's board feed: your own board, or (after the race) any racer's final board. */
export class RaceFeed extends SnapshotFeed {
  /** Room seat whose board is shown; null = your own (or nothing, for a spectator). */
  viewing: number | null = null;
  /** The shown board's row strings decoded; `source` says whose (a change of board re-reads all). */
  private decoded = new BoardCells();
  private source = "";

  constructor(private readonly session: RoomSession) {
    super({
      seat: null,
      clock: () => session.clock.now(),
      send: (type, payload) => session.send(type, payload),
    });
  }

  get room(): Room | null {
    return this.session.room;
  }

  /** The race room's state (null before the first patch). */
  raceState(): RaceWire | null {
    return (this.session.room?.state as RaceWire | undefined) ?? null;
  }

  mySeat(): number | null {
    const s = this.session.seat;
    return this.session.spectator || s === null || s < 0 ? null : s;
  }

  /** The seat whose board is on screen. */
  shownSeat(): number | null {
    return this.viewing ?? this.mySeat();
  }

  seat(): number | null {
    // moves only on your own board
    const me = this.mySeat();
    return this.viewing === null || this.viewing === me ? me : null;
  }
  spectator(): boolean {
    return this.session.spectator;
  }
  connected(): boolean {
    // moves only while the race runs (the scene also checks your board's phase)
    return this.session.status.kind === "connected" && String(this.raceState()?.phase) === "racing";
  }

  /** The codes of `rows` (whose board: `key`), decoding only the rows whose string changed. */
  private readRows(key: string, map: ReadonlyMap<string, string>, nRows: number, cols: number): Uint8Array {
    const rows = rowList(map);
    if (key !== this.source || this.decoded.cols !== cols || !this.decoded.sync(rows)) {
      this.decoded = new BoardCells();
      this.decoded.reset(rows, nRows, cols);
      this.source = key;
    }
    // a copy: the snapshot feed diffs the next snapshot against this one
    return this.decoded.codes.slice();
  }

  /** Rebuilds the snapshot from the room state and shows it. */
  refreshFrom(state: RaceWire | null): void {
    if (!state) return;
    const rows = num(state.rows);
    const cols = num(state.cols);
    if (!rows || !cols) return;
    const n = rows * cols;
    const racePhase = String(state.phase ?? "waiting");
    const goAt = num(state.goAt);
    const seat = this.shownSeat();
    const player = seat !== null ? state.players?.[seat] : undefined;
    const own = seat !== null && seat === this.mySeat();
    const board = own ? player?.board : undefined;
    let cells: Uint8Array = new Uint8Array(n).fill(CELL.HIDDEN);
    let phase = "fresh";
    let flags = 0;
    let hit = -1;
    const started = (racePhase === "racing" || racePhase === "over") && goAt > 0;
    if (started) {
      if (own && board && (board.cellRows?.size ?? 0) > 0) {
        cells = this.readRows(`own ${seat}`, board.cellRows!, rows, cols);
        phase = String(board.phase || "active");
        flags = num(board.flags);
        hit = num(board.hit, -1);
      } else if (player && (player.cellRows?.size ?? 0) > 0) {
        // a public final board (after the race)
        cells = this.readRows(`public ${seat}`, player.cellRows!, rows, cols);
        phase = player.finished ? "won" : player.inRace && !player.alive ? "lost" : "active";
        for (let i = 0; i < n; i++) if (cells[i] === CELL.FLAG || cells[i] === CELL.FLAGGED_MINE || cells[i] === CELL.WRONG_FLAG) flags++;
        hit = cells.indexOf(CELL.HIT_MINE);
      } else if (racePhase === "racing") {
        phase = "active"; // a spectator: the clock runs, the boards stay private
      }
    }
    const startedAt = started ? goAt : 0;
    let endedAt = 0;
    if (started) {
      const finishMs = num(player?.finishMs, -1);
      const outMs = num(player?.outMs, -1);
      if (player?.inRace && player.finished && finishMs >= 0) endedAt = goAt + finishMs;
      else if (player?.inRace && outMs >= 0) endedAt = goAt + outMs;
      else if (racePhase === "over" && num(state.endedAt) > 0) endedAt = num(state.endedAt);
    }
    const snap: BoardSnapshot = {
      mode: "race",
      level: String(state.level ?? ""),
      noGuess: String(state.noGuess ?? "off"),
      phase,
      rows,
      cols,
      mines: num(state.mines),
      flags,
      cells,
      startedAt,
      endedAt,
      elapsed: endedAt && startedAt ? endedAt - startedAt : 0,
      hit,
      maxSeats: num(state.maxSeats, 2),
      owner: num(state.owner, -1),
      spectators: num(state.spectators),
    };
    this.publish(snap);
  }
}

