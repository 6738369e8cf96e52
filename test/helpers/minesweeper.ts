// Helpers for the Minesweeper race, store and HTTP suites: boot a hub with the
// Minesweeper knobs (race countdown, injected clock, submission rate), HTTP
// calls, and winning logs made with the pure rules.

import type { HubExtras } from "../../arena.config.js";
import { createRng } from "../../common/core/rng.js";
import { GameSession } from "../../common/core/session.js";
import {
  gameStats,
  HIDDEN,
  RANK_RULES,
  minesweeperRules,
  resolveConfig,
  type MinesweeperConfig,
  type MinesweeperMove,
  type MinesweeperState as Board,
} from "../../common/minesweeper/index.js";
import type { HubSettings } from "../../server/settings.js";
import type { Room } from "colyseus.js";
import { bootHub, hiddenMine, Probe, rc, safeHiddenCell, sleep, type TestHub } from "./hub.js";
import type { MinesweeperRoom } from "../../server/rooms/minesweeper/index.js";

/** bootHub with the Minesweeper / API extras (countdown length, clock, submission rate). */
export function bootMinesweeperHub(port: number, overrides: Partial<HubSettings> & HubExtras = {}): Promise<TestHub> {
  return bootHub(port, overrides as Partial<HubSettings>);
}

/** A controllable clock for the HTTP routes and the store. */
export class FakeClock {
  constructor(public t: number) {}
  readonly now = () => this.t;
}

export async function http(
  port: number,
  method: "GET" | "POST",
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: any; headers: Headers }> {
  const init: RequestInit = { method, headers: { ...headers } };
  if (body !== undefined) {
    init.body = typeof body === "string" ? body : JSON.stringify(body);
    (init.headers as Record<string, string>)["content-type"] ??= "application/json";
  }
  const res = await fetch(`http://127.0.0.1:${port}${path}`, init);
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed, headers: res.headers };
}

export interface SoloLog {
  seed: number;
  config: MinesweeperConfig;
  log: { move: MinesweeperMove; t: number }[];
  /** The board after the log. */
  board: Board;
}

/**
 * Plays a solo game with the pure rules: reveals (and a few flags / chords) on safe cells,
 * timed from `t0` with `stepMs` between moves, until the board is won. Deterministic in `seed`.
 */
export function winningSoloLog(seed: number, level = "beginner", t0 = 1_000_000, stepMs = 250): SoloLog {
  const resolved = resolveConfig({ level });
  if (!resolved.ok) throw new Error(resolved.error.message);
  const config = resolved.config;
  const session = new GameSession(minesweeperRules, seed, config, 1);
  const pick = createRng(seed, 11);
  const log: SoloLog["log"] = [];
  let t = t0;
  const play = (move: MinesweeperMove) => {
    const result = session.apply(0, move, t);
    if (!result.ok) throw new Error(`winningSoloLog: ${result.error.message}`);
    log.push({ move, t });
    t += stepMs;
  };
  const { rows, cols } = config;
  play({ type: "reveal", r: rows >> 1, c: cols >> 1 });
  let flagged = false;
  while (session.state.phase === "active") {
    const b = session.state;
    // Once: flag a mine next to an open number (so logs hold flags too).
    if (!flagged) {
      const mine = b.mines!.findIndex((m, i) => m === 1 && b.status[i] === HIDDEN);
      if (mine >= 0) {
        play({ type: "flag", r: Math.floor(mine / cols), c: mine % cols });
        flagged = true;
        continue;
      }
    }
    const safe: number[] = [];
    for (let i = 0; i < b.status.length; i++) if (b.status[i] === HIDDEN && !b.mines![i]) safe.push(i);
    const i = safe[pick.int(safe.length)];
    play({ type: "reveal", r: Math.floor(i / cols), c: i % cols });
  }
  if (session.state.phase !== "won") throw new Error("winningSoloLog: the game was not won");
  return { seed, config, log, board: session.state };
}

/**
 * How long a test must let a solo board's clock run (from its first reveal) for the win to be
 * humanly plausible, so ranked (common/minesweeper/plausible.ts): bots clear a board in
 * milliseconds, which the leaderboard keeps out. Call after the first reveal.
 */
export function plausibleWaitMs(room: MinesweeperRoom): number {
  const board = room.session.state;
  const rule = RANK_RULES[room.session.config.level as keyof typeof RANK_RULES];
  if (!rule) return 0;
  const threeBV = gameStats(board, room.session.log).threeBV;
  return Math.ceil(Math.max(rule.minTimeMs, (threeBV * 1000) / rule.maxThreeBVPerSecond)) + 250;
}

/** What a solo win needs of a hub: its SDK and its rooms (a TestHub, or a browser suite's server). */
export type SoloHub = Pick<TestHub, "colyseus" | "room">;

/**
 * Creates a solo beginner room, reveals the centre, flags a mine, and reveals safe cells until
 * the board is won. `pace`: first waits plausibleWaitMs, so the win is humanly plausible; a
 * board the first click opens whole (3BV under the ranked minimum, rare) is played again.
 */
export async function playSoloWin(
  hub: SoloHub,
  name: string,
  options: { pace?: boolean; noGuess?: boolean } = {},
): Promise<{ room: Room; probe: Probe; server: MinesweeperRoom; result: any; flagged: boolean }> {
  for (let attempt = 1; ; attempt++) {
    const played = await playSoloWinOnce(hub, name, options.pace === true, options.noGuess === true);
    if (!options.pace || played.result.stats.threeBV >= RANK_RULES.beginner.minThreeBV || attempt >= 5) return played;
    await played.room.leave();
  }
}

async function playSoloWinOnce(hub: SoloHub, name: string, pace: boolean, noGuess: boolean) {
  const room = await hub.colyseus.sdk.create("minesweeper", { mode: "solo", level: "beginner", name, ...(noGuess ? { noGuess: true } : {}) });
  const probe = new Probe(room);
  await probe.next("seat", 0);
  const server = hub.room(room.roomId) as MinesweeperRoom;
  room.send("reveal", { r: 4, c: 4 });
  // A no-guess board is made on a worker thread: the reveal is answered once it is there.
  await probe.until(() => server.session.state.phase !== "fresh" || undefined, 60_000, "the first reveal");
  await probe.sync();
  if (pace) await sleep(plausibleWaitMs(server));
  const mine = hiddenMine(server);
  if (mine >= 0) room.send("flag", rc(server, mine));
  while (server.session.state.phase === "active") {
    room.send("reveal", rc(server, safeHiddenCell(server)));
    await probe.sync();
  }
  const result = await probe.next("event", 0, (e) => e.kind === "result");
  return { room, probe, server, result, flagged: mine >= 0 };
}
