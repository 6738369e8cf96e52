// The sparring partner's turn (common/table/sparring.ts): a land, then what it can afford by
// mana value (data, else the text card's cost), tapping the lands it used, then pass; one card
// when nothing says what it costs; the same game gives the same turn.

import { expect } from "chai";
import { createRng } from "../../common/core/rng.js";
import { manaValue, playSparringTurn, resolve, sparringToAct, type Action, type TableGame } from "../../common/table/index.js";
import { act, names, started } from "./table.helpers.js";

function turnOf(g0: TableGame): { game: TableGame; steps: Action[] } {
  let g = g0;
  const seat = sparringToAct(g)!;
  const steps = playSparringTurn(g, seat, (a) => {
    const r = resolve(g, seat, a, createRng(g.seq + 1), 1000);
    if (!r.ok) return null;
    g = r.game;
    return g;
  });
  return { game: g, steps };
}

describe("card table: the sparring partner", () => {
  it("mana value from the data, else the cost; X counts 0; unknown is null", () => {
    expect(manaValue({ name: "a", mv: 5 })).to.equal(5);
    expect(manaValue({ name: "b", cost: "{2}{G}{G}" })).to.equal(4);
    expect(manaValue({ name: "c", cost: "{X}{R}" })).to.equal(1);
    expect(manaValue({ name: "d" })).to.equal(null);
  });

  it("plays a land, then what its lands pay for, taps them, passes; deterministic", () => {
    let g = started(2, { sparring: [1] });
    expect(sparringToAct(g)).to.equal(null);
    g = act(g, 0, { do: "passTurn" }).game;
    expect(sparringToAct(g)).to.equal(1);
    const one = turnOf(g);
    const two = turnOf(g);
    expect(one.steps).to.deep.equal(two.steps);
    expect(one.steps.at(-1)).to.deep.equal({ do: "passTurn" });
    const field = names(one.game, "battlefield", 1);
    expect(field.filter((n) => n === "Forest")).to.have.length(1, "one land");
    // one land: at most one mana spent, so at most one card of mana value 1 besides it
    const moves = one.steps.filter((a) => a.do === "move").length;
    expect(moves - 1, "the cards cast besides the land").to.be.at.most(1);
    expect(one.game.turn.active).to.equal(0);
  });

  it("plays one card when none says what it costs", () => {
    const deck = { main: [{ count: 40, def: { name: "Mystery" } }], commander: [], companion: [], sideboard: [], maybeboard: [], tokens: [], planes: [], schemes: [] };
    let g = started(2, { sparring: [1], decks: [deck, deck] });
    g = act(g, 0, { do: "passTurn" }).game;
    const { steps } = turnOf(g);
    expect(steps.map((a) => a.do)).to.deep.equal(["move", "passTurn"]);
  });

  it("a list without types (a deck file, no card data) still plays its basic lands as lands", () => {
    const deck = { main: [{ count: 20, def: { name: "Mountain" } }, { count: 20, def: { name: "Ogre" } }], commander: [], companion: [], sideboard: [], maybeboard: [], tokens: [], planes: [], schemes: [] };
    let g = started(2, { sparring: [1], decks: [deck, deck] });
    g = act(g, 0, { do: "passTurn" }).game;
    const { game } = turnOf(g);
    expect(names(game, "battlefield", 1)).to.include("Mountain");
  });
});
