// One test per catalogue action: the game before, the event resolved, the game after.
// CASES is typed by the catalogue, so a new action without a test does not compile, and the
// first test below fails at run time too if one is missing.

import { expect } from "chai";
import { createRng } from "../../common/core/rng.js";
import {
  ACTION_KINDS,
  applyEvent,
  createLog,
  fingerprint,
  keptCoins,
  play,
  resolveForTable,
  viewTable,
  type ActionKind,
  type Played,
  type TableGame,
} from "../../common/table/index.js";
import { act, find, fresh, ids, names, nameOf, newGame, put, refused, started, testDeck, top } from "./table.helpers.js";

/** The accepted outcome of play(), or the test fails with its message. */
function ok(r: Played): Extract<Played, { ok: true }> {
  if (!r.ok) throw new Error(r.error.message);
  return r;
}

const onField = (name = "Grizzly Bears", player = 0, g = started()) => put(g, name, "battlefield", player);

function variantGame(): TableGame {
  const deck = testDeck();
  deck.planes.push({ count: 3, def: { name: "Plane", type: "Plane — Somewhere" } }, { count: 1, def: { name: "Other Plane", type: "Plane — Elsewhere" } });
  deck.schemes.push({ count: 4, def: { name: "Scheme", type: "Scheme" } });
  let g = newGame(2, { decks: [deck, testDeck()], variants: { planechase: true, archenemy: 0 } });
  for (const p of [0, 1]) g = act(g, p, { do: "keep", bottom: [] }).game;
  return g;
}

