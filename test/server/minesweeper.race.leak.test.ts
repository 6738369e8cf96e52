// Nobody learns another racer's cells before the race is over.
//
// Well over a hundred random races (2–4 racers on real colyseus.js clients, a
// spectator each; some rooms race twice, some lose a racer mid-race) are played.
// Every decoded state and every message each client receives is checked against
// the server's own race (same process): while a race runs, a client holds no
// board but its own (spectators none), no public cells, no mine, and only its own
// board's events; its own numbers agree with the truth. Each go is checked for
// fairness (same mines, same opening on every board); each end for the public boards.

import { expect } from "chai";
import type { Room } from "colyseus.js";
import { createRng, type Rng } from "../../common/core/rng.js";
import { CELL, HIDDEN, viewRace, type RaceState } from "../../common/minesweeper/index.js";
import { HubState, SeatState } from "../../server/rooms/base/HubState.js";
import { RaceBoard, RaceRoomState, RaceSeat, type RaceRoom } from "../../server/rooms/minesweeper/index.js";
import { NO_RATE_LIMITS, Probe, type TestHub } from "../helpers/hub.js";
import { bootMinesweeperHub } from "../helpers/minesweeper.js";
import { testPort } from "../helpers/ports.js";
import { cellsOf, rowsFor, rowsOf } from "../helpers/boardRows.js";

const PORT = testPort(2643);
const ROOMS = 96;
const BATCH = 16;

/** Keys that would carry hidden data if they ever showed up in a message. */
const FORBIDDEN_KEYS = new Set(["mines", "mine", "seed", "adjacent", "status", "revealedBy", "rng", "log", "hitIndex", "boards", "opening", "board"]);
const PRIVATE_KINDS = new Set(["reveal", "flag", "lost", "won"]);
const PUBLIC_KINDS = new Set(["countdown", "countdown-cancelled", "go", "progress", "out", "finished", "over", "result", "chat"]);

/** The server's truth as a client's check needs it. */
interface Truth {
  /** The race (server state) a client's decoded raceNo refers to. */
  race(raceNo: number): RaceState | undefined;
  /** Room seat → race seat in that race (−1 not racing). */
  raceSeat(raceNo: number, seat: number): number;
  cols: number;
}

/** Problems in one decoded state of the client sitting at `viewer` (−1 spectator). */
export function leaksInRaceState(state: any, viewer: number, truth: Truth): { problems: string[]; numbers: number } {
  const problems: string[] = [];
  let numbers = 0;
  const players: any[] = state.players ? Array.from(state.players) : [];
  players.forEach((p, seat) => {
    if (p.board !== undefined && seat !== viewer) problems.push(`holds seat ${seat}'s private board`);
  });
  if (state.phase !== "racing") return { problems, numbers };
  players.forEach((p, seat) => {
    if (rowsOf(p.cellRows).length > 0) problems.push(`seat ${seat}'s public cells are filled while racing`);
  });
  if (viewer < 0) return { problems, numbers };
  const race = truth.race(state.raceNo);
  const raceSeat = truth.raceSeat(state.raceNo, viewer);
  const own = players[viewer]?.board;
  if (!own) {
    problems.push("own board missing");
    return { problems, numbers };
  }
  if (!race || raceSeat < 0) return { problems, numbers };
  const board = race.boards[raceSeat];
  let cells: number[] = [];
  try {
    cells = cellsOf(own.cellRows); // strict: a malformed row string is a problem too
  } catch (e) {
    problems.push(`own cellRows do not decode: ${(e as Error).message}`);
  }
  for (let i = 0; i < cells.length; i++) {
    const code = cells[i];
    if (code <= 8) {
      numbers++;
      if (!board.mines) problems.push(`cell ${i} open before mines exist`);
      else if (board.mines[i]) problems.push(`cell ${i} is a mine shown as ${code}`);
      else if (board.adjacent[i] !== code) problems.push(`cell ${i} shows ${code}, truth ${board.adjacent[i]}`);
    } else if (code === CELL.HIT_MINE) {
      if (board.hitIndex !== i) problems.push(`cell ${i} shows a hit mine that was not hit`);
    } else if (code !== CELL.HIDDEN && code !== CELL.FLAG) {
      problems.push(`cell ${i} shows code ${code} while racing`);
    }
  }
  return { problems, numbers };
}

