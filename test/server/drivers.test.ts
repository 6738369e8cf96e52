// A new game must not be silently skipped by the load and durability tools: every room name of
// the registry has a soak plan (bench/soak/driver.ts) and a restart driver (test/helpers/durable.ts
// DRIVERS) or a restart suite of its own (RESTARTED_ELSEWHERE); no tool plays a game the
// registry no longer has; the one driver (test/helpers/driver.ts) plays every definition of the
// registry (through its bot, or the view chooser its wire entry gives when it has none), in the
// restart tests and the soak, and it plays each of them to the end from nothing but a seat's
// view. Pure: reads the lists and plays the rules, starts no server.
import { expect } from "chai";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { AnyGameDef, TypedMove } from "../../common/core/game.js";
import { createRng } from "../../common/core/rng.js";
import { GAMES, ROOM_NAMES } from "../../common/games.js";
import type { Plan } from "../../bench/soak/driver.js";
import { ROOMS } from "../../server/games.js";
import { moveFromView, VIEW_DRIVEN } from "../helpers/driver.js";
import { DRIVERS, RESTARTED_ELSEWHERE } from "../helpers/durable.js";
import { WIRE_GAMES } from "../helpers/wireGames.js";

const ROOT = join(import.meta.dirname, "..", "..");

describe("the registry and the drivers that play it", () => {
  let PLANS: readonly Plan[] = [];
  before(async () => {
    // the soak driver silences the console (its clients' noise): mocha's reporter writes there
    const saved = { log: console.log, info: console.info, warn: console.warn, error: console.error };
    ({ PLANS } = await import("../../bench/soak/driver.js"));
    Object.assign(console, saved);
  });

  it("the server's rooms are the registry's room names", () => {
    expect(ROOMS.map((r) => r.name)).to.deep.equal([...ROOM_NAMES]);
  });

  it("the soak driver plays every game, and only games the registry has", () => {
    const soaked = new Set(PLANS.map((p) => p.game).filter((g) => g !== "any"));
    expect(ROOM_NAMES.filter((g) => !soaked.has(g)), "games without a soak plan").to.deep.equal([]);
    expect([...soaked].filter((g) => !ROOM_NAMES.includes(g)), "soak plans for unknown games").to.deep.equal([]);
  });

  it("every game is restarted: a durability driver, or a suite of its own that plays it", () => {
    const driven = new Set(DRIVERS.map((d) => d.game));
    for (const game of ROOM_NAMES) {
      if (driven.has(game)) continue;
      const file = RESTARTED_ELSEWHERE[game];
      expect(file, `${game}: no restart driver in test/helpers/durable.ts and no suite named in RESTARTED_ELSEWHERE`).to.be.a("string");
      expect(existsSync(join(ROOT, file)), `${game}: ${file} exists`).to.equal(true);
      const text = readFileSync(join(ROOT, file), "utf8");
      expect(text, `${file} plays ${game}`).to.match(new RegExp(`["']${game}["']`));
      expect(text, `${file} plays ${game} through the one driver`).to.match(/driveFromView/);
    }
    expect([...driven, ...Object.keys(RESTARTED_ELSEWHERE)].filter((g) => !ROOM_NAMES.includes(g)), "drivers for unknown games").to.deep.equal([]);
  });

  it("every registry definition has a wire reader, and the one driver plays every one of them", () => {
    const read = new Set(WIRE_GAMES.map((g) => g.def.id));
    expect(GAMES.map((d) => d.id).filter((id) => !read.has(id)), "definitions without a reader in wireGames.ts").to.deep.equal([]);
    // No exceptions: a game without a bot gives its wire entry a `player` (docs/adding-a-game.md).
    const own = WIRE_GAMES.filter((g) => !VIEW_DRIVEN.includes(g)).map((g) => g.def.id);
    expect(own, "definitions the one driver does not play (no bot and no player, or no View read)").to.deep.equal([]);
  });

  it("the restart tests and the soak play every game the one driver plays, through it", () => {
    for (const g of VIEW_DRIVEN) {
      const d = DRIVERS.find((x) => x.game === g.room);
      if (RESTARTED_ELSEWHERE[g.room] === undefined) {
        expect(d, `${g.room}: a restart driver`).to.not.equal(undefined);
        expect(String(d!.choose), `${g.room}: DRIVERS plays it through driveFromView`).to.match(/driveFromView/);
      }
      const plans = PLANS.filter((p) => p.game === g.room);
      expect(plans.length, `${g.room}: soak plans`).to.be.at.least(1);
      for (const p of plans) expect(p.fromView, `${g.room} ${p.how}: the soak plays it from its view`).to.equal(true);
    }
  });

  // Everything the driver reads is the seat's carried view (what its client joins from the
  // wire; a player reads its game's whole `View`, which its reader rebuilds: the wire test
  // holds the decoded part to the rules' cut); every move it picks must be one the rules
  // accept, and games must end: after ENDING_AFTER moves the test asks for the end (a player
  // then reveals or concedes; a bot plays on as before).
  const ENDING_AFTER = 40;
  for (const g of VIEW_DRIVEN) {
    it(`${g.def.id}: the one driver plays whole games from a seat's view alone, every move accepted`, () => {
      const def = g.def as AnyGameDef;
      const parsed = def.configure(g.options);
      if (!parsed.ok) throw new Error(`${g.def.id}: ${parsed.error.message}`);
      const { config, seats } = parsed.value;
      const lengths: number[] = [];
      for (let game = 0; game < 3; game++) {
        const rng = createRng(0xd21e + game, 3);
        let state = def.setup(0xd21e + game, config, seats);
        let moves = 0;
        for (; def.status(state) !== "finished" && moves < 5000; moves++) {
          // The room's own moves (the race's go once everyone is ready).
          const byRoom = def.status(state) === "waiting" ? def.roomMove?.(state) : null;
          if (byRoom) {
            const r = def.apply(state, byRoom.seat, byRoom.move, { rng, now: 1_000 + moves });
            if (!r.ok) throw new Error(`${g.def.id}: the room's ${JSON.stringify(byRoom.move)} refused: ${r.error.message}`);
            state = r.state;
            continue;
          }
          const acting = def.whoActs(state).seats;
          expect(acting.length, `${g.def.id} game ${game}: someone acts after ${moves} moves`).to.be.above(0);
          const choose = (seat: number) => {
            const reader = { roomSeat: seat, gameSeat: seat };
            const rules = def.view(state, seat);
            const view = g.viewFromRules ? g.viewFromRules(rules, reader) : g.player ? rules : g.carried(rules, reader);
            return moveFromView(g, view, seat, rng, moves >= ENDING_AFTER);
          };
          // An acting seat at random; for a player, the next one with something to do when it
          // has none (a table player who kept waits while the others decide).
          let seat = acting[rng.int(acting.length)];
          let m = choose(seat);
          for (const other of g.player ? acting : []) {
            if (m !== null) break;
            seat = other;
            m = choose(seat);
          }
          expect(m, `${g.def.id} game ${game}: a seat of ${acting.join(", ")} has a move after ${moves}`).to.not.equal(null);
          const move = def.parseMove(m!.type, m!.payload, config);
          if (!move.ok) throw new Error(`${g.def.id}: ${m!.type} ${JSON.stringify(m!.payload)} does not parse: ${move.error.message}`);
          const r = def.apply(state, seat, move.value as TypedMove, { rng, now: 1_000 + moves });
          if (!r.ok) throw new Error(`${g.def.id}: ${m!.type} ${JSON.stringify(m!.payload)} by seat ${seat} refused: ${r.error.message}`);
          state = r.state;
        }
        expect(def.status(state), `${g.def.id} game ${game} ended within 5000 moves`).to.equal("finished");
        lengths.push(moves);
      }
      console.log(`      ${g.def.id}: games of ${lengths.join(", ")} moves`);
    });
  }
});
