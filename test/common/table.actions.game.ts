// The catalogue actions on the whole game: undo, restart, variants, reveal-until, signals, teams (see table.actions.test.ts).

import { expect } from "chai";
import { createRng } from "../../common/core/rng.js";
import { applyEvent, createLog, fingerprint, keptCoins, play, viewTable, type ActionKind } from "../../common/table/index.js";
import { act, find, ids, names, nameOf, newGame, put, refused, started, top } from "./table.helpers.js";
import { ok, onField, variantGame } from "./table.actions.helpers.js";

export const gameCases = {
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
} satisfies Partial<Record<ActionKind, () => void>>;
