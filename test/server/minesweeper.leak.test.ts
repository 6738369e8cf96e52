// Hidden information never leaves the server.
//
// Hundreds of real games (solo and co-op, a spectator on each) are played by real
// colyseus.js clients. Every decoded state and every message each client receives
// is checked against the server's own board (same process): while a game runs, no
// client may hold a mine code, a wrong number, a mine position or the seed.

import { expect } from "chai";
import type { Room } from "colyseus.js";
import { createRng, type Rng } from "../../common/core/rng.js";
import { CELL, HIDDEN, type MinesweeperState as Board } from "../../common/minesweeper/index.js";
import { HubState, SeatState } from "../../server/rooms/base/HubState.js";
import { Cursor, MinesweeperState, type MinesweeperRoom } from "../../server/rooms/minesweeper/index.js";
import { bootHub, NO_RATE_LIMITS, Probe, type TestHub } from "../helpers/hub.js";
import { testPort } from "../helpers/ports.js";
import { cellsOf, rowsFor } from "../helpers/boardRows.js";

const PORT = testPort(2572);
const GAMES = 216;
const BATCH = 24;

/** Keys that would carry hidden data if they ever showed up in a message. */
const FORBIDDEN_KEYS = new Set(["mines", "mine", "seed", "adjacent", "status", "revealedBy", "rng", "log", "hitIndex"]);

interface Truth {
  board: () => Board;
  cols: number;
}

/**
 * Every way a received payload could leak a hidden mine while the game runs.
 * `flag` events are exempt from the position check: a flag is a player's guess,
 * broadcast as typed, not something derived from the mines.
 */
export function leaksIn(type: string, payload: unknown, truth: Truth): string[] {
  const problems: string[] = [];
  const board = truth.board();
  const allowed = ["welcome", "seat", "event", "error"];
  if (!allowed.includes(type)) problems.push(`unexpected message type ${type}`);
  if (type === "event") {
    const kind = (payload as { kind?: string }).kind;
    if (kind === "lost" || kind === "won") problems.push(`${kind} event while playing`);
    if (kind === "reveal") {
      // A big flood's event names only its count and first cell (checked by the walk below).
      for (const cell of (payload as { cells?: { r: number; c: number; n: number }[] }).cells ?? []) {
        const i = cell.r * truth.cols + cell.c;
        if (!board.mines) problems.push("reveal before mines exist");
        else if (board.mines[i]) problems.push(`reveal event names mine (${cell.r},${cell.c})`);
        else if (board.adjacent[i] !== cell.n) problems.push(`reveal event number ${cell.n} at (${cell.r},${cell.c}) is not ${board.adjacent[i]}`);
      }
    }
  }
  const skipPositions = type === "event" && (payload as { kind?: string }).kind === "flag";
  const walk = (v: unknown, depth: number): void => {
    if (v === null || typeof v !== "object" || depth > 8) return;
    if (Array.isArray(v)) return v.forEach((x) => walk(x, depth + 1));
    const o = v as Record<string, unknown>;
    for (const key of Object.keys(o)) {
      if (FORBIDDEN_KEYS.has(key)) problems.push(`forbidden key ${key}`);
      walk(o[key], depth + 1);
    }
    if (!skipPositions && typeof o.r === "number" && typeof o.c === "number" && board.mines?.[o.r * truth.cols + o.c]) {
      problems.push(`payload points at mine (${o.r},${o.c})`);
    }
  };
  walk(payload, 0);
  return problems;
}

/** Checks one decoded state against the truth; returns problems and how many numbers it verified. */
export function leaksInState(state: { phase: string; cellRows: Parameters<typeof cellsOf>[0]; hit: number }, truth: Truth): { problems: string[]; numbers: number } {
  const problems: string[] = [];
  let numbers = 0;
  if (state.phase !== "fresh" && state.phase !== "active") return { problems, numbers };
  const board = truth.board();
  if (state.hit !== -1) problems.push(`hit ${state.hit} while ${state.phase}`);
  let cells: number[] = [];
  try {
    cells = cellsOf(state.cellRows); // strict: a malformed row string is a problem too
  } catch (e) {
    problems.push(`cellRows do not decode: ${(e as Error).message}`);
  }
  for (let i = 0; i < cells.length; i++) {
    const code = cells[i];
    if (code > CELL.FLAG) problems.push(`cell ${i} shows end-of-game code ${code} while ${state.phase}`);
    else if (code <= 8) {
      numbers++;
      if (!board.mines) problems.push(`cell ${i} open before mines exist`);
      else if (board.mines[i]) problems.push(`cell ${i} is a mine shown as ${code}`);
      else if (board.adjacent[i] !== code) problems.push(`cell ${i} shows ${code}, truth ${board.adjacent[i]}`);
    }
  }
  return { problems, numbers };
}

