// The client's "why can't I buy / pass" is the rules' own check: over random games, for every
// seat, `whyNoBuy` and `whyNoPass` on what that seat is shown (its view) say a buy or a pass is
// open exactly when the rules list one among its legal moves.

import { expect } from "chai";
import { petsDef, shopFactsOf, shopFactsOfView, viewGame, whyNoBuy, whyNoPass, type PetsState } from "../../common/pets/index.js";
import { randomGame } from "./pets.helpers.js";

const GAMES = process.env.LONG ? 400 : 40;

describe("pets affordances: the shop's buy and pass hints agree with the legal moves", () => {
  it(`${GAMES} random games, every seat at every step`, () => {
    let states = 0;
    let open = 0;
    let refusedPasses = 0;
    const problems: string[] = [];
    const check = (s: PetsState) => {
      for (let seat = 0; seat < s.seats; seat++) {
        const view = viewGame(s, seat);
        const why = whyNoBuy(shopFactsOfView(view, seat));
        expect(shopFactsOfView(view, seat), "the view carries the facts the state has").to.deep.equal(shopFactsOf(s, seat));
        const canBuy = why === null && view.row.some((c) => c !== null);
        const legal = petsDef.legalMoves!(s, seat).some((m) => m.type === "buy");
        if (canBuy !== legal && problems.length < 5) problems.push(`round ${s.round} ${s.phase}, seat ${seat}: hint ${why?.code ?? "open"}, legal buy ${legal}`);
        const noPass = whyNoPass(shopFactsOfView(view, seat));
        const legalPass = petsDef.legalMoves!(s, seat).some((m) => m.type === "pass");
        if ((noPass === null) !== legalPass && problems.length < 5) problems.push(`round ${s.round} ${s.phase}, seat ${seat}: pass hint ${noPass?.code ?? "open"}, legal pass ${legalPass}`);
        if (noPass?.code === "too-many-pets") {
          refusedPasses++;
          expect(petsDef.apply(s, seat, { type: "pass" }, { rng: null as never, now: 0 }), "the rules refuse that pass with the same words").to.deep.include({ ok: false, error: noPass });
        }
        states++;
        if (canBuy) open++;
      }
    };
    for (let g = 0; g < GAMES; g++) randomGame(9000 + g, 2 + (g % 7), (_before, after) => check(after));
    expect(problems).to.deep.equal([]);
    expect(open, "some states had a buy open").to.be.greaterThan(GAMES);
    expect(states - open, "and some had none").to.be.greaterThan(GAMES);
    expect(refusedPasses, "some shop turns held too many pets to pass").to.be.greaterThan(0);
  });
});
