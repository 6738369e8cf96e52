// The versus race's state (docs/protocol.md, "Minesweeper versus race").
//
// Public: the race phase and clock, and per seat only its progress (percent,
// alive, finish time, rank). Each seat's own board lives in `players[s].board`,
// tagged `@view()`: only that seat's StateView holds it, so no other racer and
// no spectator ever receives its cells. Its `cellRows` array (one run-length string per
// row, common/minesweeper/rowCode.ts) is untagged inside the tagged child, so rows written
// later stay visible to the owner (STACK.md). It is a map keyed by row index, holding every
// row from creation (MinesweeperState.ts says why a map: an array's row 0 broke on reconnect). Once the race is over every board is copied into the
// public `players[s].cellRows`.
// Mines never appear in either while a race runs (a racer who hit one sees that one).

import { ArraySchema, MapSchema, Schema, type, view } from "@colyseus/schema";
import { GameRoomState } from "../game/GameRoomState.js";

/** One seat's own board: only that seat's connection receives it. */
export class RaceBoard extends Schema {
  /** One row string per board row; codes 0..8 open, 9 hidden, 10 flag, 13 the mine you hit; 11..14 after the race. */
  @type({ map: "string" }) cellRows = new MapSchema<string>();
  /** This board's phase: fresh (before go), active, won, lost. */
  @type("string") phase = "fresh";
  @type("uint16") flags = 0;
  /** The mine this seat hit; −1 none. */
  @type("int32") hit = -1;
}

/** A seat's public standing in the current (or last) race, and its private board. */
export class RaceSeat extends Schema {
  /** Races in the current race (or raced in the last one). */
  @type("boolean") inRace = false;
  /** Safe cells open, percent, rounded down to 0.1. */
  @type("float64") percent = 0;
  @type("boolean") alive = false;
  @type("boolean") finished = false;
  /** ms from go to clearing the board; −1 if not finished. */
  @type("float64") finishMs = -1;
  /** ms from go to hitting a mine or resigning; −1 while alive. */
  @type("float64") outMs = -1;
  /** 1-based place once the race is over; 0 before. */
  @type("uint8") rank = 0;
  /** The whole final board as row strings by row index, public once the race is over; empty before. */
  @type({ map: "string" }) cellRows = new MapSchema<string>();
  /** This seat's own board: in this seat's StateView only. */
  @view() @type(RaceBoard) board = new RaceBoard();
}

export class RaceRoomState extends GameRoomState {
  @type("string") level = "";
  @type("uint8") rows = 0;
  @type("uint8") cols = 0;
  @type("uint16") mines = 0;
  /** No-guess race: "off", "on" (before go), "proven", or "fallback" (see MinesweeperState). */
  @type("string") noGuess = "off";
  /** Races started in this room. */
  @type("uint16") raceNo = 0;
  /** Server time (ms) the go fires; 0 when no countdown runs. */
  @type("float64") countdownEndsAt = 0;
  /** Server time of the current / last go; 0 before the first. */
  @type("float64") goAt = 0;
  /** Server time the last race ended; 0 while racing or before. */
  @type("float64") endedAt = 0;
  /** Room seat that cleared first; −1 none. */
  @type("int8") winner = -1;
  @type([RaceSeat]) players = new ArraySchema<RaceSeat>();
}
