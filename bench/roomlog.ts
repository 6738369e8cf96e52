// The room log's cost per move (issues 13, 17), SQLite in WAL mode, file-backed, same moves
// in every run (Connect Four with and without a turn timer, whose deadline changes with every
// move, and Cubestacc, from fixed seeds; every move goes through GameSession as in the room):
//   none    no log: the frame's durable part is nothing (the baseline)
//   after   the path before issue 17: the move applied, then one write of everything (move,
//           deadline) before the patch — a write that fails then loses an applied move
//   ahead   the room's path now: the move written before it applies, with the turn timer's
//           deadline it leads to (RoomDurability.saveMove from GameSession.apply's admit), then
//           whatever else changed before the patch (RoomDurability.save: nothing, here)
// Each mode runs ROUNDS times, interleaved (the machine is shared: a median of interleaved
// runs is steadier than one long run). Only the durable parts are timed (the rules' own time
// is the same in every mode). Prints one table and writes bench/results/roomlog.json.

import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { connect4Def } from "../common/connect4/index.js";
import { cubestaccDef } from "../common/cubestacc/index.js";
import type { AnyGameDef } from "../common/core/game.js";
import { createRng } from "../common/core/rng.js";
import { GameSession } from "../common/core/session.js";
import { RoomDurability, type RoomNow } from "../server/rooms/game/durable.js";
import { SqliteRoomLog, type LoggedSeat, type RoomLog } from "../server/store/RoomLog.js";

import { announceQuick, quick, writeResult } from "./lib/section.js";

const GAMES = Number(process.env.GAMES) || quick(200, 5);
const ROUNDS = Number(process.env.ROUNDS) || quick(3, 1);
announceQuick("roomlog");

type Mode = "none" | "after" | "ahead";
const seats: LoggedSeat[] = [0, 1].map((i) => ({ name: `P${i}`, tokenHash: "ab".repeat(32), occupied: true, bot: false, botPlays: false, ready: false }));

/** Plays GAMES games of `def`; returns ns per move spent in the frame's durable part. */
function run(def: AnyGameDef, options: Record<string, unknown>, log: RoomLog | undefined, mode: Mode, timed: boolean, tag: string): { nsPerMove: number; moves: number } {
  const c = def.configure(options);
  if (!c.ok) throw new Error(c.error.message);
  let spent = 0n;
  let moves = 0;
  const rng = createRng(0xbe7c, 1);
  for (let gameNo = 1; gameNo <= GAMES; gameNo++) {
    const durable = new RoomDurability(mode === "none" ? undefined : log, () => "bench");
    const game = new GameSession(def, 1000 + gameNo, c.value.config, 2);
    const roomId = `${tag}${gameNo}`;
    // `moves`: the deadline is the one after that many moves (the room writes a move with the deadline it leads to).
    const now = (moves = game.log.length): RoomNow => ({
      header: { roomId, roomName: def.id, private: false, options, owner: 0, gameNo, phase: "playing", result: "", seed: game.seed, order: [0, 1], startedAt: 0, botSeed: 1, seats },
      moves: game.log,
      deadlines: { deadline: timed ? 1_800_000_000_000 + moves : 0, together: 0 },
    });
    durable.open(now());
    while (def.status(game.state) !== "finished" && game.log.length < 400) {
      const who = def.whoActs(game.state);
      const g = who.seats[rng.int(who.seats.length)] ?? 0;
      const legal = def.legalMoves(game.state, g);
      if (!legal.length) break;
      const move = legal[rng.int(legal.length)];
      let inAdmit = 0n;
      const admit =
        mode === "ahead"
          ? (entry: { seat: number; move: unknown; t: number }, index: number) => {
              const t0 = process.hrtime.bigint();
              const refused = durable.saveMove(now(index + 1), entry, index, moves);
              inAdmit += process.hrtime.bigint() - t0;
              return refused ?? undefined;
            }
          : undefined;
      if (!game.apply(g, move, moves, admit).ok) continue;
      const t0 = process.hrtime.bigint();
      durable.save(now(), moves);
      spent += process.hrtime.bigint() - t0 + inAdmit;
      moves++;
    }
  }
  return { nsPerMove: Number(spent) / moves, moves };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const us = (ns: number) => +(ns / 1000).toFixed(2);

const dir = mkdtempSync(path.join(os.tmpdir(), "bench-roomlog-"));
const rows: Record<string, unknown>[] = [];
try {
  const cases = [
    [connect4Def, { timer: 30 }, true],
    [connect4Def, { timer: 0 }, false],
    [cubestaccDef, { seats: 2 }, false],
  ] as const;
  for (const [def, options, timed] of cases) {
    const log = new SqliteRoomLog(path.join(dir, `${def.id}-${timed}.sqlite`));
    run(def as AnyGameDef, options, log, "ahead", timed, "warm"); // warm-up (JIT, the file's first pages)
    const figures: Record<Mode, number[]> = { none: [], after: [], ahead: [] };
    let movesPerRun = 0;
    for (let round = 0; round < ROUNDS; round++) {
      for (const mode of ["none", "after", "ahead"] as const) {
        const r = run(def as AnyGameDef, options, log, mode, timed, `${mode}${round}-`);
        figures[mode].push(r.nsPerMove);
        movesPerRun = r.moves;
      }
    }
    log.close();
    const [none, after, ahead] = [median(figures.none), median(figures.after), median(figures.ahead)];
    rows.push({
      game: def.id,
      timer: timed,
      moves: movesPerRun,
      noLogUs: us(none),
      afterUs: us(after),
      aheadUs: us(ahead),
      "ahead/after": +(ahead / after).toFixed(2),
    });
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log(
  `room log, µs per move in the frame's durable part (median of ${ROUNDS} interleaved runs): no log; written once after the move applied (before issue 17); written before it applies, then what changed before the patch (now)`,
);
console.table(rows);
console.log(`wrote ${writeResult("roomlog", { measuredAt: new Date().toISOString(), games: GAMES, rounds: ROUNDS, rows })}`);
