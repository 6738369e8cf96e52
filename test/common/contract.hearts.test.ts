// The contract kit over Hearts (contract.suite.ts), in a file of its own (OWN_FILE: its games
// are long): random games to 100 and to 50 points, every viewer's twin after every move (other
// hands and the cards put aside to pass dealt again), refusals probed for every card, replay and undo, parseMove fuzzed.
// Which events reach whom (deals and received cards: their own seat only) is pinned in
// hearts.rules.test.ts: the kit compares events only where the views after a move agree.

import { expect } from "chai";
import { heartsDef, type HeartsState } from "../../common/hearts/index.js";
import { playRandomGame } from "./contract.helpers.js";
import { contractSuite } from "./contract.suite.js";

contractSuite(heartsDef);

describe("the contract kit catches a Hearts leak", () => {
  const fails = (def: typeof heartsDef): string => {
    try {
      for (let seed = 1; seed <= 2; seed++) playRandomGame(def, {}, seed, { moves: 0, games: 0, rejected: 0, twins: 0, eventChecks: 0 });
    } catch (e) {
      return String((e as Error).message);
    }
    return "";
  };

  it("the next seat's hand in a view", () => {
    const leaky = { ...heartsDef, view: (s: HeartsState, v: number | null) => ({ ...heartsDef.view(s, v), next: s.hands[((v ?? 0) + 1) % 4] }) };
    expect(fails(leaky)).to.match(/could tell a twin apart/);
  });
});
