// Versus race (docs/protocol.md, "Minesweeper versus race"): 2–8 seats, each on
// a private copy of one board (common/minesweeper/race.ts decides every rule).
//
// The room's part: the ready / start countdown, the go signal (a logged move
// with the server time), mapping room seats ⇄ race seats, projecting each
// racer's own board into its @view() child and everyone's progress into public
// fields, filtering events per viewer with raceEventsFor, resigning racers who
// left, recording the finished race. Nothing about another racer's cells reaches
// anyone before the race is over.

import type { Delayed } from "@colyseus/core";
import { GameSession } from "../../../common/core/session.js";
import type { Rejection } from "../../../common/core/rules.js";
import {
  CELL,
  minesweeperRaceDef,
  RACE_MIN_SEATS,
  RACE_COUNTDOWN_MS,
  raceEventsFor,
  raceProgress,
  raceRanking,
  raceRules,
  raceStats,
  viewRace,
  type MinesweeperConfig,
  type MinesweeperMove,
  type MinesweeperView,
  type RaceEvent,
  type RaceMove,
  type RaceState,
  type RaceView,
} from "../../../common/minesweeper/index.js";
import type { HubEvent, MoveContext, SenderContext } from "../base/SeatedRoom.js";
import { emptyPayload, ok } from "../base/validate.js";
import { randomSeed, type ModeGame, type ModeHost } from "./modes.js";
import { RaceRoomState, RaceSeat, type RaceBoard } from "./RaceState.js";

export type RaceSession = GameSession<RaceState, RaceMove, RaceEvent, MinesweeperConfig, RaceView>;

type Resting = "waiting" | "over";

interface Countdown {
  timer: Delayed;
  /** Started by the owner's `start` (un-readying does not cancel it). */
  byOwner: boolean;
  /** The phase to go back to if it is cancelled. */
  resume: Resting;
}


export class RaceMode implements ModeGame {
  readonly state = new RaceRoomState();
  /** The current / last race (server truth; never sent). Null before the first go. */
  race: RaceSession | null = null;
  /** Room seat of each race seat, in race-seat order. */
  racers: number[] = [];
  /** Display names of the racers at the go, in race-seat order. */
  private racerNames: string[] = [];
  /** Race seat of each room seat (−1: not racing). */
  private raceSeatOf: number[];
  /** Codes currently in players[seat].board.cells, per room seat. */
  private shown: Uint8Array[];
  private countdown: Countdown | null = null;
  private recorded = true;

  constructor(
    private readonly host: ModeHost,
    readonly seats: number,
    private readonly config: MinesweeperConfig,
  ) {
    const state = this.state;
    state.phase = "waiting";
    state.level = config.level;
    state.rows = config.rows;
    state.cols = config.cols;
    state.mines = config.mines;
    const cells = config.rows * config.cols;
    this.raceSeatOf = new Array<number>(seats).fill(-1);
    this.shown = [];
    for (let s = 0; s < seats; s++) {
      const seat = new RaceSeat();
      for (let i = 0; i < cells; i++) seat.board.cells.push(CELL.HIDDEN);
      state.players.push(seat);
      this.shown.push(new Uint8Array(cells).fill(CELL.HIDDEN));
    }

    // The payloads' one parser: the race definition's (common/minesweeper/game.ts).
    for (const type of minesweeperRaceDef.moveTypes) {
      host.defineMessage<RaceMove>(type, {
        parse: (payload) => minesweeperRaceDef.parseMove(type, payload, config),
        run: (ctx, move) => this.play(ctx, move as MinesweeperMove),
      });
    }
    host.defineMessage("restart", {
      parse: emptyPayload,
      run: () => ({ code: "not-allowed", message: "A race has no restart: send ready for the next race." }),
    });
    host.defineMessage<unknown>("cursor", {
      bucket: "cursor",
      patchNow: false,
      parse: (payload) => ok(payload),
      run: () => ({ code: "not-allowed", message: "Nobody sees where you point in a race." }),
    });
  }

  // ---- moves ----------------------------------------------------------------

  private play(ctx: SenderContext, move: MinesweeperMove): Rejection | void {
    const phase = this.state.phase;
    if (phase === "waiting" || phase === "countdown") return { code: "not-started", message: "The race has not started yet: wait for the go signal." };
    if (phase !== "racing" || !this.race) return { code: "race-over", message: "The race is over; get ready for the next one." };
    const raceSeat = this.raceSeatOf[ctx.seat];
    if (raceSeat < 0) return { code: "not-in-race", message: "You are not in this race; you can race in the next one." };
    return this.apply(ctx, raceSeat, move);
  }