function fieldsOf(klass: unknown): { name: string; type: unknown }[] {
  const metadata = (klass as Record<symbol, Record<number, { name: string; type: unknown }>>)[Symbol.metadata];
  const out: { name: string; type: unknown }[] = [];
  for (let i = 0; metadata[i] !== undefined; i++) out.push({ name: metadata[i].name, type: metadata[i].type });
  return out;
}

interface GameReport {
  result: string;
  mode: string;
  states: number;
  messages: number;
  numbersChecked: number;
  problems: string[];
}

describe("minesweeper: no hidden mine ever reaches a client", function () {
  this.timeout(180_000);
  let hub: TestHub;

  before(async () => {
    // Bots here play fast: lift the rate limit (the fuzz suite proves it works).
    hub = await bootHub(PORT, {
      ...NO_RATE_LIMITS,
    });
  });
  after(async () => {
    await hub.shutdown();
  });

  it("the schema has no field that could carry mines", () => {
    const fields = fieldsOf(MinesweeperState);
    expect(fields.map((f) => f.name)).to.have.members([
      "game", "mode", "phase", "seats", "maxSeats", "spectators", "private", "owner", "serverTime",
      // the generic room's turn fields (GameRoomState): seats and counters, never a cell
      "gameNo", "acting", "together", "order", "deadline", "result",
      // words while a no-guess board is made ("Making a board without guesses…"): never a cell
      "preparing",
      "level", "rows", "cols", "mines", "noGuess", "cellRows", "flags", "startedAt", "endedAt", "elapsed", "credits", "cursors", "hit", "replayId",
    ]);
    const types = Object.fromEntries(fields.map((f) => [f.name, f.type]));
    expect(types.mines, "`mines` is the mine count, a number").to.equal("uint16");
    expect(types.hit).to.equal("int32");
    expect(types.cellRows, "row strings of shown codes, keyed by row").to.deep.equal({ map: "string" });
    expect(fieldsOf(HubState).map((f) => f.name)).to.not.include.members(["mines", "seed"]);
    // `departed`: the name of a person who left, already shown to the table while they sat.
    expect(fieldsOf(SeatState).map((f) => f.name)).to.have.members(["name", "occupied", "connected", "ready", "bot", "departed"]);
    expect(fieldsOf(Cursor).map((f) => f.name)).to.have.members(["r", "c"]);
  });

  it("the leak detectors catch planted leaks (so the big test can fail)", () => {
    const mines = new Uint8Array(9);
    mines[4] = 1;
    const adjacent = Uint8Array.from([1, 1, 1, 1, 0, 1, 1, 1, 1]);
    const truth: Truth = { board: () => ({ mines, adjacent }) as unknown as Board, cols: 3 };
    expect(leaksIn("event", { kind: "reveal", seat: 0, cells: [{ r: 0, c: 0, n: 1 }] }, truth)).to.deep.equal([]);
    expect(leaksIn("event", { kind: "reveal", seat: 0, cells: [{ r: 1, c: 1, n: 0 }] }, truth)).to.not.be.empty;
    expect(leaksIn("event", { kind: "reveal", seat: 0, cells: [{ r: 0, c: 0, n: 2 }] }, truth)).to.not.be.empty;
    expect(leaksIn("event", { kind: "lost", seat: 0, r: 1, c: 1, elapsed: 1 }, truth)).to.not.be.empty;
    expect(leaksIn("welcome", { seed: 5 }, truth)).to.not.be.empty;
    expect(leaksIn("error", { code: "x", hint: { r: 1, c: 1 } }, truth)).to.not.be.empty;
    expect(leaksIn("event", { kind: "flag", seat: 0, r: 1, c: 1, flagged: true }, truth)).to.deep.equal([]);
    const cells = rowsFor([1, 9, 9, 9, 9, 9, 9, 9, 10]);
    expect(leaksInState({ phase: "active", cellRows: cells, hit: -1 }, truth)).to.deep.equal({ problems: [], numbers: 1 });
    expect(leaksInState({ phase: "active", cellRows: rowsFor([1, 9, 9, 9, CELL.MINE, 9, 9, 9, 9]), hit: -1 }, truth).problems).to.not.be.empty;
    expect(leaksInState({ phase: "active", cellRows: rowsFor([2, 9, 9, 9, 9, 9, 9, 9, 9]), hit: -1 }, truth).problems).to.not.be.empty;
    expect(leaksInState({ phase: "active", cellRows: rowsFor([9, 9, 9, 9, 0, 9, 9, 9, 9]), hit: -1 }, truth).problems).to.not.be.empty;
    expect(leaksInState({ phase: "active", cellRows: new Map([["0", "bj2"], ["1", "j3"], ["2", "j4"]]), hit: -1 }, truth).problems, "a malformed row").to.not.be.empty;
    expect(leaksInState({ phase: "active", cellRows: cells, hit: 4 }, truth).problems).to.not.be.empty;
    expect(leaksInState({ phase: "lost", cellRows: rowsFor([1, 9, 9, 9, CELL.HIT_MINE, 9, 9, 9, 9]), hit: 4 }, truth).problems).to.deep.equal([]);
  });

  it(`${GAMES} random solo and co-op games with a spectator each: nothing hidden arrives before the end`, async () => {
    const rng = createRng(20240611, 7);
    const reports: GameReport[] = [];
    for (let start = 0; start < GAMES; start += BATCH) {
      const batch = Array.from({ length: Math.min(BATCH, GAMES - start) }, (_, k) => {
        const seed = rng.nextUint32();
        return playOneGame(hub, start + k, createRng(seed, 3));
      });
      reports.push(...(await Promise.all(batch)));
    }
    const problems = reports.flatMap((r, i) => r.problems.map((p) => `game ${i} (${r.mode}): ${p}`));
    expect(problems.slice(0, 20)).to.deep.equal([]);
    expect(reports).to.have.length(GAMES);
    const results = reports.map((r) => r.result);
    expect(results.every((r) => r === "won" || r === "lost")).to.equal(true);
    expect(results.filter((r) => r === "won").length, "some games are won").to.be.greaterThan(GAMES / 10);
    expect(results.filter((r) => r === "lost").length, "some games are lost").to.be.greaterThan(GAMES / 10);
    expect(reports.filter((r) => r.mode === "solo").length).to.be.greaterThan(GAMES / 5);
    expect(reports.filter((r) => r.mode === "coop").length).to.be.greaterThan(GAMES / 5);
    // The checks really ran: states and messages were seen, numbers were compared with the truth.
    expect(reports.filter((r) => r.states < 3 || r.messages < 4).map((r) => [r.mode, r.states, r.messages])).to.deep.equal([]);
    const numbers = reports.reduce((sum, r) => sum + r.numbersChecked, 0);
    const sum = (f: (r: GameReport) => number) => reports.reduce((n, r) => n + f(r), 0);
    console.log(
      `      ${GAMES} games (${reports.filter((r) => r.mode === "coop").length} co-op), ${results.filter((r) => r === "won").length} won, ` +
        `${sum((r) => r.states)} states and ${sum((r) => r.messages)} messages checked, ${numbers} open numbers compared`,
    );
    expect(reports.filter((r) => r.numbersChecked > 0).length, "games where open numbers were checked").to.be.greaterThan(GAMES * 0.8);
    expect(numbers).to.be.greaterThan(GAMES * 50);
  });
});