/** Problems in one message received by `viewer` (−1 spectator), with the decoded raceNo at receipt. */
export function leaksInRaceMessage(type: string, payload: any, viewer: number, truth: Truth, raceNo: number, phase: string): string[] {
  const problems: string[] = [];
  if (!["welcome", "seat", "event", "error"].includes(type)) problems.push(`unexpected message type ${type}`);
  let own = false;
  if (type === "event") {
    const kind = payload?.kind;
    if (PRIVATE_KINDS.has(kind)) {
      own = true;
      if (viewer < 0 || payload.seat !== viewer) problems.push(`${kind} event of seat ${payload.seat} reached ${viewer < 0 ? "a spectator" : `seat ${viewer}`}`);
      if (kind === "reveal") {
        // Private reveals come right after their patch, inside the race they belong to.
        const race = truth.race(raceNo);
        const raceSeat = truth.raceSeat(raceNo, viewer);
        const board = race && raceSeat >= 0 ? race.boards[raceSeat] : undefined;
        // A big flood names only its first cell (the patch carries the rest), as in solo.
        if (board?.mines?.[payload.r * truth.cols + payload.c]) problems.push(`reveal event starts on mine (${payload.r},${payload.c})`);
        for (const cell of (payload.cells ?? []) as { r: number; c: number; n: number }[]) {
          const i = cell.r * truth.cols + cell.c;
          if (!board?.mines) problems.push("reveal without a board");
          else if (board.mines[i]) problems.push(`reveal event names mine (${cell.r},${cell.c})`);
          else if (board.adjacent[i] !== cell.n) problems.push(`reveal event number ${cell.n} at (${cell.r},${cell.c}) is not ${board.adjacent[i]}`);
        }
      }
    } else if (!PUBLIC_KINDS.has(kind)) {
      problems.push(`unknown event kind ${kind}`);
    } else if (kind === "result" && phase === "racing") {
      problems.push("result before the end");
    }
  }
  const walk = (v: unknown, depth: number): void => {
    if (v === null || typeof v !== "object" || depth > 8) return;
    if (Array.isArray(v)) return v.forEach((x) => walk(x, depth + 1));
    const o = v as Record<string, unknown>;
    for (const key of Object.keys(o)) {
      if (FORBIDDEN_KEYS.has(key)) problems.push(`forbidden key ${key}`);
      if (!own && (key === "r" || key === "c" || key === "cells")) problems.push(`a public payload carries ${key}`);
      walk(o[key], depth + 1);
    }
  };
  walk(payload, 0);
  return problems;
}

function fieldsOf(klass: unknown): string[] {
  const metadata = (klass as Record<symbol, Record<number, { name: string }>>)[Symbol.metadata];
  const out: string[] = [];
  for (let i = 0; metadata[i] !== undefined; i++) out.push(metadata[i].name);
  return out;
}

interface RoomReport {
  races: { winner: number; resigned: number; seats: number }[];
  states: number;
  messages: number;
  numbers: number;
  problems: string[];
}

