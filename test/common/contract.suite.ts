// The contract kit's suite for one game definition (contract.helpers.ts): random games to the
// end from many seeds (half the moves by the game's bot), replay and undo, rejected moves
// changing nothing, hidden information checked against twins for every viewer after every
// move, and parseMove fuzzed. contract.test.ts registers it for every game of
// common/games.ts, except the ones in OWN_FILE: their games are long, and a file of their
// own (contract.<id>.test.ts) lets `mocha --parallel` run them beside the rest.
// LONG=1 plays 10× the games.

import { expect } from "chai";
import type { AnyGameDef } from "../../common/core/game.js";
import { createRng } from "../../common/core/rng.js";
import { canon, checkReplay, configured, fuzzParseMove, playRandomGame, type KitTotals } from "./contract.helpers.js";

/** Games whose contract suite runs from contract.<id>.test.ts instead of contract.test.ts. */
export const OWN_FILE: ReadonlySet<string> = new Set(["pets", "hearts"]);

const SEEDS = process.env.LONG ? 60 : 6;
/**
 * Examples whose games are long enough that the default run plays fewer of them: a four-seat
 * Commander game (100-card decks, every viewer checked after every move) takes ~15 s here.
 * LONG=1 plays the full count.
 */
const FEWER: Record<string, number> = { 'table {"seats":4,"format":"commander"}': 2 };
const seedsOf = (id: string, options: Record<string, unknown>) => (process.env.LONG ? SEEDS : FEWER[`${id} ${canon(options)}`] ?? SEEDS);

/** Registers `def`'s contract suite in the current describe block. */
export function contractSuite(def: AnyGameDef): void {
  describe(`contract: ${def.id}`, () => {
    const examples = def.examples ?? [{}];

    it("configures its examples within its seat range, and refuses bad options with a message", () => {
      for (const options of examples) {
        const c = configured(def, options);
        expect(c.seats).to.be.within(def.seats.min, def.seats.max);
        expect(c.bots).to.be.within(0, c.seats - 1);
      }
      for (const bad of [{ mode: "nope" }, { seats: 99 }, { seats: "2" }, { timer: -5 }, { level: 7 }]) {
        const r = def.configure(bad);
        if (!r.ok) expect(r.error.message).to.be.a("string").and.match(/\w/);
      }
      expect(def.configure({ mode: { evil: true } }).ok).to.equal(false);
    });

    for (const options of examples) {
      const SEEDS = seedsOf(def.id, options);
      it(`plays ${SEEDS} random games to the end ${canon(options)}: legal moves, bots, privacy, rejections, replay and undo`, function () {
        this.timeout(120_000);
        const totals: KitTotals = { moves: 0, games: 0, rejected: 0, twins: 0, eventChecks: 0 };
        for (let seed = 1; seed <= SEEDS; seed++) {
          const session = playRandomGame(def, options, seed * 7919, totals);
          checkReplay(def, session, createRng(seed, 0x0d0), `${def.id} ${canon(options)} seed ${seed}`);
        }
        expect(totals.games).to.equal(SEEDS);
        expect(totals.rejected, "some moves were tried and refused").to.be.greaterThan(0);
        if (def.twin && totals.moves > SEEDS * 4) expect(totals.twins, "the game declares hidden information: twins were checked").to.be.greaterThan(0);
        if (def.probes && totals.moves > SEEDS * 20) expect(totals.probes ?? 0, "the game names hidden things: probes were compared").to.be.greaterThan(0);
      });
    }

    it("answers garbage messages with a rejection, never an exception (fuzz)", () => {
      const c = configured(def, examples[0]);
      const sample = def.setup(1, c.config, c.seats);
      fuzzParseMove(def, 0xf0, process.env.LONG ? 20_000 : 2_000, sample);
    });
  });
}