/** Plays one whole game with 1–3 seated bots and a spectator, checking everything they receive. */
async function playOneGame(hub: TestHub, index: number, rng: Rng): Promise<GameReport> {
  const coop = rng.int(2) === 0;
  const seats = coop ? 2 + rng.int(2) : 1;
  const rows = 5 + rng.int(4);
  const cols = 5 + rng.int(5);
  const mines = 3 + rng.int(Math.min(8, rows * cols - 12));
  const useBeginner = rng.int(6) === 0;
  const boardOptions = useBeginner ? { level: "beginner" } : { level: "custom", rows, cols, mines };
  // Strategy: how often a bot cheats with the server's truth (so that games are also won).
  const cheat = [0, 0.6, 0.97, 1][rng.int(4)];

  const sdk = hub.colyseus.sdk;
  const problems: string[] = [];
  let states = 0;
  let messages = 0;
  let numbersChecked = 0;

  const probes: Probe[] = [];
  // A probe is attached right after each join, before any message can arrive.
  const watch = (room: Room<any>) => {
    const who = probes.length;
    probes.push(
      new Probe(room, {
        onState: (state) => {
          states++;
          const checked = leaksInState(state, truth);
          numbersChecked += checked.numbers;
          for (const p of checked.problems) problems.push(`client ${who} state: ${p}`);
        },
        // Checked as it arrives, with the phase the client had decoded at that moment.
        onMessage: (m) => {
          messages++;
          if (m.phase === "won" || m.phase === "lost") return;
          for (const p of leaksIn(m.type, m.payload, truth)) problems.push(`client ${who} ${m.type}: ${p}`);
        },
      }),
    );
    return room;
  };
  let truth: Truth = { board: () => { throw new Error("no room yet"); }, cols: 0 };
  const host = await sdk.create("minesweeper", { ...boardOptions, mode: coop ? "coop" : "solo", ...(coop ? { seats } : {}), private: true, name: `H${index}` });
  const server = hub.room(host.roomId) as MinesweeperRoom;
  truth = { board: () => server.session.state, cols: server.session.config.cols };
  const rooms: Room<any>[] = [watch(host)];
  for (let s = 1; s < seats; s++) rooms.push(watch(await sdk.joinById(host.roomId, { name: `P${index}.${s}` })));
  rooms.push(watch(await sdk.joinById(host.roomId, { spectate: true, name: `S${index}` })));

  const seated = probes.slice(0, seats);
  await Promise.all(seated.map((p) => p.next("seat", 0)));

  const ended = () => server.session.state.phase === "won" || server.session.state.phase === "lost";
  const bot = async (probe: Probe, seat: number) => {
    for (let step = 0; step < 600 && !ended(); step++) {
      const move = chooseMove(probe.state, truth, rng, cheat);
      const patches = probe.patches;
      const errors = probe.of("error").length;
      probe.room.send(move.type, { r: move.r, c: move.c });
      await probe.until(() => ended() || probe.patches > patches || probe.of("error").length > errors, 5000, `answer to ${move.type} (seat ${seat})`);
    }
  };
  await Promise.all(seated.map((p, seat) => bot(p, seat)));

  const result = server.session.state.phase;
  // Everyone, spectator included, ends up seeing the end.
  await Promise.all(probes.map((p) => p.until(() => p.state.phase === result || undefined, 5000, "final phase")));
  const finalCells = cellsOf(probes[probes.length - 1].state);
  const expected = Array.from(server.session.view(null).cells);
  if (JSON.stringify(finalCells) !== JSON.stringify(expected)) problems.push("spectator's final board differs from the server's view");
  const finalProbe = probes[0];
  await finalProbe.until(() => finalProbe.messages.some((m) => m.type === "event" && (m.payload.kind === "won" || m.payload.kind === "lost")) || undefined, 5000, "end event");
  await Promise.all(rooms.map((r) => r.leave(true)));
  return { result, mode: coop ? "coop" : "solo", states, messages, numbersChecked, problems };
}