  /** Applies a race move (a player's, or a resignation) and announces it. */
  private apply(ctx: MoveContext, raceSeat: number, move: RaceMove): Rejection | void {
    const race = this.race!;
    const result = race.apply(raceSeat, move, ctx.now);
    if (!result.ok) return result.error;
    this.project([raceSeat]);
    this.announce(ctx, result.events);
    if (race.state.phase === "over") this.finish(ctx);
  }

  /** The go signal: a new seed, the seats occupied now race, the opening is revealed for all. */
  private go(ctx: MoveContext, countdown: Countdown): Rejection | void | false {
    if (this.countdown !== countdown) return false; // cancelled meanwhile
    this.countdown = null;
    this.state.countdownEndsAt = 0;
    const racers = this.occupiedSeats();
    if (racers.length < RACE_MIN_SEATS) {
      this.state.phase = countdown.resume;
      ctx.emit({ kind: "countdown-cancelled" });
      return;
    }
    const race: RaceSession = new GameSession(raceRules, randomSeed(), this.config, racers.length);
    const result = race.apply(0, { type: "go" }, ctx.now);
    if (!result.ok) throw new Error(`race go refused: ${result.error.message}`);

    this.race = race;
    this.racers = racers;
    this.racerNames = racers.map((s) => this.host.seatNames()[s]);
    this.raceSeatOf.fill(-1);
    racers.forEach((seat, raceSeat) => (this.raceSeatOf[seat] = raceSeat));
    this.recorded = false;

    const st = this.state;
    for (let seat = 0; seat < this.seats; seat++) {
      this.resetSeat(seat);
      st.seats[seat].ready = false;
    }
    for (const seat of racers) {
      st.players[seat].inRace = true;
      st.players[seat].alive = true;
    }
    st.raceNo++;
    st.goAt = race.state.goAt!;
    st.endedAt = 0;
    st.winner = -1;
    st.replayId = -1;
    st.phase = "racing";
    this.project(racers.map((_, raceSeat) => raceSeat));
    this.announce(ctx, result.events);
    if (race.state.phase === "over") this.finish(ctx);
  }

  private resign(ctx: MoveContext, seat: number): Rejection | void | false {
    const raceSeat = this.raceSeatOf[seat];
    if (this.state.phase !== "racing" || !this.race || raceSeat < 0) return false;
    const progress = raceProgress(this.race.state)[raceSeat];
    if (!progress.alive) return false;
    return this.apply(ctx, raceSeat, { type: "resign" });
  }

  /** The race is over: every board public, ranks, the record, the result event. */
  private finish(ctx: MoveContext): void {
    const race = this.race!;
    const s = race.state;
    const st = this.state;
    st.phase = "over";
    st.endedAt = s.endedAt ?? ctx.now;
    st.winner = s.winner === null ? -1 : this.racers[s.winner];
    const finals = viewRace(s, null).boards!;
    finals.forEach((view, raceSeat) => {
      const seat = this.racers[raceSeat];
      this.writeBoard(seat, view, true);
      const pub = st.players[seat];
      pub.cells.clear();
      for (const code of view.cells) pub.cells.push(code);
    });
    this.writeProgress();

    const stats = raceStats(s, race.log);
    const ranking = raceRanking(s);
    const progress = raceProgress(s);
    const raceNo = st.raceNo;
    const id = this.recordRace(s.winner === null ? "lost" : "won", ctx.now, (later, saved) => {
      // Written late (the store was failing): tell the room if this race is still the last one.
      if (this.state.raceNo !== raceNo || this.state.phase === "racing") return false;
      this.state.replayId = saved;
      later.emit({ kind: "saved", replayId: saved });
    });
    // 0 while the record waits in the store's queue ("result not saved yet"), −1 if lost.
    st.replayId = id ?? -1;
    ctx.emit({
      kind: "result",
      replayId: id ?? -1,
      saved: (id ?? 0) > 0,
      ranking: ranking.map((raceSeat, k) => ({
        seat: this.racers[raceSeat],
        name: this.racerNames[raceSeat],
        rank: k + 1,
        finished: progress[raceSeat].finished,
        finishMs: progress[raceSeat].finishMs ?? -1,
        percent: progress[raceSeat].percent,
        stats: stats[raceSeat],
      })),
    });
    // A dropped racer's seat has nothing left to protect.
    this.host.releaseHeldSeats();
    // `ready` pressed during the race counts for the next one.
    this.checkCountdown(ctx);
  }