const CASES: Record<ActionKind, () => void> = {
  move() {
    let g = started();
    const bolt = ids(g, "hand", 0)[0];
    const s = act(g, 0, { do: "move", card: bolt, zone: "battlefield", place: "battlefield" });
    expect(s.event.change).to.deep.include({ type: "action" });
    g = s.game;
    const nid = top(g, "battlefield", 0);
    expect(nid).to.not.equal(bolt, "a card changing zone gets a new id");
    expect(g.cards.get(bolt)).to.equal(undefined);
    expect(g.cards.get(nid)!).to.deep.include({ controller: 0, pos: { x: 600, y: /land/i.test(g.defs[g.cards.get(nid)!.def].type ?? "") ? 7000 : 3000 } });
    // to the bottom, the top, index, X from top of the library
    const h = ids(g, "hand", 0);
    const moved = (card: number, to: Parameters<typeof act>[2]) => {
      const before = g;
      g = act(g, 0, to).game;
      return fresh(before, g);
    };
    expect(moved(h[0], { do: "move", card: h[0], zone: "library", place: "bottom" })).to.deep.equal([ids(g, "library", 0).at(-1)]);
    expect(moved(h[1], { do: "move", card: h[1], zone: "library", place: "top" })).to.deep.equal([ids(g, "library", 0)[0]]);
    expect(moved(h[2], { do: "move", card: h[2], zone: "library", place: "fromTop", index: 2 })).to.deep.equal([ids(g, "library", 0)[2]]);
    expect(moved(h[3], { do: "move", card: h[3], zone: "graveyard", place: "index", index: 0 })).to.deep.equal([ids(g, "graveyard", 0)[0]]);
    // within the library a card is hidden again under a new id; within the graveyard it keeps its own
    const lib = ids(g, "library", 0);
    g = act({ ...g, players: g.players.map((p, i) => (i === 0 ? { ...p, looking: { zone: "library" as const, n: 3 } } : p)) }, 0, { do: "move", card: lib[0], zone: "library", place: "bottom" }).game;
    expect(ids(g, "library", 0).at(-1)).to.not.equal(lib[0]);
    expect(g.cards.get(lib[0])).to.equal(undefined);
    const grave = ids(g, "graveyard", 0);
    g = act(g, 0, { do: "move", card: grave[0], zone: "graveyard", place: "top" }).game;
    expect(ids(g, "graveyard", 0).at(-1)).to.equal(grave[0]);
    // random and shuffled in carry a seed: the same event gives the same library anywhere
    const rand = act(g, 0, { do: "move", card: h[5], zone: "library", place: "random" });
    expect(rand.event.change.type === "action" && typeof rand.event.change.seed).to.equal("number");
    const again = applyEvent(g, JSON.parse(JSON.stringify(rand.event)));
    expect(again.ok && ids(again.game, "library", 0)).to.deep.equal(ids(rand.game, "library", 0));
    const r = act(g, 0, { do: "move", card: h[4], zone: "library", place: "shuffle" });
    expect(r.event.change.type === "action" && typeof r.event.change.seed).to.equal("number");
    expect(ids(r.game, "library", 0)).to.have.length(ids(g, "library", 0).length + 1);
    // another player's card cannot be touched
    expect(refused(g, 1, { do: "move", card: top(g, "graveyard", 0), zone: "hand", place: "top" })).to.equal("not-yours");
  },
  tap() {
    const { game, id } = onField();
    const s = act(game, 0, { do: "tap", card: id, on: true });
    expect(s.game.cards.get(id)!.tapped).to.equal(true);
    expect(refused(game, 1, { do: "tap", card: id, on: true })).to.equal("not-yours");
  },
  flip() {
    const { game, id } = onField();
    expect(act(game, 0, { do: "flip", card: id }).game.cards.get(id)!.face).to.equal(1);
  },
  faceDown() {
    const { game, id } = onField();
    const g = act(game, 0, { do: "faceDown", card: id, on: true }).game;
    expect(g.cards.get(id)).to.deep.include({ faceDown: true, shownTo: [0] });
    const seen = (v: number | "spectator") => viewTable(g, v).zones["0.battlefield"].cards!.find((c) => c.id === id)!;
    expect(seen(0).card?.name).to.equal("Grizzly Bears");
    expect(seen(1).known).to.equal(false);
    expect(seen(1).card).to.equal(undefined);
    expect(seen("spectator").card).to.equal(undefined);
  },
  counter() {
    const { game, id } = onField();
    let g = act(game, 0, { do: "counter", card: id, name: "+1/+1", delta: 2 }).game;
    expect(g.cards.get(id)!.counters).to.deep.equal({ "+1/+1": 2 });
    g = act(g, 0, { do: "counter", card: id, name: "+1/+1", delta: -5 }).game;
    expect(g.cards.get(id)!.counters).to.deep.equal({});
  },
  keyword() {
    const { game, id } = onField();
    const g = act(game, 0, { do: "keyword", card: id, name: "flying", on: true }).game;
    expect(g.cards.get(id)!.keywords).to.deep.equal(["flying"]);
    expect(act(g, 0, { do: "keyword", card: id, name: "flying", on: false }).game.cards.get(id)!.keywords).to.deep.equal([]);
  },
  labels() {
    const { game, id } = onField();
    expect(act(game, 0, { do: "labels", card: id, labels: ["attacking", "  ", "blocked"] }).game.cards.get(id)!.labels).to.deep.equal(["attacking", "blocked"]);
    expect(refused(game, 0, { do: "labels", card: id, labels: ["a", "b", "c", "d", "e"] })).to.equal("bad-action");
    expect(refused(game, 0, { do: "labels", card: id, labels: ["x".repeat(21)] })).to.equal("bad-action");
  },
  pt() {
    const { game, id } = onField();
    const g = act(game, 0, { do: "pt", card: id, row: "eot", power: 3, toughness: 3 }).game;
    expect(g.cards.get(id)!.pt.eot).to.deep.equal({ power: 3, toughness: 3 });
  },
  attach() {
    const a = onField();
    const b = put(a.game, "Sol Ring", "battlefield", 0);
    let g = act(b.game, 0, { do: "attach", card: b.id, to: a.id }).game;
    expect(g.cards.get(b.id)!.attachedTo).to.equal(a.id);
    expect(refused(g, 0, { do: "attach", card: a.id, to: b.id })).to.equal("attach-loop");
    // the host leaves: the attached card is set loose where it is
    g = act(g, 0, { do: "move", card: a.id, zone: "graveyard", place: "top" }).game;
    expect(g.cards.get(b.id)!.attachedTo).to.equal(null);
  },
  arrow() {
    const { game, id } = onField();
    const g = act(game, 1, { do: "arrow", from: id, toPlayer: 1 }).game;
    expect(g.arrows).to.deep.equal([{ from: id, to: { player: 1 }, by: 1 }]);
    expect(refused(game, 0, { do: "arrow", from: id, toCard: ids(game, "hand", 0)[0] })).to.equal("hidden-zone");
    // a card the actor cannot see is no card at all for them: the refusal of an invented id
    expect(refused(game, 1, { do: "arrow", from: id, toCard: ids(game, "hand", 0)[0] })).to.equal("no-such-card");
  },
  clearArrows() {
    const { game, id } = onField();
    let g = act(game, 1, { do: "arrow", from: id, toPlayer: 0 }).game;
    g = act(g, 0, { do: "arrow", from: id, toPlayer: 1 }).game;
    g = act(g, 1, { do: "clearArrows" }).game;
    expect(g.arrows.map((a) => a.by)).to.deep.equal([0]);
  },
  show() {
    const g0 = started();
    const card = ids(g0, "hand", 0)[0];
    const g = act(g0, 0, { do: "show", card, to: "players", players: [1] }).game;
    const known = viewTable(g, 1).zones["0.hand"].known!;
    expect(known).to.have.length(1);
    expect(known[0][0]).to.equal(0);
    expect(viewTable(g, "spectator").zones["0.hand"].known).to.equal(undefined);
  },
  noUntap() {
    const { game, id } = onField();
    let g = act(game, 0, { do: "noUntap", card: id, on: true }).game;
    g = act(g, 0, { do: "tap", card: id, on: true }).game;
    g = act(act(g, 0, { do: "passTurn" }).game, 1, { do: "passTurn" }).game;
    expect(g.cards.get(id)!.tapped).to.equal(true, "a card marked does-not-untap stays tapped");
  },
  phaseOut() {
    const { game, id } = onField();
    expect(act(game, 0, { do: "phaseOut", card: id, on: true }).game.cards.get(id)!.phasedOut).to.equal(true);
  },
  copy() {
    const { game, id } = onField("Grizzly Bears", 1);
    const g = act(game, 0, { do: "copy", card: id }).game;
    const t = g.cards.get(top(g, "battlefield", 0))!;
    expect(t).to.deep.include({ token: true, owner: 0, controller: 0, copyOf: g.cards.get(id)!.def });
    expect(nameOf(g, t.id)).to.equal("Grizzly Bears");
  },
  quantity() {
    let g = act(started(), 0, { do: "createToken", name: "Goblin", power: "1", toughness: "1" }).game;
    const t = top(g, "battlefield", 0);
    g = act(g, 0, { do: "quantity", card: t, n: 12 }).game;
    expect(g.cards.get(t)!.quantity).to.equal(12);
    const { game, id } = onField("Grizzly Bears", 0, g);
    expect(refused(game, 0, { do: "quantity", card: id, n: 2 })).to.equal("not-a-token");
  },
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
  undo() {
    const g0 = started();
    const log = createLog(g0, "lastOwn");
    const rng = createRng(5);
    const a = ok(play(log, g0, 0, { do: "draw", n: 1 }, rng, 1));
    const u = ok(play(log, a.game, 0, { do: "undo" }, rng, 2));
    expect(u.event.change.type).to.equal("restore");
    expect(fingerprint(u.game)).to.equal(fingerprint(g0));
    expect(u.game.seq).to.equal(g0.seq + 2);
  },
  redo() {
    const g0 = started();
    const log = createLog(g0, "unlimited");
    const rng = createRng(5);
    const a = ok(play(log, g0, 0, { do: "shuffle" }, rng, 1));
    const u = ok(play(log, a.game, 0, { do: "undo" }, rng, 2));
    const r = ok(play(log, u.game, 0, { do: "redo" }, rng, 3));
    expect(names(r.game, "library", 0)).to.have.members(names(a.game, "library", 0));
    expect(names(r.game, "library", 0)).to.not.deep.equal(names(a.game, "library", 0), "a redone shuffle gives a new order");
    // the undo rewound the id stream: the same ids come out, in the same places, on other cards
    expect(ids(r.game, "library", 0)).to.deep.equal(ids(a.game, "library", 0));
  },
  restart() {
    const g0 = started();
    const log = createLog(g0, "unlimited");
    const rng = createRng(5);
    const a = ok(play(log, g0, 0, { do: "draw", n: 3 }, rng, 1));
    const r = ok(play(log, a.game, 0, { do: "restart" }, rng, 2));
    expect(fingerprint(r.game)).to.equal(fingerprint(g0));
  },
  planeswalk() {
    let g = variantGame();
    const before = ids(g, "plane", -1);
    expect(before).to.have.length(1, "Planechase starts with a plane face up");
    g = act(g, 1, { do: "planeswalk" }).game;
    expect(ids(g, "plane", -1)).to.have.length(1);
    expect(ids(g, "planes", -1)).to.have.length(3);
    expect(viewTable(g, "spectator").zones["planes"]).to.deep.equal({ count: 3 });
  },
  rollPlanarDie() {
    let g = variantGame();
    const s = act(g, 0, { do: "rollPlanarDie" });
    const ch = s.event.change;
    expect(ch.type === "action" && [0, 1, 2].includes(ch.result![0])).to.equal(true);
    g = s.game;
    expect(g.turn.planarRolls).to.equal(1);
  },
  setInMotion() {
    const g = act(variantGame(), 0, { do: "setInMotion" }).game;
    expect(ids(g, "ongoing", 0)).to.have.length(1);
    expect(ids(g, "schemes", 0)).to.have.length(3);
    expect(viewTable(g, 1).zones["0.ongoing"].cards![0].card?.name).to.equal("Scheme");
  },
  abandonScheme() {
    let g = act(variantGame(), 0, { do: "setInMotion" }).game;
    g = act(g, 0, { do: "abandonScheme", card: ids(g, "ongoing", 0)[0] }).game;
    expect(ids(g, "ongoing", 0)).to.deep.equal([]);
    expect(ids(g, "schemes", 0)).to.have.length(4);
  },
  revealUntil() {
    const g0 = started();
    const lib = ids(g0, "library", 0);
    const first = lib.findIndex((i) => /land/i.test(g0.defs[g0.cards.get(i)!.def].type ?? ""));
    const s = act(g0, 0, { do: "revealUntil", filter: "land" });
    expect(s.game.players[0].dig).to.deep.equal({ n: first + 1, hit: true });
    const seen = viewTable(s.game, 1).zones["0.library"].known!;
    expect(seen.map(([i]) => i)).to.deep.equal(lib.slice(0, first + 1).map((_, i) => i), "everyone sees the revealed cards");
    expect(refused(s.game, 0, { do: "revealUntil", filter: "land" })).to.equal("revealing");
    // by name; nothing matches: the whole library is revealed, no hit
    const want = nameOf(g0, lib[3]);
    const byName = act(g0, 0, { do: "revealUntil", filter: "name", name: `  ${want.toUpperCase()} ` }).game;
    expect(nameOf(byName, ids(byName, "library", 0)[byName.players[0].dig!.n - 1])).to.equal(want);
    const none = act(g0, 0, { do: "revealUntil", filter: "name", name: "Black Lotus" }).game;
    expect(none.players[0].dig).to.deep.equal({ n: lib.length, hit: false });
    expect(refused(g0, 0, { do: "revealUntil", filter: "name" })).to.equal("bad-action");
  },
  finishReveal() {
    const g0 = started();
    expect(refused(g0, 0, { do: "finishReveal", zone: "hand" })).to.equal("not-revealing");
    const g1 = act(g0, 0, { do: "revealUntil", filter: "creature" }).game;
    const n = g1.players[0].dig!.n;
    const shown = ids(g1, "library", 0).slice(0, n).map((i) => nameOf(g1, i));
    expect(refused(g1, 0, { do: "finishReveal" })).to.equal("bad-action");
    const s = act(g1, 0, { do: "finishReveal", zone: "hand" });
    expect(s.event.change.type === "action" && typeof s.event.change.seed).to.equal("number");
    const g = s.game;
    expect(nameOf(g, top(g, "hand", 0))).to.equal(shown[n - 1]);
    expect(names(g, "library", 0).slice(-(n - 1) || 99)).to.have.members(shown.slice(0, n - 1));
    expect(g.players[0].dig).to.equal(undefined);
    expect(ids(g, "library", 0).every((i) => g.cards.get(i)!.shownTo === "nobody"), "the rest is hidden again").to.equal(true);
    expect(ids(g, "library", 0).slice(ids(g, "library", 0).length - (n - 1)).some((i) => g1.cards.get(i)), "under new ids").to.equal(false);
    // the same event gives the same bottom on any machine
    const again = applyEvent(g1, JSON.parse(JSON.stringify(s.event)));
    expect(again.ok && ids(again.game, "library", 0)).to.deep.equal(ids(g, "library", 0));
  },
  organize() {
    let g = started();
    for (const name of ["Grizzly Bears", "Sol Ring", "Forest"]) g = put(g, name, "battlefield", 0).game;
    g = act(g, 0, { do: "organize" }).game;
    const rows = ids(g, "battlefield", 0).map((i) => [nameOf(g, i), g.cards.get(i)!.pos!.y]);
    expect(Object.fromEntries(rows)).to.deep.equal({ "Grizzly Bears": 1000, "Sol Ring": 5000, Forest: 9000 });
  },
  drain() {
    const g0 = started(3);
    const g = act(g0, 0, { do: "drain", n: 2 }).game;
    expect(g.players.map((p) => p.life)).to.deep.equal([24, 18, 18]);
    // anyone may drain (as with life); in goldfish the phantom opponent loses
    const solo = act(started(1), 0, { do: "drain", n: 3 }).game;
    expect(solo.phantom).to.deep.equal({ life: 17, poison: 0 });
    expect(solo.players[0].life).to.equal(23);
  },
  extort() {
    const g = act(started(3), 1, { do: "extort" }).game;
    expect(g.players.map((p) => p.life)).to.deep.equal([19, 22, 19]);
    expect(act(started(2), 0, { do: "extort", n: 3 }).game.players.map((p) => p.life)).to.deep.equal([23, 17]);
  },
  thumbCoins() {
    const s = act(started(), 0, { do: "thumbCoins", n: 3 });
    const ch = s.event.change;
    expect(ch.type === "action" && ch.result).to.have.length(6, "two coins per flip");
    expect(keptCoins([0, 1, 0, 0, 1, 1], 1, "heads")).to.deep.equal([1, 0, 1]);
    expect(keptCoins([0, 1, 0, 0, 1, 1], 1, "tails")).to.deep.equal([0, 0, 1], "no tails among two heads: heads it is");
    expect(act(started(), 0, { do: "thumbCoins", thumbs: 2 }).event.change).to.have.nested.property("result.length", 4);
    expect(refused(started(), 0, { do: "thumbCoins", n: 10, thumbs: 2 })).to.equal("too-many");
  },
  stackAfter() {
    let g = act(started(), 0, { do: "addAbility", text: "Top" }).game;
    g = act(g, 1, { do: "stackAfter", text: "Under" }).game;
    expect(ids(g, "stack", -1).map((i) => g.cards.get(i)!.ability)).to.deep.equal(["Under", "Top"]);
    const bolt = find(g, "hand", 0, "Lightning Bolt");
    g = act(g, 0, { do: "stackAfter", card: bolt }).game;
    expect(ids(g, "stack", -1).map((i) => g.cards.get(i)!.ability ?? nameOf(g, i))).to.deep.equal(["Under", "Lightning Bolt", "Top"]);
    expect(refused(g, 0, { do: "stackAfter" })).to.equal("bad-action");
    // another player's hand card is no card to them
    expect(refused(g, 1, { do: "stackAfter", card: ids(g, "hand", 0)[0] })).to.equal("no-such-card");
  },
  highlight() {
    const { game, id } = onField();
    let g = act(game, 1, { do: "highlight", card: id, on: true }).game;
    expect(g.cards.get(id)!.highlight).to.equal(true);
    expect(viewTable(g, "spectator").zones["0.battlefield"].cards!.find((c) => c.id === id)!.highlight).to.equal(true);
    expect(refused(g, 0, { do: "highlight", card: ids(g, "hand", 0)[0], on: true })).to.equal("hidden-zone");
    expect(refused(g, 1, { do: "highlight", card: ids(g, "hand", 0)[0], on: true })).to.equal("no-such-card");
    g = act(g, 0, { do: "passTurn" }).game;
    expect(g.cards.get(id)!.highlight, "cleared when the turn passes").to.equal(undefined);
  },
  signal() {
    const g0 = started();
    expect(g0.signals, "before: no signals").to.equal(undefined);
    const s = act(g0, 1, { do: "signal", player: 0, pos: { x: 100, y: 200 }, colour: "blue" });
    expect(s.event).to.deep.include({ seq: g0.seq + 1, actor: 1 });
    expect(s.event.change).to.deep.equal({ type: "action", action: { do: "signal", player: 0, pos: { x: 100, y: 200 }, colour: "blue" } });
    let g = s.game;
    expect(g.signals).to.have.length(1);
    expect(g.signals![0]).to.deep.include({ board: 0, pos: { x: 100, y: 200 }, colour: "blue", by: 1 });
    // visible to everyone alike: every seat and a spectator
    for (const v of [0, 1, "spectator"] as const) expect(viewTable(g, v).signals).to.deep.equal(g.signals);
    // anywhere on a board: its corners too; red unless a colour is named
    g = act(g, 0, { do: "signal", player: 1, pos: { x: 0, y: 10000 } }).game;
    expect(g.signals![1]).to.deep.include({ board: 1, pos: { x: 0, y: 10000 }, colour: "red", by: 0 });
    expect(refused(g, 0, { do: "signal", player: 1, pos: { x: 10001, y: 0 } }), "off the board").to.equal("bad-action");
    for (let i = 2; i < 32; i++) g = act(g, 0, { do: "signal", player: 1, pos: { x: i, y: i } }).game;
    expect(refused(g, 0, { do: "signal", player: 1, pos: { x: 1, y: 1 } })).to.equal("too-many");
    expect(refused(g, 0, { do: "signal", player: 5, pos: { x: 1, y: 1 } })).to.equal("no-such-player");
    // the permission rule: anyone seated, on anyone's board, during the mulligan too; not after leaving the game, nor once it is over
    expect(act(newGame(2), 1, { do: "signal", player: 0, pos: { x: 5000, y: 5000 } }).game.signals).to.have.length(1);
    const out = act(started(3), 2, { do: "concede" }).game;
    expect(refused(out, 2, { do: "signal", player: 0, pos: { x: 1, y: 1 } })).to.equal("eliminated");
    const over = act(started(1), 0, { do: "endGame", winners: [0] }).game;
    expect(refused(over, 0, { do: "signal", player: 0, pos: { x: 1, y: 1 } })).to.equal("finished");
    // undone like any action: online, the placer's own last action
    const log = createLog(g0, "lastOwn");
    const placed = ok(play(log, g0, 1, { do: "signal", player: 0, pos: { x: 100, y: 200 } }, createRng(2), 5));
    const other = play(log, placed.game, 0, { do: "undo" }, createRng(3), 6);
    expect(!other.ok && other.error.code).to.equal("not-your-action");
    const undone = ok(play(log, placed.game, 1, { do: "undo" }, createRng(3), 6)).game;
    expect(undone.signals).to.equal(undefined);
    expect(fingerprint(undone)).to.equal(fingerprint(g0), "as if it was never placed");
  },
  removeSignal() {
    const g0 = act(act(started(), 1, { do: "signal", player: 0, pos: { x: 100, y: 200 } }).game, 1, { do: "signal", player: 1, pos: { x: 9000, y: 300 }, colour: "green" }).game;
    expect(g0.signals, "before: two signals").to.have.length(2);
    const [first, second] = g0.signals!;
    // anyone removes anyone's signal
    const s = act(g0, 0, { do: "removeSignal", id: first.id });
    expect(s.event.change).to.deep.equal({ type: "action", action: { do: "removeSignal", id: first.id } });
    expect(s.game.signals).to.deep.equal([second]);
    const g = act(s.game, 0, { do: "removeSignal", id: second.id }).game;
    expect(g.signals, "the last one gone: no field at all").to.equal(undefined);
    expect(refused(g, 0, { do: "removeSignal", id: first.id })).to.equal("no-such-signal");
    // undone: the signal is back where it was
    const log = createLog(g0, "lastOwn");
    const removed = ok(play(log, g0, 0, { do: "removeSignal", id: first.id }, createRng(2), 5));
    expect(ok(play(log, removed.game, 0, { do: "undo" }, createRng(3), 6)).game.signals).to.deep.equal(g0.signals);
  },
  teams() {
    let g = act(started(4), 2, { do: "teams", of: [1, 1, 2, 2] }).game;
    expect(g.players.map((p) => p.team)).to.deep.equal([1, 1, 2, 2]);
    expect(g.options.teams).to.equal("teams");
    g = act(g, 0, { do: "drain", n: 1 }).game;
    expect(g.players.map((p) => p.life)).to.deep.equal([22, 20, 19, 19], "teammates are no opponents");
    const ff = act(act(g, 0, { do: "teams", of: [1, 1, 2, 2], friendlyFire: true }).game, 0, { do: "drain", n: 1 }).game;
    expect(ff.players.map((p) => p.life)).to.deep.equal([25, 19, 18, 18], "with friendly fire they are");
    // shared victory
    expect(act({ ...g, options: { ...g.options, ending: "declared" } }, 0, { do: "endGame", winners: [3] }).game.winners).to.deep.equal([2, 3]);
    // dealt with teams; broken up
    const dealt = started(3, { variants: { teams: "teams", teamOf: [1, 0, 1] } });
    expect(dealt.players.map((p) => p.team)).to.deep.equal([1, null, 1]);
    g = act(g, 1, { do: "teams", of: [0, 0, 0, 0] }).game;
    expect(g.options.teams).to.equal("none");
    expect(refused(g, 1, { do: "teams", of: [1, 1] })).to.equal("bad-action");
    expect(refused(started(4, { variants: { teams: "twoHeadedGiant" } }), 0, { do: "teams", of: [1, 2, 1, 2] })).to.equal("two-headed-giant");
  },
  phantom() {
    const g0 = started(1);
    expect(g0.phantom).to.deep.equal({ life: 20, poison: 0 });
    const g = act(g0, 0, { do: "phantom", life: -5, poison: 2 }).game;
    expect(g.phantom).to.deep.equal({ life: 15, poison: 2 });
    expect(viewTable(g, 0).phantom).to.deep.equal({ life: 15, poison: 2 });
    expect(refused(started(2), 0, { do: "phantom", life: -1 })).to.equal("no-phantom");
    expect(refused(g0, 0, { do: "phantom" })).to.equal("bad-action");
  },
};

describe("card table: every catalogue action (before → event → after)", () => {
  it("has a test for every action of the catalogue", () => {
    expect(Object.keys(CASES).sort()).to.deep.equal([...ACTION_KINDS].sort());
  });
  for (const kind of ACTION_KINDS) it(kind, () => CASES[kind]());
});