interface Move {
  type: "reveal" | "flag" | "chord";
  r: number;
  c: number;
}

/** Mostly reveals; some flags and chords; uses the truth with probability `cheat` to stay safe. */
function chooseMove(state: any, truth: Truth, rng: Rng, cheat: number): Move {
  const cols = truth.cols;
  const cells: number[] = cellsOf(state);
  const at = (i: number) => ({ r: Math.floor(i / cols), c: i % cols });
  const hidden = cells.flatMap((code, i) => (code === CELL.HIDDEN ? [i] : []));
  const numbers = cells.flatMap((code, i) => (code >= 1 && code <= 8 ? [i] : []));
  const flags = cells.flatMap((code, i) => (code === CELL.FLAG ? [i] : []));
  const roll = rng.float();
  if (roll < 0.1 && (hidden.length || flags.length)) {
    const pool = flags.length && rng.int(2) ? flags : hidden.length ? hidden : flags;
    return { type: "flag", ...at(pool[rng.int(pool.length)]) };
  }
  if (roll < 0.18 && numbers.length) return { type: "chord", ...at(numbers[rng.int(numbers.length)]) };
  const board = truth.board();
  if (rng.float() < cheat && board.mines) {
    const safe = hidden.filter((i) => !board.mines![i] && board.status[i] === HIDDEN);
    if (safe.length) return { type: "reveal", ...at(safe[rng.int(safe.length)]) };
  }
  const pool = hidden.length ? hidden : [0];
  return { type: "reveal", ...at(pool[rng.int(pool.length)]) };
}