  private recordRace(result: string, now: number, onSaved?: (ctx: MoveContext, id: number) => void | false): number | null {
    if (this.recorded || !this.race) return null;
    this.recorded = true;
    const race = this.race;
    const s = race.state;
    const goAt = s.goAt ?? now;
    const endedAt = s.endedAt ?? now;
    return this.host.record({
      seed: race.seed,
      config: race.config,
      seats: this.racerNames.slice(),
      log: race.log.map((m) => ({ seat: m.seat, move: m.move, t: m.t })),
      result,
      startedAt: goAt,
      endedAt,
      mode: "race",
      level: this.config.level,
      name: "",
      timeMs: endedAt - goAt,
      stats: raceStats(s, race.log),
      ranked: false,
      source: "server",
      finishedAt: endedAt,
      summary: { winner: s.winner, ranking: raceRanking(s), roomSeats: this.racers.slice() },
    }, onSaved);
  }

  // ---- projection -------------------------------------------------------------

  /** Writes the given racers' own boards into their private children, and everyone's progress. */
  private project(raceSeats: number[]): void {
    const s = this.race!.state;
    for (const raceSeat of raceSeats) {
      const own = viewRace(s, raceSeat).own!;
      this.writeBoard(this.racers[raceSeat], own, s.phase === "over");
    }
    this.writeProgress();
  }

  private writeBoard(seat: number, view: MinesweeperView, over: boolean): void {
    const board: RaceBoard = this.state.players[seat].board;
    const shown = this.shown[seat];
    const codes = view.cells;
    if (!over) {
      // Defence in depth: a running race shows no mine but the one this racer hit.
      for (let i = 0; i < codes.length; i++) {
        if (codes[i] > CELL.FLAG && codes[i] !== CELL.HIT_MINE) throw new Error(`race board exposed code ${codes[i]} while racing`);
      }
    }
    for (let i = 0; i < codes.length; i++) {
      if (codes[i] !== shown[i]) {
        board.cells[i] = codes[i];
        shown[i] = codes[i];
      }
    }
    board.phase = view.phase;
    board.flags = view.flags;
    const hit = this.race!.state.boards[this.raceSeatOf[seat]]?.hitIndex ?? null;
    board.hit = view.phase === "lost" && hit !== null ? hit : -1;
  }

  private writeProgress(): void {
    const progress = raceProgress(this.race!.state);
    progress.forEach((p, raceSeat) => {
      const pub = this.state.players[this.racers[raceSeat]];
      if (pub.percent !== p.percent) pub.percent = p.percent;
      pub.alive = p.alive;
      pub.finished = p.finished;
      pub.finishMs = p.finishMs ?? -1;
      pub.outMs = p.outMs ?? -1;
      pub.rank = p.rank ?? 0;
    });
  }

  /** Clears a seat's standing and private board (before a race, or for a newcomer). */
  private resetSeat(seat: number): void {
    const pub = this.state.players[seat];
    pub.inRace = false;
    pub.percent = 0;
    pub.alive = false;
    pub.finished = false;
    pub.finishMs = -1;
    pub.outMs = -1;
    pub.rank = 0;
    if (pub.cells.length > 0) pub.cells.clear();
    const shown = this.shown[seat];
    for (let i = 0; i < shown.length; i++) {
      if (shown[i] !== CELL.HIDDEN) {
        pub.board.cells[i] = CELL.HIDDEN;
        shown[i] = CELL.HIDDEN;
      }
    }
    pub.board.phase = "fresh";
    pub.board.flags = 0;
    pub.board.hit = -1;
  }

  /** Sends each connection the events it may see: public ones, and its own board's. */
  private announce(ctx: MoveContext, events: RaceEvent[]): void {
    const racers = this.racers.slice();
    const raceSeatOf = this.raceSeatOf.slice();
    const raceNo = this.state.raceNo;
    const toWire = (e: RaceEvent): HubEvent => {
      switch (e.kind) {
        case "go":
          return { kind: "go", at: e.at, raceNo, seats: racers };
        case "board":
          return { ...e.event, seat: racers[e.seat] };
        case "progress":
          return { kind: "progress", seat: racers[e.seat], percent: e.percent };
        case "out":
          return { kind: "out", seat: racers[e.seat], reason: e.reason, elapsed: e.elapsed };
        case "finished":
          return { kind: "finished", seat: racers[e.seat], elapsed: e.elapsed };
        case "over":
          return { kind: "over", winner: e.winner === null ? -1 : racers[e.winner], ranking: e.ranking.map((r) => racers[r]), elapsed: e.elapsed };
      }
    };
    ctx.emitPer((viewer) => {
      const raceSeat = viewer >= 0 && viewer < raceSeatOf.length && raceSeatOf[viewer] >= 0 ? raceSeatOf[viewer] : null;
      return raceEventsFor(events, raceSeat).map(toWire);
    });
  }

