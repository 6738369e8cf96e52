// The catalogue actions on a library and the opening hand: draw, mill, look, search, shuffle, tokens, mulligan (see table.actions.test.ts).

import { expect } from "chai";
import { createRng } from "../../common/core/rng.js";
import { applyEvent, viewTable, type ActionKind } from "../../common/table/index.js";
import { act, ids, names, nameOf, newGame, put, refused, started, top } from "./table.helpers.js";
import { ok, onField } from "./table.actions.helpers.js";

export const libraryCases = {
  draw() {
    const g0 = started();
    const s = act(g0, 0, { do: "draw", n: 2 });
    expect(ids(s.game, "hand", 0)).to.have.length(9);
    expect(ids(s.game, "library", 0)).to.have.length(ids(g0, "library", 0).length - 2);
  },
  mill() {
    const g0 = started();
    const want = ids(g0, "library", 0).slice(0, 3).map((i) => nameOf(g0, i));
    const g = act(g0, 0, { do: "mill", n: 3 }).game;
    expect(names(g, "graveyard", 0)).to.deep.equal(want, "milled in order, the last milled on top");
  },
  exileTop() {
    const g = act(started(), 0, { do: "exileTop", n: 2, faceDown: true }).game;
    expect(ids(g, "exile", 0).map((i) => g.cards.get(i)!.faceDown)).to.deep.equal([true, true]);
    expect(viewTable(g, 0).zones["0.exile"].cards!.every((c) => !c.known), "exiled face down: nobody knows them").to.equal(true);
  },
  manifest() {
    const g0 = started();
    const want = nameOf(g0, ids(g0, "library", 0)[0]);
    const g = act(g0, 0, { do: "manifest" }).game;
    const id = top(g, "battlefield", 0);
    expect(g.cards.get(id)).to.deep.include({ faceDown: true, shownTo: [0] });
    expect(viewTable(g, 0).zones["0.battlefield"].cards![0].card?.name).to.equal(want);
    expect(viewTable(g, 1).zones["0.battlefield"].cards![0].known).to.equal(false);
  },
  lookTop() {
    const g = act(started(), 0, { do: "lookTop", n: 3 }).game;
    const mine = viewTable(g, 0).zones["0.library"];
    expect(mine.known!.map(([i]) => i)).to.deep.equal([0, 1, 2]);
    expect(mine.known!.every(([, c]) => c.looking)).to.equal(true);
    expect(viewTable(g, 1).zones["0.library"]).to.deep.equal({ count: ids(g, "library", 0).length });
    expect(refused(started(), 0, { do: "lookTop", n: 3, player: 1 })).to.equal("not-your-library");
  },
  search() {
    const g = act(started(), 0, { do: "search" }).game;
    expect(viewTable(g, 0).zones["0.library"].known).to.have.length(ids(g, "library", 0).length);
    expect(refused(started(), 1, { do: "search", player: 0 })).to.equal("not-your-library");
  },
  arrange() {
    const g0 = act(started(), 0, { do: "lookTop", n: 3 }).game;
    const [a, b, c] = ids(g0, "library", 0);
    // scry 3: b on top, a to the bottom; surveil: c to the graveyard
    const g = act(g0, 0, { do: "arrange", top: [b], bottom: [a], graveyard: [c] }).game;
    const [newTop, newBottom] = [ids(g, "library", 0)[0], ids(g, "library", 0).at(-1)!];
    expect([g.cards.get(newTop)!.def, g.cards.get(newBottom)!.def]).to.deep.equal([g0.cards.get(b)!.def, g0.cards.get(a)!.def]);
    // put back, they are hidden again under new ids: what was seen cannot be found again by id
    expect([g.cards.get(a), g.cards.get(b)]).to.deep.equal([undefined, undefined]);
    expect(ids(g, "graveyard", 0)).to.have.length(1);
    expect(g.players[0].looking).to.equal(null);
    expect(refused(g, 0, { do: "arrange", top: [newTop], bottom: [] })).to.equal("not-looking");
  },
  stopLooking() {
    const g = act(act(started(), 0, { do: "lookTop", n: 2 }).game, 0, { do: "stopLooking" }).game;
    expect(g.players[0].looking).to.equal(null);
    expect(viewTable(g, 0).zones["0.library"].known).to.equal(undefined);
  },
  revealTop() {
    const g = act(started(), 0, { do: "revealTop", n: 2 }).game;
    expect(viewTable(g, "spectator").zones["0.library"].known!.map(([i]) => i)).to.deep.equal([0, 1]);
  },
  topRevealed() {
    let g = act(started(), 0, { do: "topRevealed", on: true }).game;
    expect(viewTable(g, 1).zones["0.library"].known!.map(([i]) => i)).to.deep.equal([0]);
    g = act(g, 0, { do: "draw", n: 1 }).game;
    expect(viewTable(g, 1).zones["0.library"].known![0][1].id).to.equal(ids(g, "library", 0)[0], "the new top card is revealed");
  },
  shuffle() {
    let g = act(started(), 0, { do: "revealTop", n: 1 }).game;
    const before = ids(g, "library", 0);
    const cards = names(g, "library", 0);
    const s = act(g, 0, { do: "shuffle" }, createRng(3));
    g = s.game;
    expect(s.event.change.type === "action" && s.event.change.seed).to.be.a("number");
    expect(names(g, "library", 0)).to.have.members(cards);
    expect(names(g, "library", 0)).to.not.deep.equal(cards);
    // every card of the shuffled library has a new id: none can be followed through it
    expect(ids(g, "library", 0).filter((id) => before.includes(id))).to.deep.equal([]);
    expect(viewTable(g, 1).zones["0.library"].known, "a revealed card is not followed through a shuffle").to.equal(undefined);
    // A game from a 128-bit seed shuffles with 128-bit seeds: a library its owner saw before
    // a shuffle cannot be found again by trying every seed of the shuffle.
    const seed = "5e".repeat(16);
    const wide = started(2, {}, seed);
    const w = act(wide, 0, { do: "shuffle" }, createRng(seed));
    expect(w.event.change.type === "action" && w.event.change.seed).to.be.a("string").and.match(/^[0-9a-f]{32}$/);
    const same = applyEvent(wide, JSON.parse(JSON.stringify(w.event)));
    expect(same.ok && names(same.game, "library", 0)).to.deep.equal(names(w.game, "library", 0));
    expect(names(w.game, "library", 0)).to.not.deep.equal(names(wide, "library", 0));
  },
  wheel() {
    const g0 = act(started(), 0, { do: "move", card: ids(started(), "hand", 0)[0], zone: "graveyard", place: "top" }).game;
    const g = act(g0, 0, { do: "wheel" }).game;
    expect(ids(g, "hand", 0)).to.have.length(6);
    expect(ids(g, "graveyard", 0)).to.have.length(7);
  },
  untapAll() {
    const a = onField();
    const b = put(a.game, "Forest", "battlefield", 0);
    let g = act(act(b.game, 0, { do: "tap", card: a.id, on: true }).game, 0, { do: "tap", card: b.id, on: true }).game;
    g = act(g, 0, { do: "untapAll" }).game;
    expect([g.cards.get(a.id)!.tapped, g.cards.get(b.id)!.tapped]).to.deep.equal([false, false]);
  },
  createToken() {
    const g = act(started(), 1, { do: "createToken", name: "Goblin", type: "Token Creature — Goblin", power: "1", toughness: "1", n: 3 }).game;
    const t = ids(g, "battlefield", 1);
    expect(t).to.have.length(3);
    expect(t.map((i) => g.cards.get(i)!.token)).to.deep.equal([true, true, true]);
    expect(new Set(t.map((i) => g.cards.get(i)!.pos!.x)).size).to.equal(3, "each in its own free slot");
    // tokens leave the game outside the battlefield and the stack
    const h = act(g, 1, { do: "move", card: t[0], zone: "hand", place: "top" }).game;
    expect(h.cards.size).to.equal(g.cards.size - 1);
  },
  mulligan() {
    const g0 = newGame(2);
    const s = act(g0, 0, { do: "mulligan" });
    expect(s.game.players[0].mulligans).to.equal(1);
    expect(ids(s.game, "hand", 0)).to.have.length(7);
    expect(ids(s.game, "library", 0)).to.have.length(ids(g0, "library", 0).length);
  },
  keep() {
    let g = newGame(2);
    g = act(act(g, 0, { do: "mulligan" }).game, 0, { do: "mulligan" }).game;
    expect(refused(g, 0, { do: "keep", bottom: [ids(g, "hand", 0)[0]] })).to.equal("bottom-count");
    const bottom = ids(g, "hand", 0).slice(0, 2);
    g = act(g, 0, { do: "keep", bottom }).game;
    expect(ids(g, "hand", 0)).to.have.length(5);
    expect(g.phase).to.equal("mulligan", "nobody starts until everyone has kept");
    expect(refused(g, 0, { do: "draw", n: 1 })).to.equal("mulligan");
    g = act(g, 1, { do: "keep", bottom: [] }).game;
    expect(g.phase).to.equal("playing");
    expect(g.turn).to.deep.include({ active: 0, number: 1, round: 1 });
  },
} satisfies Partial<Record<ActionKind, () => void>>;