describe("minesweeper race: nobody sees another racer's cells before the end", function () {
  this.timeout(180_000);
  let hub: TestHub;

  before(async () => {
    hub = await bootMinesweeperHub(PORT, {
      raceCountdownMs: 20,
      ...NO_RATE_LIMITS,
    });
  });
  after(async () => {
    await hub.shutdown();
  });

  it("the race schema keeps cells only in the tagged per-seat board and the after-the-race copy", () => {
    expect(fieldsOf(RaceRoomState)).to.have.members([
      "game", "mode", "phase", "seats", "maxSeats", "spectators", "private", "owner", "serverTime",
      // the generic room's turn fields (GameRoomState): seats and counters, never a cell
      "gameNo", "acting", "together", "order", "deadline", "result",
      // words while a no-guess board is made ("Making a board without guesses…"): never a cell
      "preparing",
      "level", "rows", "cols", "mines", "noGuess", "raceNo", "countdownEndsAt", "goAt", "endedAt", "winner", "replayId", "players",
    ]);
    expect(fieldsOf(RaceSeat)).to.have.members(["inRace", "percent", "alive", "finished", "finishMs", "outMs", "rank", "cellRows", "board"]);
    expect(fieldsOf(RaceBoard)).to.have.members(["cellRows", "phase", "flags", "hit"]);
    expect(fieldsOf(HubState)).to.not.include.members(["mines", "seed", "cells", "cellRows"]);
    expect(fieldsOf(SeatState)).to.not.include.members(["cells", "cellRows"]);
    // `board` is the one @view()-tagged field.
    const meta = (RaceSeat as any)[Symbol.metadata];
    const tagged = Object.keys(meta).filter((k) => /^\d+$/.test(k) && meta[k].tag !== undefined).map((k) => meta[k].name);
    expect(tagged).to.deep.equal(["board"]);
  });

  it("the detectors catch planted leaks (so the big test can fail)", () => {
    const mines = new Uint8Array(9);
    mines[4] = 1;
    const adjacent = Uint8Array.from([1, 1, 1, 1, 0, 1, 1, 1, 1]);
    const board = { mines, adjacent, hitIndex: null } as any;
    const race = { boards: [board, board] } as unknown as RaceState;
    const truth: Truth = { race: () => race, raceSeat: (_n, seat) => (seat < 2 ? seat : -1), cols: 3 };
    const none = () => new Map<string, string>();
    const ownBoard = { cellRows: rowsFor([1, 9, 9, 9, 9, 9, 9, 9, 10]) };
    const base = { phase: "racing", raceNo: 1, players: [{ board: ownBoard, cellRows: none() }, { cellRows: none() }] };
    expect(leaksInRaceState(base, 0, truth)).to.deep.equal({ problems: [], numbers: 1 });
    expect(leaksInRaceState({ ...base, players: [{ board: ownBoard, cellRows: none() }, { board: ownBoard, cellRows: none() }] }, 0, truth).problems).to.not.be.empty;
    expect(leaksInRaceState({ ...base, players: [{ board: ownBoard, cellRows: none() }, { cellRows: new Map([["0", "b"]]) }] }, 0, truth).problems).to.not.be.empty;
    expect(leaksInRaceState({ ...base, players: [{ board: { cellRows: rowsFor([2, 9, 9, 9, 9, 9, 9, 9, 9]) }, cellRows: none() }, { cellRows: none() }] }, 0, truth).problems).to.not.be.empty;
    expect(leaksInRaceState({ ...base, players: [{ board: { cellRows: rowsFor([9, 9, 9, 9, CELL.MINE, 9, 9, 9, 9]) }, cellRows: none() }, { cellRows: none() }] }, 0, truth).problems).to.not.be.empty;
    expect(leaksInRaceState({ ...base, players: [{ board: { cellRows: new Map([["0", "j1"], ["1", "j3"], ["2", "j3"]]) }, cellRows: none() }, { cellRows: none() }] }, 0, truth).problems, "a malformed row").to.not.be.empty;
    expect(leaksInRaceState(base, -1, truth).problems, "a spectator holding a board").to.not.be.empty;
    expect(leaksInRaceState({ ...base, phase: "over" }, 0, truth).problems).to.deep.equal([]);
    expect(leaksInRaceMessage("event", { kind: "reveal", seat: 0, cells: [{ r: 0, c: 0, n: 1 }] }, 0, truth, 1, "racing")).to.deep.equal([]);
    expect(leaksInRaceMessage("event", { kind: "reveal", seat: 0, cells: [{ r: 0, c: 0, n: 1 }] }, 1, truth, 1, "racing")).to.not.be.empty;
    expect(leaksInRaceMessage("event", { kind: "reveal", seat: 0, cells: [{ r: 0, c: 0, n: 1 }] }, -1, truth, 1, "racing")).to.not.be.empty;
    expect(leaksInRaceMessage("event", { kind: "flag", seat: 1, r: 0, c: 0, flagged: true }, 0, truth, 1, "racing")).to.not.be.empty;
    expect(leaksInRaceMessage("event", { kind: "lost", seat: 1, r: 1, c: 1, elapsed: 5 }, 0, truth, 1, "racing")).to.not.be.empty;
    expect(leaksInRaceMessage("event", { kind: "progress", seat: 1, percent: 5, r: 1, c: 1 }, 0, truth, 1, "racing")).to.not.be.empty;
    expect(leaksInRaceMessage("event", { kind: "progress", seat: 1, percent: 5 }, 0, truth, 1, "racing")).to.deep.equal([]);
    expect(leaksInRaceMessage("event", { kind: "go", at: 1, seats: [0, 1], opening: 4 }, 0, truth, 1, "racing")).to.not.be.empty;
  });

  it(`${ROOMS} rooms of 2–4 racers and a spectator, over 100 races: no cell of another racer arrives before the end`, async () => {
    const rng = createRng(20250601, 9);
    const reports: RoomReport[] = [];
    for (let start = 0; start < ROOMS; start += BATCH) {
      const batch = Array.from({ length: Math.min(BATCH, ROOMS - start) }, (_, k) => playRoom(hub, start + k, createRng(rng.nextUint32(), 5)));
      reports.push(...(await Promise.all(batch)));
    }
    const problems = reports.flatMap((r, i) => r.problems.map((p) => `room ${i}: ${p}`));
    expect(problems.slice(0, 20)).to.deep.equal([]);
    const races = reports.flatMap((r) => r.races);
    const sum = (f: (r: RoomReport) => number) => reports.reduce((n, r) => n + f(r), 0);
    console.log(
      `      ${races.length} races in ${ROOMS} rooms (${races.filter((r) => r.winner >= 0).length} won, ${races.filter((r) => r.winner < 0).length} all out, ` +
        `${races.filter((r) => r.resigned > 0).length} with a resignation), ${sum((r) => r.states)} states and ${sum((r) => r.messages)} messages checked, ` +
        `${sum((r) => r.numbers)} own numbers compared`,
    );
    expect(races.length).to.be.at.least(100);
    expect(races.filter((r) => r.winner >= 0).length, "races won").to.be.greaterThan(races.length / 10);
    expect(races.filter((r) => r.winner < 0).length, "races where all went out").to.be.greaterThan(races.length / 20);
    expect(races.filter((r) => r.resigned > 0).length, "races with a resignation").to.be.greaterThan(5);
    for (const n of [2, 3, 4]) expect(races.filter((r) => r.seats === n).length, `${n}-racer races`).to.be.greaterThan(10);
    expect(reports.filter((r) => r.states < 5 || r.messages < 10)).to.deep.equal([]);
    expect(sum((r) => r.numbers)).to.be.greaterThan(races.length * 100);
  });
});

