// Restart-test helpers: a hub process with a file-backed room log that a test kills with
// SIGKILL and starts again, and players that choose moves from their own decoded state only
// (what a real client knows): the one driver (driver.ts), which plays every game from its view.

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client, type Room } from "colyseus.js";
import type { Rng } from "../../common/core/rng.js";
import { freePort, startHubProcess, type HubProcess } from "./cluster.js";
import { expect } from "chai";
import { seated, type SeatedClient } from "./hub.js";
import { driveFromView, VIEW_DRIVEN, type ClientMove } from "./driver.js";

export type { ClientMove };

/** One game as the restart tests play it: options without bots or timers, a client's move chooser. */
export interface GameDriver {
  game: string;
  options: Record<string, unknown>;
  seats: number;
  /** A move this seat's person could send now (null: wait). */
  choose(state: any, seat: number, rng: Rng, ending: boolean): ClientMove | null;
}

/**
 * Games whose restart is tested by a suite of their own rather than through DRIVERS (the file;
 * test/server/drivers.test.ts checks that every game of the registry is in one or the other).
 * Minesweeper: the restart suites below wait for the generic room's "playing" and "finished",
 * and a board has its own phases (fresh, active, won, lost; the race waits for ready, then
 * races); its suite also checks what only a board has (the clock's start survives, each racer's
 * own board comes back mid-race). It plays through the same one driver.
 */
export const RESTARTED_ELSEWHERE: Readonly<Record<string, string>> = { minesweeper: "test/server/durable.minesweeper.test.ts" };

/** The wire test's table of a game (wireGames.ts) without its `private` (each test chooses). */
function tableOf(options: Record<string, unknown>): Record<string, unknown> {
  const { private: _private, ...rest } = options;
  return rest;
}

/**
 * Every game the one driver plays from its view (a new game is here with no edit; Cubestacc
 * through the part of its view its client's model rebuilds, the card table through its
 * player), but those restarted elsewhere. `ending` is passed on: the card table's player then
 * concedes, which ends a two-seat game. Connect Four stays first (durable.disk.test.ts takes
 * DRIVERS[0]).
 */
export const DRIVERS: readonly GameDriver[] = VIEW_DRIVEN.filter((g) => RESTARTED_ELSEWHERE[g.room] === undefined).map((g): GameDriver => ({
  game: g.room,
  options: tableOf(g.options),
  seats: g.seats,
  choose: (s, seat, rng, ending) => driveFromView(g, s, seat, rng, ending),
}));

export interface Restartable {
  hub: HubProcess;
  dir: string;
  env: Record<string, string>;
  restart(signal?: NodeJS.Signals): Promise<void>;
  /** Kills the process (SIGKILL by default) and leaves it down. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Starts it again (same port, same files). */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A hub process on `port` whose store and room log are files in a fresh temp folder, or in
 * `inDir` (a test's own small disk; left in place by `stop`), kept across restarts. Timers of
 * the server that would move a game on their own are long.
 */
export async function restartableHub(port: number, extraEnv: Record<string, string> = {}, inDir?: string): Promise<Restartable> {
  const dir = inDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "hub-durable-"));
  const env = {
    PORT: String(port),
    HUB_DB: path.join(dir, "hub.sqlite"),
    RECONNECT_SECONDS: "120",
    SEAT_HOLD_SECONDS: "600",
    BOT_THREADS: "0",
    RATE_BURST: "100000",
    RATE_PER_SECOND: "100000",
    ...extraEnv,
  };
  const r: Restartable = {
    hub: await startHubProcess(`hub :${port}`, env),
    dir,
    env,
    async restart(signal = "SIGKILL") {
      await r.hub.stop(signal);
      r.hub = await startHubProcess(`hub :${port}`, env);
    },
    async kill(signal = "SIGKILL") {
      await r.hub.stop(signal);
    },
    async start() {
      r.hub = await startHubProcess(`hub :${port}`, env);
    },
    async stop() {
      await r.hub.stop("SIGKILL");
      if (!inDir) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  return r;
}

export type Player = SeatedClient;

/** Seated, with room for a process that is still starting. */
export const seat = (join: Promise<Room<any>>): Promise<Player> => seated(join, 8000);

/** Back in the seat with its token, retrying while the server comes up (as the browser client does). */
export async function rejoin(sdk: Client, roomId: string, p: Player, timeoutMs = 20_000): Promise<Player> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const back = await seat(sdk.joinById(roomId, { seatToken: p.seatToken }));
      return back;
    } catch (e) {
      if (Date.now() > deadline) throw e;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

/**
 * Every player back in the same seat of the same room after a restart, each decoding exactly
 * what it held before (`before[i]`, taken with `comparable`); `what` names the state in failures.
 */
export async function rejoinAll(sdk: Client, roomId: string, players: Player[], before: unknown[], what: string): Promise<Player[]> {
  const back = await Promise.all(players.map((p) => rejoin(sdk, roomId, p)));
  for (const [i, p] of back.entries()) {
    await p.probe.sync();
    expect(p.seat, `P${i}'s seat`).to.equal(i);
    expect(p.room.roomId).to.equal(roomId);
    expect(comparable(p.room.state), `P${i}'s decoded ${what} after the restart`).to.deep.equal(before[i]);
  }
  return back;
}

/** A decoded state without what a reconnection changes by itself (who is connected, clocks). */
export function comparable(state: any): unknown {
  const json = JSON.parse(JSON.stringify(state.toJSON()));
  delete json.serverTime;
  delete json.spectators;
  for (const s of json.seats ?? []) delete s.connected;
  return json;
}

/** Sends `move` and waits until the server handled it (its patch or error has arrived). True if the state changed. */
export async function play(p: Player, move: ClientMove): Promise<boolean> {
  const before = p.probe.patches;
  const errors = p.probe.of("error").length;
  p.room.send(move.type, move.payload);
  await p.probe.sync(8000);
  return p.probe.patches > before && p.probe.of("error").length === errors;
}

/** A mocha suite's restartable hub on a free port: `hub` and `port` are set in `before`. */
export function useRestartableHub(): { hub: Restartable; port: number } {
  const suite = {} as { hub: Restartable; port: number };
  before(async () => {
    suite.port = await freePort();
    suite.hub = await restartableHub(suite.port);
  });
  after(async () => {
    await suite.hub?.stop();
  });
  return suite;
}
