// Auto Pets properties over many random games (fast-check, fixed seeds). Default sizes run
// in seconds; LONG=1 runs ten times more.

import { expect } from "chai";
import fc from "fast-check";
import { createFastRng } from "../../common/core/fastRng.js";
import { replay } from "../../common/core/session.js";
import { CARDS, MAX_BATTLE_STEPS, petsRules, runBattle, tierDeckKeys, viewGame, type PetsMove, type PetsState } from "../../common/pets/index.js";
import { accountingError, randomGame, scrambleHidden } from "./pets.helpers.js";

const LONG = !!process.env.LONG;
const GAMES = LONG ? 10_000 : 1000;
const CTX = { rng: null as never, now: 0 };
const PHYSICAL = [1, 2, 3, 4, 5, 6].reduce((n, t) => n + tierDeckKeys(t).length, 0);

/** A hostile or mistimed move built from a few random numbers. */
const junk = fc.oneof(
  fc.record({ type: fc.constant("buy"), slot: fc.integer({ min: -1, max: 5 }) }),
  fc.record({ type: fc.constantFrom("sell", "trade"), cards: fc.array(fc.integer({ min: -1, max: 400 }), { maxLength: 4 }) }),
  fc.record({ type: fc.constant("pick"), index: fc.integer({ min: -1, max: 2 }) }),
  fc.constant({ type: "pass" }),
  fc.record({ type: fc.constant("arrange"), order: fc.array(fc.integer({ min: 0, max: 400 }), { maxLength: 8 }) }),
  fc.anything(),
);

