// One test per catalogue action: the game before, the event resolved, the game after.
// CASES is typed by the catalogue, so a new action without a case (in one of the four files
// below, by what the action works on) does not compile, and the first test fails at run time too.

import { expect } from "chai";
import { ACTION_KINDS, type ActionKind } from "../../common/table/index.js";
import { cardsCases } from "./table.actions.cards.js";
import { gameCases } from "./table.actions.game.js";
import { libraryCases } from "./table.actions.library.js";
import { playersCases } from "./table.actions.players.js";

const CASES: Record<ActionKind, () => void> = { ...cardsCases, ...libraryCases, ...playersCases, ...gameCases };

describe("card table: every catalogue action (before → event → after)", () => {
  it("has a test for every action of the catalogue", () => {
    expect(Object.keys(CASES).sort()).to.deep.equal([...ACTION_KINDS].sort());
  });
  for (const kind of ACTION_KINDS) it(kind, () => CASES[kind]());
});