  // ---- ready, start, countdown ---------------------------------------------------

  private occupiedSeats(): number[] {
    const out: number[] = [];
    this.state.seats.forEach((s, seat) => {
      if (s.occupied) out.push(seat);
    });
    return out;
  }

  private allReady(): boolean {
    const seated = this.occupiedSeats();
    return seated.length >= RACE_MIN_SEATS && seated.every((seat) => this.state.seats[seat].ready);
  }

  private resting(): boolean {
    return this.state.phase === "waiting" || this.state.phase === "over";
  }

  private startCountdown(ctx: MoveContext, byOwner: boolean): void {
    const ms = this.host.settings.raceCountdownMs ?? RACE_COUNTDOWN_MS;
    const resume = this.state.phase as Resting;
    const countdown: Countdown = { timer: null as unknown as Delayed, byOwner, resume };
    countdown.timer = this.host.later(ms, () => {
      const first = this.occupiedSeats()[0] ?? 0;
      this.host.serverMove(first, (goCtx) => this.go(goCtx, countdown), "race go");
    });
    this.countdown = countdown;
    this.state.phase = "countdown";
    this.state.countdownEndsAt = ctx.now + ms;
    ctx.emit({ kind: "countdown", endsAt: this.state.countdownEndsAt, seats: this.occupiedSeats() });
  }

  private cancelCountdown(ctx: MoveContext): void {
    const countdown = this.countdown!;
    countdown.timer.clear();
    this.countdown = null;
    this.state.phase = countdown.resume;
    this.state.countdownEndsAt = 0;
    ctx.emit({ kind: "countdown-cancelled" });
  }

  /** After a change of seats or readiness: start or cancel the countdown. False: nothing to do. */
  private checkCountdown(ctx: MoveContext): void | false {
    if (this.resting() && this.allReady()) return this.startCountdown(ctx, false);
    if (this.state.phase === "countdown" && this.countdown) {
      if (this.occupiedSeats().length < RACE_MIN_SEATS) return this.cancelCountdown(ctx);
      if (!this.countdown.byOwner && !this.allReady()) return this.cancelCountdown(ctx);
    }
    return false;
  }

  onReadyChanged(seat: number): void {
    // Runs right after the `ready` message's own patch, with its events after that.
    this.host.serverMove(seat, (ctx) => this.checkCountdown(ctx), "race ready");
  }

  onStart(ctx: SenderContext): Rejection | void {
    if (!this.resting()) return { code: "not-allowed", message: "A race is already on its way." };
    if (this.occupiedSeats().length < RACE_MIN_SEATS) return { code: "too-few-players", message: `A race needs at least ${RACE_MIN_SEATS} players.` };
    this.startCountdown(ctx, true);
  }

  // ---- seats ----------------------------------------------------------------------

  onSeatTaken(seat: number, reclaimed: boolean): void {
    // A newcomer starts clean (the previous occupant's result stays in the record).
    if (!reclaimed && this.resting()) this.resetSeat(seat);
  }

  onSeatFreed(seat: number): void {
    this.host.serverMove(
      seat,
      (ctx) => {
        if (this.state.phase === "racing") return this.resign(ctx, seat);
        return this.checkCountdown(ctx);
      },
      "race seat freed",
    );
  }

  /** A dropped racer keeps the seat (and the board) while racing; otherwise the seat goes. */
  canHoldSeat(seat: number): boolean {
    if (this.state.phase !== "racing" || !this.race) return false;
    const raceSeat = this.raceSeatOf[seat];
    return raceSeat >= 0 && raceProgress(this.race.state)[raceSeat].alive;
  }

  seatPrivateState(seat: number): RaceBoard {
    return this.state.players[seat].board;
  }

  acceptsNewPlayers(): boolean {
    return this.resting();
  }

  extraMetadata(): Record<string, unknown> {
    return { level: this.config.level };
  }

  onRoomDispose(): void {
    this.countdown?.timer.clear();
    if (this.race && this.race.state.phase === "racing") this.recordRace("abandoned", Date.now());
  }
}
