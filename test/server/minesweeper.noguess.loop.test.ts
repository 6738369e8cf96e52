// No-guess boards are made off the event loop (issue 36, point 5): a Nightmare board took
// 836 ms and a 100 × 100 one with 2,500 mines 1,156 ms inside the first reveal, and every
// room of the process waited. Now the board is made on a worker thread while the room
// shows it in words, other rooms' moves are answered meanwhile, the work is bounded per
// room and per address, and the move is still a pure function of seed and log (a replay
// rebuilds the same board). Figures: `npm run bench noguess`; this suite asserts order and
// counts only.

import { expect } from "chai";
import { GameSession, replay } from "../../common/core/session.js";
import { MAKING_NO_GUESS_BOARD, minesweeperDef, minesweeperRaceDef, minesweeperRules, resolveConfig } from "../../common/minesweeper/index.js";
import { GameRoom } from "../../server/rooms/game/GameRoom.js";
import { PREPARE_PER_ADDRESS } from "../../server/rooms/game/preparing.js";
import type { MinesweeperRoom } from "../../server/rooms/minesweeper/index.js";
import { NO_RATE_LIMITS, seated, until, useHub, type SeatedClient } from "../helpers/hub.js";
import { testPort } from "../helpers/ports.js";
import { cellsOf } from "../helpers/boardRows.js";

const NIGHTMARE = { mode: "solo", level: "nightmare", noGuess: true };
const BIG = { mode: "solo", level: "custom", rows: 100, cols: 100, mines: 2500, noGuess: true };

/** The board is on screen: a reveal opened cells (or ended the game). */
const opened = (p: SeatedClient) => p.room.state.phase !== "fresh";