/** One room: 2–4 racers + a spectator, one or two races, checking everything they receive. */
async function playRoom(hub: TestHub, index: number, rng: Rng): Promise<RoomReport> {
  const n = 2 + rng.int(3);
  const rows = 5 + rng.int(5);
  const cols = 5 + rng.int(6);
  const mines = 4 + rng.int(Math.min(10, rows * cols - 14));
  const boardOptions = rng.int(5) === 0 ? { level: "beginner" } : { level: "custom", rows, cols, mines };
  const raceCount = rng.int(3) === 0 ? 2 : 1;
  const leaverRace = rng.int(4) === 0 ? raceCount : 0; // the race (1-based) in which a racer leaves
  const cheat = [0.3, 0.8, 0.95, 1][rng.int(4)];

  const sdk = hub.colyseus.sdk;
  const report: RoomReport = { races: [], states: 0, messages: 0, numbers: 0, problems: [] };
  const sessions = new Map<number, { race: RaceState | (() => RaceState); racers: number[] }>();
  let server: RaceRoom | undefined;
  // The truth for the race a client refers to (the server's current race, remembered per raceNo).
  const remember = () => {
    if (!server || !server.session) return;
    const raceNo = (server.state as RaceRoomState).raceNo;
    if (!sessions.has(raceNo)) {
      const session = server.session;
      sessions.set(raceNo, { race: () => session.state, racers: server.seatOrder.slice() });
    }
  };
  const truth: Truth = {
    race: (raceNo) => {
      remember();
      const s = sessions.get(raceNo)?.race;
      return typeof s === "function" ? s() : s;
    },
    raceSeat: (raceNo, seat) => {
      remember();
      return sessions.get(raceNo)?.racers.indexOf(seat) ?? -1;
    },
    cols: 0,
  };

  const probes: Probe[] = [];
  const viewers: number[] = [];
  const watch = (room: Room<any>, viewer: number) => {
    const who = probes.length;
    viewers.push(viewer);
    probes.push(
      new Probe(room, {
        onState: (state) => {
          report.states++;
          const checked = leaksInRaceState(state, viewers[who], truth);
          report.numbers += checked.numbers;
          for (const p of checked.problems) report.problems.push(`client ${who} (seat ${viewers[who]}) state: ${p}`);
        },
        onMessage: (m) => {
          report.messages++;
          if (m.type === "seat") viewers[who] = m.payload.seat;
          const st = room.state as any;
          for (const p of leaksInRaceMessage(m.type, m.payload, viewers[who], truth, st?.raceNo ?? 0, m.phase ?? "")) {
            report.problems.push(`client ${who} (seat ${viewers[who]}) ${m.type} ${JSON.stringify(m.payload).slice(0, 80)}: ${p}`);
          }
        },
      }),
    );
    return room;
  };

  const host = watch(await sdk.create("minesweeper", { ...boardOptions, mode: "race", seats: n, private: true, name: `H${index}` }), 0);
  server = hub.room<RaceRoom>(host.roomId);
  truth.cols = (server.state as RaceRoomState).cols;
  const rooms: Room<any>[] = [host];
  for (let s = 1; s < n; s++) rooms.push(watch(await sdk.joinById(host.roomId, { name: `P${index}.${s}` }), s));
  rooms.push(watch(await sdk.joinById(host.roomId, { spectate: true, name: `S${index}` }), -1));
  await Promise.all(probes.slice(0, n).map((p) => p.next("seat", 0)));
  const left = new Set<number>();

  for (let raceNo = 1; raceNo <= raceCount; raceNo++) {
    const racing = probes.map((_, k) => k).filter((k) => k < n && !left.has(k));
    const from = probes.map((p) => p.messages.length);
    for (const k of racing) rooms[k].send("ready", { ready: true });
    await Promise.all(racing.map((k) => probes[k].until(() => (probes[k].state.raceNo === raceNo && probes[k].state.phase !== "countdown") || undefined, 5000, `race ${raceNo}`)));
    remember();
    // Fairness, on the server's own race: same mines, same opening on every board.
    const race = server.session!;
    const boards = race.state.boards;
    for (const b of boards) {
      if (JSON.stringify(Array.from(b.mines!)) !== JSON.stringify(Array.from(boards[0].mines!))) report.problems.push(`race ${raceNo}: boards with different mines`);
      if (JSON.stringify(Array.from(b.status)) !== JSON.stringify(Array.from(boards[0].status))) report.problems.push(`race ${raceNo}: boards with different openings`);
    }

    const over = () => server!.session !== race || race.state.phase === "over";
    const leaver = leaverRace === raceNo && racing.length > 1 ? racing[1 + rng.int(racing.length - 1)] : -1;
    const bot = async (k: number) => {
      const probe = probes[k];
      const seat = k;
      const raceSeat = server!.seatOrder.indexOf(seat);
      const leaveAfter = k === leaver ? 1 + rng.int(4) : Infinity;
      for (let step = 0; step < 400 && !over(); step++) {
        if (step >= leaveAfter) {
          left.add(k);
          await rooms[k].leave(true);
          return;
        }
        const own = race.state.boards[raceSeat];
        if (own.phase !== "active") return;
        const move = chooseMove(probe.state.players[seat].board, own, truth.cols, rng, cheat);
        const patches = probe.patches;
        const errors = probe.of("error").length;
        rooms[k].send(move.type, { r: move.r, c: move.c });
        await probe.until(() => over() || probe.patches > patches || probe.of("error").length > errors, 5000, `answer to ${move.type}`);
      }
    };
    await Promise.all(racing.map(bot));
    if (!over()) report.problems.push(`race ${raceNo} did not end`);

    // Everyone still here sees the end, and then every board, equal to the server's final boards.
    const present = probes.map((_, k) => k).filter((k) => !left.has(k));
    await Promise.all(present.map((k) => probes[k].next("event", from[k], (e) => e.kind === "result", 5000)));
    await Promise.all(present.map((k) => probes[k].until(() => (probes[k].state.phase === "over" && probes[k].state.raceNo === raceNo) || undefined, 5000, "over")));
    const finals = viewRace(race.state, null).boards!;
    const racers = sessions.get(raceNo)!.racers;
    for (const k of present) {
      const players = probes[k].state.players;
      racers.forEach((seat, raceSeat) => {
        if (JSON.stringify(cellsOf(players[seat])) !== JSON.stringify(Array.from(finals[raceSeat].cells))) {
          report.problems.push(`client ${k}: seat ${seat}'s public board after race ${raceNo} differs from the server's`);
        }
      });
    }
    report.races.push({
      winner: race.state.winner ?? -1,
      resigned: race.state.resignedAt.filter((t) => t !== null).length,
      seats: racers.length,
    });
    if (probes.filter((_, k) => k < n && !left.has(k)).length < 2) break;
  }
  await Promise.all(rooms.filter((_, k) => !left.has(k)).map((r) => r.leave(true)));
  return report;
}

