// Versus race (docs/protocol.md, "Minesweeper versus race") on the generic game room:
// 2–8 seats, each on a private copy of one board (common/minesweeper/race.ts decides every
// rule). The room does the rest: everyone ready (or the owner's start) → a countdown → the
// go (the definition's room move, with the server time), seats → race seats, resigning a
// racer who left (the definition's leave move), records.
//
// Minesweeper's own here: the schema (each racer's board in its @view() child, everyone's
// progress in public fields, every board public once the race is over), the events as the
// race's clients know them, and the record and `result` event. Nothing about another
// racer's cells reaches anyone before the race is over.

import { SAVING } from "../../store/SaveQueue.js";
import {
  CELL,
  encodeRows,
  minesweeperRaceDef,
  noGuessStatus,
  RACE_COUNTDOWN_MS,
  RACE_MIN_SEATS,
  raceProgress,
  raceRanking,
  raceStats,
  rankLevel,
  viewRace,
  type MinesweeperConfig,
  type MinesweeperView,
  type RaceEvent,
  type RaceMove,
  type RaceState,
  type RaceView,
} from "../../../common/minesweeper/index.js";
import { sizeEncoderForEntries } from "../base/encodeBuffer.js";
import type { HubEvent } from "../base/SeatedRoom.js";
import type { GameServerParts, Stage } from "../game/GameRoom.js";
import { announce } from "./board.js";
import { writeBoardSize } from "./MinesweeperState.js";
import { RaceRoomState, RaceSeat, type RaceBoard } from "./RaceState.js";
import { ShownRows } from "./shownRows.js";

/** The codes currently in players[seat].board.cellRows, per room seat, per room state. */
const shownBoards = new WeakMap<RaceRoomState, ShownRows[]>();

const PHASES: Record<Stage, string> = { waiting: "waiting", countdown: "countdown", playing: "racing", finished: "over" };

function writeBoard(st: RaceRoomState, seat: number, view: MinesweeperView, over: boolean, hit: number | null): void {
  const board: RaceBoard = st.players[seat].board;
  const shown = shownBoards.get(st)![seat];
  const codes = view.cells;
  if (!over) {
    // Defence in depth: a running race shows no mine but the one this racer hit.
    for (let i = 0; i < codes.length; i++) {
      if (codes[i] > CELL.FLAG && codes[i] !== CELL.HIT_MINE) throw new Error(`race board exposed code ${codes[i]} while racing`);
    }
  }
  for (let i = 0; i < codes.length; i++) shown.show(i, codes[i]);
  shown.flush(board.cellRows);
  board.phase = view.phase;
  board.flags = view.flags;
  board.hit = view.phase === "lost" && hit !== null ? hit : -1;
}

function writeProgress(st: RaceRoomState, race: RaceState, room: (raceSeat: number) => number): void {
  raceProgress(race).forEach((p, raceSeat) => {
    const pub = st.players[room(raceSeat)];
    if (pub.percent !== p.percent) pub.percent = p.percent;
    pub.alive = p.alive;
    pub.finished = p.finished;
    pub.finishMs = p.finishMs ?? -1;
    pub.outMs = p.outMs ?? -1;
    pub.rank = p.rank ?? 0;
  });
}

/** Clears a seat's standing and private board (before a race, or for a newcomer). */
function resetSeat(st: RaceRoomState, seat: number): void {
  const pub = st.players[seat];
  pub.inRace = false;
  pub.percent = 0;
  pub.alive = false;
  pub.finished = false;
  pub.finishMs = -1;
  pub.outMs = -1;
  pub.rank = 0;
  if (pub.cellRows.size > 0) pub.cellRows.clear();
  const shown = shownBoards.get(st)![seat];
  shown.hideAll();
  shown.flush(pub.board.cellRows);
  pub.board.phase = "fresh";
  pub.board.flags = 0;
  pub.board.hit = -1;
}

/** A race event as the race's clients know it: room seats for race seats. */
function toWire(e: RaceEvent, room: (raceSeat: number | null) => number, info: { gameNo: number; order: readonly number[] }): HubEvent {
  switch (e.kind) {
    case "go":
      return { kind: "go", at: e.at, raceNo: info.gameNo, seats: info.order.slice() };
    case "board":
      return { ...announce(e.event), seat: room(e.seat) };
    case "progress":
      return { kind: "progress", seat: room(e.seat), percent: e.percent };
    case "out":
      return { kind: "out", seat: room(e.seat), reason: e.reason, elapsed: e.elapsed };
    case "finished":
      return { kind: "finished", seat: room(e.seat), elapsed: e.elapsed };
    case "over":
      return { kind: "over", winner: e.winner === null ? -1 : room(e.winner), ranking: e.ranking.map((r) => room(r)), elapsed: e.elapsed };
  }
}