describe("minesweeper no-guess: the board is made off the event loop", function () {
  this.timeout(300_000);
  const hub = useHub(testPort(2852), NO_RATE_LIMITS);

  it("while a Nightmare and a 100×100 board are made, another room's moves are answered, and both players read that their board is being made", async () => {
    const sdk = hub.colyseus.sdk;
    const nightmare = await seated(sdk.create("minesweeper", NIGHTMARE));
    const big = await seated(sdk.create("minesweeper", BIG));
    const other = await seated(sdk.create("minesweeper", { mode: "solo", level: "beginner" }));
    for (const p of [nightmare, big]) expect(p.room.state.preparing, "nothing is being made yet").to.equal("");

    nightmare.room.send("reveal", { r: 10, c: 15 });
    big.room.send("reveal", { r: 50, c: 50 });
    // The other room's player flags and unflags a cell, each answered before the next is sent.
    let answered = 0;
    let answeredWhileMaking = 0;
    let sawWords = 0;
    while (!(opened(nightmare) && opened(big)) && answered < 2000) {
      const making = [nightmare, big].filter((p) => !opened(p));
      other.room.send("flag", { r: 0, c: 0 });
      await other.probe.sync();
      answered++;
      // Counted only when the answer came while a board was still being made (no patch of it yet).
      if (making.some((p) => !opened(p))) answeredWhileMaking++;
      if (making.some((p) => p.room.state.preparing === MAKING_NO_GUESS_BOARD)) sawWords++;
    }
    expect(answeredWhileMaking, "moves of another room answered while the boards were made").to.be.at.least(3);
    expect(sawWords, "the players read that their board is being made").to.be.above(0);
    await until(() => opened(nightmare) && opened(big), 180_000, "both boards");
    for (const p of [nightmare, big]) {
      await p.probe.sync();
      expect(p.room.state.preparing, "the words are gone with the board").to.equal("");
      expect(["proven", "fallback"]).to.include(p.room.state.noGuess);
      expect(p.probe.of("error"), "the reveal itself was accepted").to.deep.equal([]);
    }

    // The board is what the rules make from the seed: a replay of the log without any help
    // (a restore, a stored game) rebuilds the same mines.
    for (const p of [nightmare, big]) {
      const game = hub.room<MinesweeperRoom>(p.room.roomId).session!;
      const again = replay(minesweeperDef, game.record());
      if (!again.valid) expect.fail(again.reason);
      expect(Array.from(again.state.mines!)).to.deep.equal(Array.from(game.state.mines!));
    }
    await Promise.all([nightmare, big, other].map((p) => p.room.leave()));
  });

  it("bounded: while its board is made a room refuses another reveal and a restart in words; one address makes at most 2 boards at once", async () => {
    const sdk = hub.colyseus.sdk;
    const players = [];
    for (let i = 0; i <= PREPARE_PER_ADDRESS; i++) players.push(await seated(sdk.create("minesweeper", BIG)));
    const [first, second, third] = players;
    first.room.send("reveal", { r: 1, c: 1 });
    second.room.send("reveal", { r: 1, c: 1 });
    await first.probe.until(() => first.room.state.preparing === MAKING_NO_GUESS_BOARD || undefined, 10_000, "the words");
    // A client hammering restart + reveal queues nothing: each is refused, saying why.
    for (let i = 0; i < 5; i++) {
      first.room.send("restart", {});
      first.room.send("reveal", { r: 2, c: 2 });
    }
    third.room.send("reveal", { r: 1, c: 1 });
    const refusals = await first.probe.until(() => (first.probe.of("error").length >= 10 ? first.probe.of("error") : undefined), 10_000, "ten refusals");
    expect(refusals.map((e: any) => e.code)).to.deep.equal(new Array(10).fill("preparing"));
    expect(refusals[0].message).to.equal("Making a board without guesses: wait a moment, then try again.");
    expect(refusals.map((e: any) => e.type)).to.deep.equal(Array.from({ length: 10 }, (_, i) => (i % 2 ? "reveal" : "restart")));
    const busy = await third.probe.next("error", 0);
    expect(busy.code).to.equal("busy");
    expect(busy.message).to.match(/already waiting for 2 boards/);
    expect(third.room.state.phase, "the refused reveal changed nothing").to.equal("fresh");
    expect(third.room.state.preparing).to.equal("");

    await until(() => opened(first) && opened(second), 180_000, "the two boards");
    // The first reveal opened the board once; its refused restarts and reveals changed nothing.
    const game = hub.room<MinesweeperRoom>(first.room.roomId).session!;
    expect(game.log.map((m) => m.move)).to.deep.equal([{ type: "reveal", r: 1, c: 1 }]);
    // Once made, the address may make another.
    third.room.send("reveal", { r: 1, c: 1 });
    await until(() => opened(third), 180_000, "the third board");
    expect(third.probe.of("error")).to.have.length(1);
    await Promise.all(players.map((p) => p.room.leave()));
  });

  // (issue 45: moved from test/e2e/minesweeper.noguess.test.ts, which keeps Beginner's solo on a
  // desktop, Intermediate's co-op on a phone and every level's race in pages)
  it("quick play of no-guess solo and co-op on every level: 'on' before the first click, then a region and 'proven'", async () => {
    const sdk = hub.colyseus.sdk;
    for (const [level, rows, cols] of [["beginner", 9, 9], ["intermediate", 16, 16], ["expert", 16, 30]] as const) {
      for (const mode of ["solo", "coop"] as const) {
        const p = await seated(sdk.joinOrCreate("minesweeper", { mode, level, noGuess: true, name: `Nia ${mode}` }));
        const what = `${level} ${mode}`;
        expect(p.room.state.noGuess, `${what}: the board's no-guess status before the first click`).to.equal("on");
        expect([p.room.state.rows, p.room.state.cols], `${what}: the level's size`).to.deep.equal([rows, cols]);
        expect(cellsOf(p.room.state).filter((c) => c <= 8), `${what}: nothing open before the first click`).to.have.length(0);
        p.room.send("reveal", { r: Math.floor(rows / 2), c: Math.floor(cols / 2) });
        await p.probe.until(() => (p.room.state.phase === "active" && cellsOf(p.room.state).some((c) => c <= 8)) || undefined, 60_000, `${what}: the first reveal`);
        expect(cellsOf(p.room.state).filter((c) => c <= 8).length, `${what}: the first click opens a region`).to.be.greaterThan(1);
        expect(p.room.state.noGuess, `${what}: proven from the first click`).to.equal("proven");
        await p.room.leave();
      }
    }
  });

  it("a no-guess race's go is made off the loop too: the racers read the words, then race on one proven board", async () => {
    const sdk = hub.colyseus.sdk;
    const a = await seated(sdk.create("minesweeper", { mode: "race", seats: 2, level: "custom", rows: 100, cols: 100, mines: 2500, noGuess: true, name: "A" }));
    const b = await seated(sdk.joinById(a.room.roomId, { name: "B" }));
    a.room.send("ready", { ready: true });
    b.room.send("ready", { ready: true });
    await a.probe.until(() => a.room.state.preparing === MAKING_NO_GUESS_BOARD || undefined, 20_000, "the words");
    await a.probe.until(() => a.room.state.phase === "racing" || a.room.state.phase === "over" || undefined, 180_000, "the go");
    expect(a.room.state.preparing).to.equal("");
    const game = hub.room<MinesweeperRoom>(a.room.roomId).session!;
    const again = replay(minesweeperRaceDef, game.record() as never);
    if (!again.valid) expect.fail(again.reason);
    expect(Array.from((again.state as any).boards[0].mines)).to.deep.equal(Array.from((game.state as any).boards[1].mines));
    await Promise.all([a, b].map((p) => p.room.leave()));
  });

  it("an offline no-guess game sent for checking is verified (its board made on the verifier's thread: server/rooms/minesweeper/soloVerifier.ts)", async () => {
    const seed = "0123456789abcdef0123456789abcdef";
    const resolved = resolveConfig({ level: "nightmare", noGuess: true });
    if (!resolved.ok) throw new Error(resolved.error.message);
    const session = new GameSession(minesweeperRules, seed, resolved.config, 1);
    let t = 1_000;
    session.apply(0, { type: "reveal", r: 10, c: 15 }, t);
    for (let i = 0; i < session.state.status.length && session.state.phase === "active"; i++) {
      if (session.state.status[i] === 0 && !session.state.mines![i]) session.apply(0, { type: "reveal", r: Math.floor(i / 30), c: i % 30 }, (t += 250));
    }
    expect(session.state.phase).to.equal("won");
    {
      const res = await fetch(`http://127.0.0.1:${hub.port}/api/minesweeper/replays`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ seed, level: "nightmare", noGuess: true, log: session.log.map(({ move, t }) => ({ move, t })) }),
      });
      const body = await res.json();
      expect(res.status, JSON.stringify(body)).to.equal(201);
      expect(body.verified).to.equal(true);
    }
  });
});