describe("pets properties", function () {
  this.timeout(LONG ? 600_000 : 60_000);

  it(`accounts for every card, never lets gold go negative, and ends every battle within the bound (${GAMES} games)`, () => {
    let maxSteps = 0;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.integer({ min: 2, max: 4 }), (seed, seats) => {
        const { state } = randomGame(seed, seats, (_before, after) => {
          const err = accountingError(after);
          if (err) throw new Error(err);
          if (after.kinds.slice(0, PHYSICAL).some((k) => k === "apple")) throw new Error("a physical card became an apple");
          for (const g of after.gold) if (g < 0 || g > 3) throw new Error(`gold ${g}`);
        });
        expect(state.battles).to.have.length(6 * Math.ceil(seats / 2));
        for (const b of state.battles) {
          const end = b.events.at(-1)!;
          if (end.e !== "end" || end.reason === "limit") throw new Error("battle hit the step bound");
          maxSteps = Math.max(maxSteps, b.events.filter((e) => e.e === "clash").length);
        }
      }),
      { numRuns: GAMES, seed: 20261130 },
    );
    expect(maxSteps).to.be.lessThan(MAX_BATTLE_STEPS);
  });

  it("ends random battles between any decks within the bound", () => {
    const keys = CARDS.map((_, i) => i);
    let worst = 0;
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...keys), { maxLength: 14 }), fc.array(fc.constantFrom(...keys), { maxLength: 14 }), fc.integer(), (a, b, seed) => {
        const r = runBattle(a, b, createFastRng(seed));
        worst = Math.max(worst, r.steps);
        return r.reason !== "limit" && r.steps < 200;
      }),
      { numRuns: LONG ? 200_000 : 20_000, seed: 7 },
    );
    expect(worst).to.be.greaterThan(3);
  });

  it("replays the same game from the same seed and log", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.integer({ min: 2, max: 4 }), (seed, seats) => {
        const { state, log } = randomGame(seed, seats);
        const again = replay(petsRules, { game: "pets", seed, config: { seats }, seats, log: log.map((l) => ({ ...l, t: 0 })) });
        return again.valid && JSON.stringify(again.state) === JSON.stringify(state);
      }),
      { numRuns: LONG ? 500 : 50, seed: 3 },
    );
  });

  it("changes nothing on a rejected move (dice included) and never mutates the input state", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.array(fc.tuple(fc.nat(3), junk), { minLength: 1, maxLength: 6 }), (seed, tries) => {
        const seats = 2 + (seed % 3);
        let checked = 0;
        randomGame(seed, seats, (before, after, seat, move) => {
          if (checked++ % 7) return;
          const snapshot = JSON.stringify(before);
          for (const [who, m] of tries) {
            const r = petsRules.apply(before, who % seats, m as PetsMove, CTX);
            if (JSON.stringify(before) !== snapshot) throw new Error(`apply mutated the state on ${JSON.stringify(m)}`);
            if (!r.ok && (!r.error.code || !r.error.message)) throw new Error("rejection without code or message");
          }
          // The accepted move did not touch its input either.
          const again = petsRules.apply(before, seat, move, CTX);
          if (!again.ok || JSON.stringify(again.state) !== JSON.stringify(after)) throw new Error("apply is not deterministic");
        });
      }),
      { numRuns: LONG ? 500 : 40, seed: 11 },
    );
  });

  it("probing every card id and pick tells nothing: what is not the seat's is refused alike wherever it is", () => {
    const r = createFastRng(17);
    const answer = (res: ReturnType<typeof petsRules.apply>) => (res.ok ? "ok" : `${res.error.code}: ${res.error.message}`);
    let probed = 0;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
        const seats = 2 + (seed % 3);
        let n = 0;
        randomGame(seed, seats, (_b, s: PetsState) => {
          if (n++ % 6) return;
          for (let seat = 0; seat < seats; seat++) {
            // Other hands, trade picks, tier decks and orders scrambled: the seat cannot tell.
            const twin = scrambleHidden(s, seat, r);
            const own = s.hands[seat];
            const kinds: Record<string, (id: number) => PetsMove> = {
              sell: (id) => ({ type: "sell", cards: [id] }),
              trade: (id) => ({ type: "trade", cards: [...own.slice(0, 2), id] }),
              arrange: (id) => ({ type: "arrange", order: [...own.slice(1), id] }),
            };
            for (const [kind, make] of Object.entries(kinds)) {
              const answers = new Set<string>();
              for (let id = 0; id < s.kinds.length + 3; id++) {
                if (own.includes(id)) continue;
                const a = answer(petsRules.apply(s, seat, make(id), CTX));
                if (answer(petsRules.apply(twin, seat, make(id), CTX)) !== a) throw new Error(`seat ${seat}'s ${kind} of card ${id} tells hidden data apart`);
                answers.add(a);
                probed++;
              }
              if (answers.size > 1) throw new Error(`seat ${seat}: ${kind} of cards not its own gets ${answers.size} answers: ${[...answers].join(" | ")}`);
            }
            for (let index = 0; index < 3; index++) {
              const m: PetsMove = { type: "pick", index };
              if (answer(petsRules.apply(twin, seat, m, CTX)) !== answer(petsRules.apply(s, seat, m, CTX))) throw new Error(`seat ${seat}'s pick ${index} tells hidden data apart`);
            }
          }
        });
      }),
      { numRuns: LONG ? 60 : 6, seed: 19 },
    );
    expect(probed).to.be.greaterThan(10_000);
  });

  it("never shows a seat or a spectator another seat's hidden data", () => {
    const r = createFastRng(5);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
        const seats = 2 + (seed % 3);
        let n = 0;
        randomGame(seed, seats, (_b, after: PetsState) => {
          if (n++ % 5) return;
          for (const viewer of [null, ...Array.from({ length: seats }, (_, i) => i)]) {
            const view = JSON.stringify(viewGame(after, viewer));
            const other = scrambleHidden(after, viewer ?? -1, r);
            if (JSON.stringify(viewGame(other, viewer)) !== view) throw new Error(`view of ${viewer} changed when hidden data changed`);
          }
        });
      }),
      { numRuns: LONG ? 300 : 30, seed: 13 },
    );
  });
});
