// The catalogue actions on players and turns: life, counters, reveals, concede, turns, dice, piles, chat (see table.actions.test.ts).

import { expect } from "chai";
import { createRng } from "../../common/core/rng.js";
import { fingerprint, resolveForTable, viewTable, type ActionKind } from "../../common/table/index.js";
import { act, find, ids, names, nameOf, put, refused, started, top } from "./table.helpers.js";
import { ok, onField } from "./table.actions.helpers.js";

export const playersCases = {
  life() {
    const g = act(started(), 1, { do: "life", player: 0, delta: -3 }).game;
    expect(g.players[0].life).to.equal(17);
  },
  setLife() {
    expect(act(started(), 0, { do: "setLife", player: 1, value: 5 }).game.players[1].life).to.equal(5);
  },
  poison() {
    expect(act(started(), 0, { do: "poison", player: 1, delta: 2 }).game.players[1].poison).to.equal(2);
  },
  commanderDamage() {
    const g = act(started(), 0, { do: "commanderDamage", player: 1, from: 0, delta: 5 }).game;
    expect(g.players[1].commanderDamage).to.deep.equal({ "0.0": 5 });
    expect(g.players[1].life).to.equal(15);
  },
  tracker() {
    expect(act(started(), 0, { do: "tracker", player: 0, name: "energy", delta: 3 }).game.players[0].trackers).to.deep.equal({ energy: 3 });
  },
  designation() {
    let g = act(started(), 1, { do: "designation", name: "monarch", player: 1 }).game;
    expect(g.designations).to.deep.equal({ monarch: 1 });
    g = act(g, 0, { do: "designation", name: "monarch" }).game;
    expect(g.designations).to.deep.equal({});
  },
  castCount() {
    let g = started(2, { format: "commander" });
    const cmd = ids(g, "command", 0)[0];
    g = act(g, 0, { do: "move", card: cmd, zone: "stack", place: "top", how: "cast" }).game;
    expect(Object.values(g.players[0].castCount)).to.deep.equal([1], "casting from the command zone counts");
    const onStack = top(g, "stack", 0);
    g = act(g, 0, { do: "castCount", card: onStack, delta: 2 }).game;
    expect(Object.values(g.players[0].castCount)).to.deep.equal([3]);
    expect(viewTable(g, 1).players[0].castCount).to.deep.equal({ "Captain Sisay": 3 });
  },
  revealHand() {
    const g = act(started(), 0, { do: "revealHand", on: true }).game;
    expect(viewTable(g, "spectator").zones["0.hand"].cards).to.have.length(7);
  },
  concede() {
    let g = started(3);
    g = act(g, 0, { do: "concede" }).game;
    expect(g.players[0].eliminated).to.equal(true);
    expect(g.phase).to.equal("playing", "two players are still in");
    expect(g.turn.active).to.equal(1, "the active player conceding passes the turn");
    expect(refused(g, 0, { do: "draw", n: 1 })).to.equal("eliminated");
    // Everyone else has conceded: the game is over, the last one in won.
    g = act(g, 2, { do: "concede" }).game;
    expect(g).to.deep.include({ phase: "finished", winners: [1], ended: "conceded" });
  },
  passTurn() {
    const a = onField();
    let g = act(a.game, 0, { do: "pt", card: a.id, row: "eot", power: 2, toughness: 0 }).game;
    g = act(g, 0, { do: "arrow", from: a.id, toPlayer: 1 }).game;
    expect(refused(g, 1, { do: "passTurn" })).to.equal("not-your-turn");
    const hand1 = ids(g, "hand", 1).length;
    g = act(g, 0, { do: "passTurn" }).game;
    expect(g.turn).to.deep.include({ active: 1, number: 2, round: 1 });
    expect(ids(g, "hand", 1)).to.have.length(hand1 + 1, "the new active player draws");
    expect(g.cards.get(a.id)!.pt.eot).to.deep.equal({ power: 0, toughness: 0 });
    expect(g.arrows).to.deep.equal([]);
    g = act(g, 1, { do: "passTurn" }).game;
    expect(g.turn).to.deep.include({ active: 0, number: 3, round: 2 });
  },
  extraTurn() {
    let g = act(started(3), 2, { do: "extraTurn", player: 0 }).game;
    g = act(g, 0, { do: "passTurn" }).game;
    expect(g.turn.active).to.equal(0, "extra turns go first");
    expect(act(g, 0, { do: "passTurn" }).game.turn.active).to.equal(1);
  },
  helpers() {
    let g = act(started(), 0, { do: "helpers", draw: false, untap: false }).game;
    const hand = ids(g, "hand", 1).length;
    g = act(g, 0, { do: "passTurn" }).game;
    expect(ids(g, "hand", 1)).to.have.length(hand);
  },
  rollDice() {
    const s = act(started(), 1, { do: "rollDice", sides: 20, n: 3 });
    const ch = s.event.change;
    expect(ch.type === "action" && ch.result).to.have.length(3);
    expect(ch.type === "action" && ch.result!.every((r) => r >= 1 && r <= 20)).to.equal(true);
    expect(fingerprint(s.game)).to.equal(fingerprint(started()));
  },
  flipCoins() {
    const ch = act(started(), 0, { do: "flipCoins", n: 5 }).event.change;
    expect(ch.type === "action" && ch.result!.every((r) => r === 0 || r === 1)).to.equal(true);
  },
  resolveTop() {
    let g = started();
    const bears = find(put(g, "Grizzly Bears", "hand", 0).game, "hand", 0, "Grizzly Bears");
    g = put(g, "Grizzly Bears", "hand", 0).game;
    g = act(g, 0, { do: "move", card: bears, zone: "stack", place: "top", how: "cast" }).game;
    g = act(g, 0, { do: "resolveTop" }).game;
    expect(names(g, "battlefield", 0)).to.deep.equal(["Grizzly Bears"], "a permanent resolves onto the battlefield");
    const bolt = find(g, "hand", 0, "Lightning Bolt");
    g = act(act(g, 0, { do: "move", card: bolt, zone: "stack", place: "top" }).game, 0, { do: "resolveTop" }).game;
    expect(names(g, "graveyard", 0)).to.deep.equal(["Lightning Bolt"]);
  },
  addAbility() {
    const { game, id } = onField();
    let g = act(game, 0, { do: "addAbility", text: "Draw a card.", card: id }).game;
    const ab = top(g, "stack", 0);
    expect(nameOf(g, ab)).to.equal("Ability of Grizzly Bears");
    g = act(g, 0, { do: "resolveTop" }).game;
    expect(g.cards.get(ab)).to.equal(undefined, "an ability vanishes when it leaves the stack");
  },
  pile() {
    const a = onField();
    const b = put(a.game, "Forest", "battlefield", 0);
    const g = act(b.game, 0, { do: "pile", cards: [b.id], under: a.id }).game;
    expect(g.cards.get(b.id)!.under).to.equal(a.id);
    expect(refused(g, 0, { do: "pile", cards: [a.id], under: b.id })).to.equal("pile-loop");
  },
  unpile() {
    const a = onField();
    const b = put(a.game, "Forest", "battlefield", 0);
    const g = act(act(b.game, 0, { do: "pile", cards: [b.id], under: a.id }).game, 0, { do: "unpile", card: a.id }).game;
    expect(g.cards.get(b.id)!.under).to.equal(null);
  },
  moveAll() {
    let g = act(started(), 0, { do: "mill", n: 5 }).game;
    const lib = ids(g, "library", 0).length;
    const s = act(g, 0, { do: "moveAll", from: "graveyard", to: "library", place: "shuffle" });
    g = s.game;
    expect(ids(g, "graveyard", 0)).to.deep.equal([]);
    expect(ids(g, "library", 0)).to.have.length(lib + 5);
  },
  chat() {
    const s = act(started(), 1, { do: "chat", text: "gg" });
    expect(fingerprint(s.game)).to.equal(fingerprint(started()));
    expect(refused(started(), 1, { do: "chat", text: "x".repeat(501) })).to.equal("bad-action");
  },
  endGame() {
    // Alone at the table a player ends the game; a shared one needs everyone still in it (game.ts
    // runs that vote and ends it as the table), or everyone else conceding.
    const solo = act(started(1), 0, { do: "endGame", winners: [0] }).game;
    expect(solo).to.deep.include({ phase: "finished", winners: [0], ended: "agreed" });
    expect(refused(started(), 1, { do: "endGame", winners: [1] })).to.equal("needs-agreement");
    const r = resolveForTable(started(), { do: "endGame", winners: [1] }, createRng(1), 0);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.game).to.deep.include({ phase: "finished", winners: [1], ended: "agreed" });
    expect(refused(r.game, 0, { do: "draw", n: 1 })).to.equal("finished");
  },
} satisfies Partial<Record<ActionKind, () => void>>;