interface Move {
  type: "reveal" | "flag" | "chord";
  r: number;
  c: number;
}

/** Mostly reveals, some flags and chords, from the client's own board; the truth keeps it safe with probability `cheat`. */
function chooseMove(own: any, truthBoard: RaceState["boards"][number], cols: number, rng: Rng, cheat: number): Move {
  const cells: number[] = own ? cellsOf(own) : [];
  const at = (i: number) => ({ r: Math.floor(i / cols), c: i % cols });
  const hidden = cells.flatMap((code, i) => (code === CELL.HIDDEN ? [i] : []));
  const numbers = cells.flatMap((code, i) => (code >= 1 && code <= 8 ? [i] : []));
  const flags = cells.flatMap((code, i) => (code === CELL.FLAG ? [i] : []));
  const roll = rng.float();
  if (roll < 0.08 && (hidden.length || flags.length)) {
    const pool = flags.length && rng.int(2) ? flags : hidden.length ? hidden : flags;
    return { type: "flag", ...at(pool[rng.int(pool.length)]) };
  }
  if (roll < 0.14 && numbers.length) return { type: "chord", ...at(numbers[rng.int(numbers.length)]) };
  if (rng.float() < cheat && truthBoard.mines) {
    const safe = hidden.filter((i) => !truthBoard.mines![i] && truthBoard.status[i] === HIDDEN);
    if (safe.length) return { type: "reveal", ...at(safe[rng.int(safe.length)]) };
  }
  const pool = hidden.length ? hidden : [0];
  return { type: "reveal", ...at(pool[rng.int(pool.length)]) };
}
