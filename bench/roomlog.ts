// The room log's cost per move (issue 13): a move's frame with the durable write
// (RoomDurability.save → one SQLite transaction in WAL mode, file-backed) against the same
// frame without a log (same run, same moves). Connect Four and Cubestacc games from fixed
// seeds; every move is applied through GameSession as the room does.
// Prints one table and writes bench/results/roomlog.json.

import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { connect4Def } from "../common/connect4/index.js";
import { cubestaccDef } from "../common/cubestacc/index.js";
import type { AnyGameDef } from "../common/core/game.js";
import { createRng } from "../common/core/rng.js";
import { GameSession } from "../common/core/session.js";
import { RoomDurability } from "../server/rooms/game/durable.js";
import { SqliteRoomLog, type LoggedSeat, type RoomLog } from "../server/store/RoomLog.js";

import { announceQuick, quick, writeResult } from "./lib/section.js";

const GAMES = Number(process.env.GAMES) || quick(300, 5);
announceQuick("roomlog");

const seats: LoggedSeat[] = [0, 1].map((i) => ({ name: `P${i}`, tokenHash: "ab".repeat(32), occupied: true, bot: false, botPlays: false, ready: false }));

/** Plays GAMES games of `def`; returns ns per move spent in the frame's durable part (save, with or without a log). */
function run(def: AnyGameDef, options: Record<string, unknown>, log: RoomLog | undefined): { nsPerMove: number; moves: number } {
  const c = def.configure(options);
  if (!c.ok) throw new Error(c.error.message);
  let spent = 0n;
  let moves = 0;
  const rng = createRng(0xbe7c, 1);
  for (let gameNo = 1; gameNo <= GAMES; gameNo++) {
    const durable = new RoomDurability(log, () => "bench");
    const game = new GameSession(def, 1000 + gameNo, c.value.config, 2);
    const roomId = `bench${gameNo}`;
    while (def.status(game.state) !== "finished" && game.log.length < 400) {
      const who = def.whoActs(game.state);
      const g = who.seats[rng.int(who.seats.length)] ?? 0;
      const legal = def.legalMoves(game.state, g);
      if (!legal.length) break;
      if (!game.apply(g, legal[rng.int(legal.length)], moves).ok) continue;
      const t0 = process.hrtime.bigint();
      durable.save({
        header: { roomId, roomName: def.id, private: false, options, owner: 0, gameNo, phase: "playing", result: "", seed: game.seed, order: [0, 1], startedAt: 0, botSeed: 1, seats },
        moves: game.log,
        deadlines: { deadline: 1_800_000_000_000 + game.log.length, together: 0 },
      });
      spent += process.hrtime.bigint() - t0;
      moves++;
    }
  }
  return { nsPerMove: Number(spent) / moves, moves };
}

const dir = mkdtempSync(path.join(os.tmpdir(), "bench-roomlog-"));
const rows: Record<string, unknown>[] = [];
try {
  for (const [def, options] of [[connect4Def, { timer: 30 }], [cubestaccDef, { seats: 2 }]] as const) {
    run(def as AnyGameDef, options, undefined); // warm-up
    const base = run(def as AnyGameDef, options, undefined);
    const log = new SqliteRoomLog(path.join(dir, `${def.id}.sqlite`));
    const logged = run(def as AnyGameDef, options, log);
    log.close();
    rows.push({ game: def.id, moves: logged.moves, baselineUs: +(base.nsPerMove / 1000).toFixed(2), withLogUs: +(logged.nsPerMove / 1000).toFixed(2), costUs: +((logged.nsPerMove - base.nsPerMove) / 1000).toFixed(2) });
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log("room log, cost per move (µs): the frame's durable part without a log (baseline) vs with the SQLite log (WAL, synchronous=NORMAL, file)");
console.table(rows);
console.log(`wrote ${writeResult("roomlog", { measuredAt: new Date().toISOString(), games: GAMES, rows })}`);