export const raceParts: GameServerParts<RaceState, RaceMove, RaceEvent, MinesweeperConfig, RaceView, RaceRoomState> = {
  def: minesweeperRaceDef,
  starts: {
    // Every racer who is here ready (at least two): the countdown starts; anyone un-readying
    // stops it. A racer who is away neither counts nor holds the others up, and is not in the race.
    when: (seats) => {
      const here = seats.filter((s) => s.occupied && s.connected);
      return here.length >= RACE_MIN_SEATS && here.every((s) => s.ready);
    },
    presentOnly: true,
    countdown: {
      ms: (settings) => (settings as { raceCountdownMs?: number }).raceCountdownMs ?? RACE_COUNTDOWN_MS,
      show: (st, endsAt) => void (st.countdownEndsAt = endsAt),
    },
    // The go event starts a race (the definition's room move, sent with the start).
    event: () => null,
  },
  words: {
    // A race whose go is still being made (a no-guess board on a worker thread: preparing.ts) is not racing yet.
    phase: (stage, race) => (stage === "playing" && race?.phase === "waiting" ? PHASES.countdown : PHASES[stage]),
    refusals: {
      "not-playing": { code: "not-started", message: "The race has not started yet: wait for the go signal." },
      "game-over": { code: "race-over", message: "The race is over; get ready for the next one." },
      "not-in-game": { code: "not-in-race", message: "You are not in this race; you can race in the next one." },
      "already-running": { code: "not-allowed", message: "A race is already on its way." },
      "too-few": { code: "too-few-players", message: `A race needs at least ${RACE_MIN_SEATS} players.` },
    },
  },
  seats: {
    // A dropped racer keeps the seat (and the board) while still in the race; otherwise the seat goes.
    holds: (race, raceSeat) => raceProgress(race)[raceSeat].alive,
    releaseAtEnd: true,
    keepsReady: true,
  },
  cells: (c) => c.config.rows * c.config.cols * c.seats,
  metadata: (c) => ({ level: c.config.level, noGuess: c.config.noGuess === true }),
  createState({ config, seats }) {
    const state = new RaceRoomState();
    writeBoardSize(state, config);
    // Each racer's board twice: in its own view while racing, in public after.
    sizeEncoderForEntries(2 * seats * config.rows * config.cols);
    const shown: ShownRows[] = [];
    for (let s = 0; s < seats; s++) {
      const seat = new RaceSeat();
      const rows = new ShownRows(config.rows, config.cols);
      rows.fillHidden(seat.board.cellRows);
      state.players.push(seat);
      shown.push(rows);
    }
    shownBoards.set(state, shown);
    return state;
  },
  privateState: (st, seat) => st.players[seat]?.board,
  seatTaken(st, seat, reclaimed, playing) {
    // A newcomer starts clean (the previous occupant's result stays in the record).
    if (!reclaimed && !playing) resetSeat(st, seat);
  },
  toWire,

  /** The given racers' own boards into their private children, everyone's progress in public. */
  project(st, p) {
    const race = p.state;
    const room = (raceSeat: number) => p.room(raceSeat);
    if (p.fresh) {
      for (let seat = 0; seat < st.players.length; seat++) resetSeat(st, seat);
      for (let raceSeat = 0; raceSeat < race.seats; raceSeat++) {
        st.players[room(raceSeat)].inRace = true;
        st.players[room(raceSeat)].alive = true;
      }
      st.raceNo = p.gameNo;
      st.endedAt = 0;
      st.winner = -1;
    }
    st.goAt = race.goAt ?? 0;
    const noGuess = noGuessStatus(race.boards[0]);
    if (st.noGuess !== noGuess) st.noGuess = noGuess;
    const over = race.phase === "over";
    const everyone = p.fresh || over || (p.events ?? []).some((e) => e.kind === "go");
    const seats = everyone ? Array.from({ length: race.seats }, (_, i) => i) : p.mover === null ? [] : [p.mover];
    if (over) {
      // Every board public, ranks, the winner.
      st.endedAt = race.endedAt ?? 0;
      st.winner = race.winner === null ? -1 : room(race.winner);
      viewRace(race, null).boards!.forEach((view, raceSeat) => {
        writeBoard(st, room(raceSeat), view, true, race.boards[raceSeat].hitIndex);
        const pub = st.players[room(raceSeat)];
        pub.cellRows.clear();
        encodeRows(view.cells, view.cols).forEach((row, r) => pub.cellRows.set(String(r), row));
      });
    } else {
      for (const raceSeat of seats) writeBoard(st, room(raceSeat), viewRace(race, raceSeat).own!, false, race.boards[raceSeat].hitIndex);
    }
    writeProgress(st, race, room);
  },

  record(info) {
    const s = info.state;
    const goAt = s.goAt ?? info.now;
    const endedAt = s.endedAt ?? info.now;
    return {
      seats: info.names.slice(),
      startedAt: goAt,
      endedAt,
      level: rankLevel(info.configured.config),
      name: "",
      timeMs: endedAt - goAt,
      stats: raceStats(s, info.log),
      ranked: false,
      source: "server",
      finishedAt: endedAt,
      summary: { winner: s.winner, ranking: raceRanking(s), roomSeats: info.order.slice() },
    };
  },
  results: {
    ended(st, info) {
      // 0 while the record waits in the store's queue ("result not saved yet"), −1 if lost,
      // −2 (SAVING) while a store on another machine writes it (`saved` follows in a moment).
      const s = info.state;
      const stats = raceStats(s, info.log);
      const progress = raceProgress(s);
      return {
        kind: "result",
        replayId: info.replayId,
        saved: info.replayId > 0 || info.replayId === SAVING,
        ranking: raceRanking(s).map((raceSeat, k) => ({
          seat: info.order[raceSeat],
          name: info.names[raceSeat],
          rank: k + 1,
          finished: progress[raceSeat].finished,
          finishMs: progress[raceSeat].finishMs ?? -1,
          percent: progress[raceSeat].percent,
          stats: stats[raceSeat],
        })),
      };
    },
    saved(st, replayId) {
      // Written late (the store was failing): this race is still the room's last.
      return { kind: "saved", replayId };
    },
  },
};
