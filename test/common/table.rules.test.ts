// The table's standing rules: leaving the battlefield, tokens, owner zones, turn passing,
// formats and their defaults, permissions, bounds, decklists, the hash.

import { expect } from "chai";
import { createHash } from "node:crypto";
import { createRng } from "../../common/core/rng.js";
import {
  canonicalJson,
  defaultOptions,
  parseDecklist,
  setupTable,
  sha256,
  standardDeck,
  withCardInfo,
  tableRules,
  viewTable,
  logLine,
  diffView,
  patchView,
  createLog,
  resolveForTable,
  TABLE_ACTOR,
  touchesHiddenOf,
  play,
  resolve,
  type Action,
} from "../../common/table/index.js";
import { act, ids, names, newGame, put, refused, started, testDeck, top } from "./table.helpers.js";

describe("card table: moving rules", () => {
  it("leaving the battlefield clears tap, counters, keywords, labels, P/T, attachments, arrows and control", () => {
    const a = put(started(), "Grizzly Bears", "battlefield", 0);
    const b = put(a.game, "Sol Ring", "battlefield", 0);
    let g = b.game;
    const steps: Action[] = [
      { do: "tap", card: a.id, on: true },
      { do: "counter", card: a.id, name: "+1/+1", delta: 2 },
      { do: "keyword", card: a.id, name: "flying", on: true },
      { do: "labels", card: a.id, labels: ["x"] },
      { do: "pt", card: a.id, row: "fixed", power: 1, toughness: 1 },
      { do: "attach", card: b.id, to: a.id },
      { do: "arrow", from: a.id, toPlayer: 1 },
    ];
    for (const action of steps) g = act(g, 0, action).game;
    // give it to player 1 (control changes, state stays), then player 1 sends it "to hand"
    g = act(g, 0, { do: "move", card: a.id, zone: "battlefield", player: 1, place: "battlefield" }).game;
    expect(g.cards.get(a.id)).to.deep.include({ controller: 1, tapped: true, at: "1.battlefield" });
    g = act(g, 1, { do: "move", card: a.id, zone: "hand", player: 1, place: "top" }).game;
    expect(ids(g, "hand", 1)).to.have.length(7, "a stolen card goes to its owner's hand");
    const back = top(g, "hand", 0);
    expect(g.cards.get(back)).to.deep.include({ owner: 0, controller: 0, tapped: false, counters: {}, keywords: [], labels: [], attachedTo: null, pos: null });
    expect(g.cards.get(back)!.pt.fixed).to.deep.equal({ power: 0, toughness: 0 });
    expect(g.arrows).to.deep.equal([]);
    expect(g.cards.get(b.id)!.attachedTo).to.equal(null);
  });

  it("a planeswalker enters with its loyalty and a saga with a lore counter (helper on), not when off", () => {
    const g = started();
    expect(put(g, "Garruk Wildspeaker", "battlefield", 0).game.cards.get(put(g, "Garruk Wildspeaker", "battlefield", 0).id)!.counters).to.deep.equal({ loyalty: 3 });
    const s = put(g, "The Eldest Reborn", "battlefield", 0);
    expect(s.game.cards.get(s.id)!.counters).to.deep.equal({ lore: 1 });
    const off = act(g, 0, { do: "helpers", countersOnEnter: false }).game;
    const p = put(off, "Garruk Wildspeaker", "battlefield", 0);
    expect(p.game.cards.get(p.id)!.counters).to.deep.equal({});
  });

  it("casting a commander from the command zone counts towards its tax; putting it does not", () => {
    let g = started(2, { format: "commander" });
    g = act(g, 0, { do: "move", card: ids(g, "command", 0)[0], zone: "battlefield", place: "battlefield", how: "put" }).game;
    expect(g.players[0].castCount).to.deep.equal({});
  });

  it("a face-down card turned up or moved is no longer hidden; a card changing zone is a new object", () => {
    let g = act(started(), 0, { do: "manifest" }).game;
    const fd = top(g, "battlefield", 0);
    g = act(g, 0, { do: "move", card: fd, zone: "graveyard", place: "top" }).game;
    const gy = top(g, "graveyard", 0);
    expect(g.cards.get(gy)).to.deep.include({ faceDown: false, shownTo: "nobody" });
    expect(viewTable(g, 1).zones["0.graveyard"].cards![0].known).to.equal(true);
  });

  it("shuffling a card into a library hides the cards shown there: nobody follows them", () => {
    let g = act(started(), 0, { do: "revealTop", n: 2 }).game;
    expect(viewTable(g, 1).zones["0.library"].known).to.have.length(2);
    g = act(g, 0, { do: "move", card: ids(g, "library", 0)[0], zone: "library", place: "shuffle" }).game;
    expect(viewTable(g, 1).zones["0.library"].known).to.equal(undefined);
    g = act(g, 0, { do: "lookTop", n: 2 }).game;
    g = act(g, 0, { do: "move", card: ids(g, "hand", 0)[0], zone: "library", place: "shuffle" }).game;
    expect(g.players[0].looking).to.equal(null, "a shuffle ends the look");
  });

  it("taking a looked-at card narrows the look: the next card down does not slide into view", () => {
    let g = act(started(), 0, { do: "lookTop", n: 2 }).game;
    const [a, , c] = ids(g, "library", 0);
    g = act(g, 0, { do: "move", card: a, zone: "hand", place: "top" }).game;
    expect(g.players[0].looking).to.deep.equal({ zone: "library", n: 1 });
    expect(viewTable(g, 0).zones["0.library"].known!.map(([, v]) => v.id)).to.not.include(c);
  });

  it("a face-down permanent changing control is known to its new controller too", () => {
    let g = act(started(), 0, { do: "manifest" }).game;
    const fd = top(g, "battlefield", 0);
    g = act(g, 0, { do: "move", card: fd, zone: "battlefield", player: 1, place: "battlefield" }).game;
    expect(g.cards.get(fd)!.shownTo).to.deep.equal([0, 1]);
    expect(viewTable(g, 1).zones["1.battlefield"].cards![0].known).to.equal(true);
    expect(viewTable(g, "spectator").zones["1.battlefield"].cards![0].known).to.equal(false);
  });

  it("battlefield slots: 11 free slots 900 apart from x = 600, then on top of the last, shifted", () => {
    let g = started();
    g = act(g, 0, { do: "createToken", name: "Goblin", n: 13 }).game;
    const xs = ids(g, "battlefield", 0).map((i) => g.cards.get(i)!.pos!.x);
    expect(xs.slice(0, 11)).to.deep.equal([600, 1500, 2400, 3300, 4200, 5100, 6000, 6900, 7800, 8700, 9600]);
    expect(xs.slice(11).every((x) => x > 9600 && x <= 10000)).to.equal(true);
  });
});

describe("card table: turns, formats, permissions", () => {
  it("formats: Commander 40 and a free first mulligan, others 20 and London; 2HG 30; first player skips the draw with 1–2 players", () => {
    expect(defaultOptions("commander", {}, 4)).to.deep.include({ startingLife: 40, mulligan: "londonFreeFirst", firstSkipsDraw: false });
    expect(defaultOptions("constructed", {}, 2)).to.deep.include({ startingLife: 20, mulligan: "london", firstSkipsDraw: true });
    expect(defaultOptions("limited", { teams: "twoHeadedGiant" }, 4)).to.deep.include({ startingLife: 30 });
    const g = newGame(4, { variants: { teams: "twoHeadedGiant" } });
    expect(g.players.map((p) => p.team)).to.deep.equal([0, 0, 1, 1]);
    const s = started(4, { variants: { teams: "twoHeadedGiant" } });
    const hit = act(s, 2, { do: "life", player: 0, delta: -4 }).game;
    expect(hit.players.map((p) => p.life)).to.deep.equal([26, 26, 30, 30], "a team shares its life");
    expect(newGame(2, { variants: { archenemy: 1 } }).players.map((p) => p.life)).to.deep.equal([20, 40]);
  });

  it("Two-Headed Giant: teammates share turns, untap and draw together; the first team skips its first draw", () => {
    const cfg = { variants: { teams: "twoHeadedGiant" as const } };
    let g = started(4, cfg);
    expect([0, 1, 2, 3].map((p) => ids(g, "hand", p).length)).to.deep.equal([7, 7, 7, 7]);
    expect(refused(g, 2, { do: "passTurn" })).to.equal("not-your-turn");
    g = act(g, 1, { do: "passTurn" }).game;
    expect(g.turn).to.deep.include({ active: 2, round: 1 });
    expect([0, 1, 2, 3].map((p) => ids(g, "hand", p).length)).to.deep.equal([7, 7, 8, 8]);
    g = act(g, 3, { do: "passTurn" }).game;
    expect(g.turn).to.deep.include({ active: 0, round: 2 });
    expect([0, 1, 2, 3].map((p) => ids(g, "hand", p).length)).to.deep.equal([8, 8, 8, 8]);
    g = act(g, 0, { do: "concede" }).game;
    expect(g.turn.active).to.equal(1, "the teammate keeps the team's turn");
  });

  it("the first player draws on turn 1 with 3 or more players, not with 2", () => {
    expect(ids(started(3), "hand", 0)).to.have.length(8);
    expect(ids(started(2), "hand", 0)).to.have.length(7);
  });

  it("commander: the first mulligan is free", () => {
    let g = newGame(2, { format: "commander" });
    g = act(g, 0, { do: "mulligan" }).game;
    g = act(g, 0, { do: "keep", bottom: [] }).game;
    expect(ids(g, "hand", 0)).to.have.length(7);
    expect(g.players[0].kept).to.equal(true);
  });

  it("an eliminated player no longer blocks the start", () => {
    let g = newGame(3);
    g = act(g, 0, { do: "keep", bottom: [] }).game;
    g = act(g, 1, { do: "keep", bottom: [] }).game;
    g = act(g, 2, { do: "concede" }).game;
    expect(g.phase).to.equal("playing");
  });

  it("passing the turn skips eliminated players and raises the round when play wraps", () => {
    let g = started(3);
    g = act(g, 1, { do: "concede" }).game;
    g = act(g, 0, { do: "passTurn" }).game;
    expect(g.turn).to.deep.include({ active: 2, round: 1 });
    g = act(g, 2, { do: "passTurn" }).game;
    expect(g.turn).to.deep.include({ active: 0, round: 2 });
  });

  it("says whose hidden zones an action touches (a room freezes it while they are away)", () => {
    const g0 = act(started(), 0, { do: "helpers", everyoneTouches: true }).game;
    const theirs = ids(g0, "hand", 1)[0];
    // A card the actor cannot see touches nothing: it is refused as no card before any freeze.
    expect(touchesHiddenOf(g0, 0, { do: "move", card: theirs, zone: "graveyard", place: "top" })).to.deep.equal([]);
    const g = act(g0, 1, { do: "revealHand", on: true }).game;
    expect(touchesHiddenOf(g, 0, { do: "move", card: theirs, zone: "graveyard", place: "top" })).to.deep.equal([1]);
    expect(touchesHiddenOf(g, 0, { do: "move", card: ids(g, "hand", 0)[0], zone: "graveyard", place: "top" })).to.deep.equal([]);
    expect(touchesHiddenOf(g, 0, { do: "draw", n: 1 })).to.deep.equal([]);
  });

  it("the host itself can act for the table, e.g. pass an absent player's turn", () => {
    const g = started(3);
    const r = resolveForTable(g, { do: "passTurn" }, createRng(1), 0);
    expect(r.ok && r.game.turn.active).to.equal(1);
    expect(r.ok && r.event.actor).to.equal(TABLE_ACTOR);
    expect(refused(g, TABLE_ACTOR, { do: "passTurn" }), "no seat number acts as the table through resolve").to.equal("not-seated");
  });

  it("everyone-touches-everything opens other players' cards", () => {
    const a = put(started(), "Grizzly Bears", "battlefield", 0);
    expect(refused(a.game, 1, { do: "tap", card: a.id, on: true })).to.equal("not-yours");
    const open = act(a.game, 1, { do: "helpers", everyoneTouches: true }).game;
    expect(act(open, 1, { do: "tap", card: a.id, on: true }).game.cards.get(a.id)!.tapped).to.equal(true);
  });

  it("refuses clearly: unknown actions, bad fields, unseated actors, hidden cards, out-of-range numbers", () => {
    const g = started();
    expect(refused(g, 0, { do: "fireball" })).to.equal("unknown-action");
    expect(refused(g, 0, { do: "draw", n: 0 })).to.equal("bad-action");
    expect(refused(g, 0, { do: "draw", n: 1.5 })).to.equal("bad-action");
    expect(refused(g, 0, { do: "life", player: 0, delta: 1e9 })).to.equal("bad-action");
    expect(refused(g, 7, { do: "draw", n: 1 })).to.equal("not-seated");
    // A card the actor cannot see and an id that never existed: one refusal, word for word.
    const answer = (action: unknown) => {
      const r = resolve(g, 0, action, createRng(1), 1000);
      return r.ok ? "ok" : `${r.error.code}: ${r.error.message}`;
    };
    const invented = answer({ do: "tap", card: 99999, on: true });
    expect(invented).to.match(/^no-such-card: /);
    expect(answer({ do: "tap", card: ids(g, "library", 0)[5], on: true })).to.equal(invented);
    expect(answer({ do: "tap", card: ids(g, "hand", 1)[0], on: true })).to.equal(invented);
    expect(refused(g, 0, { do: "move", card: ids(g, "library", 0)[5], zone: "hand", place: "top" })).to.equal("no-such-card");
    expect(refused(g, 0, { do: "move", card: ids(g, "hand", 1)[0], zone: "hand", place: "top" })).to.equal("no-such-card");
    expect(refused(g, 0, { do: "move", card: ids(g, "hand", 0)[0], zone: "battlefield", place: "battlefield", pos: { x: 10001, y: 0 } })).to.equal("bad-action");
    expect(refused(g, 0, { do: "undo" })).to.equal("session-action");
    expect(refused(g, 0, null)).to.equal("bad-action");
  });

  it("is a game of the hub: tableRules sets up, applies, views", () => {
    const g = tableRules.setup(3, { format: "free" }, 3);
    expect(ids(g, "library", 0)).to.have.length(54 - 7, "the built-in deck: 52 cards and 2 jokers");
    const r = tableRules.apply(g, 0, { do: "keep", bottom: [] }, { rng: createRng(1), now: 0 });
    expect(r.ok).to.equal(true);
    expect(tableRules.view(g, null).viewer).to.equal("spectator");
    expect(tableRules.status(g)).to.equal("playing");
  });
});

describe("card table: view deltas", () => {
  it("tapping one card of a full battlefield sends that card and the order, not the zone", () => {
    const g = act(started(), 0, { do: "createToken", name: "Goblin", n: 13 }).game;
    const t = ids(g, "battlefield", 0)[4];
    const after = act(g, 0, { do: "tap", card: t, on: true }).game;
    const delta = diffView(viewTable(g, 1), viewTable(after, 1));
    expect(Object.keys(delta)).to.deep.equal(["seq", "zones"]);
    const z = delta.zones!["0.battlefield"]!;
    expect("ids" in z && z.set!.map((c) => c.id)).to.deep.equal([t]);
    expect(patchView(viewTable(g, 1), delta)).to.deep.equal(viewTable(after, 1));
    const life = diffView(viewTable(g, 1), viewTable(act(g, 1, { do: "life", player: 1, delta: -2 }).game, 1));
    expect(Object.keys(life.players!)).to.deep.equal(["1"]);
  });
});

describe("card table: log lines per viewer", () => {
  it("names a card only to who sees it, shows dice results, chat and undo", () => {
    const g = started();
    const bolt = ids(g, "hand", 0).find((i) => g.defs[g.cards.get(i)!.def].name === "Lightning Bolt") ?? ids(g, "hand", 0)[0];
    const name = g.defs[g.cards.get(bolt)!.def].name;
    const hidden = act(g, 0, { do: "move", card: bolt, zone: "library", place: "top" });
    expect(logLine(g, hidden.game, hidden.event, 0).text).to.equal(`Player 1 moved ${name} from Player 1's hand to Player 1's library.`);
    expect(logLine(g, hidden.game, hidden.event, 1).text).to.equal("Player 1 moved a card from Player 1's hand to Player 1's library.");
    expect(logLine(g, hidden.game, hidden.event, "spectator").text).to.not.contain(name);
    const played = act(g, 0, { do: "move", card: bolt, zone: "battlefield", place: "battlefield" });
    expect(logLine(g, played.game, played.event, 1).text).to.contain(name);
    const dice = act(g, 1, { do: "rollDice", sides: 6, n: 2 });
    const line = logLine(g, dice.game, dice.event, 0);
    expect(line.text).to.match(/^Player 2 rolled 2d6: \d, \d\.$/);
    expect(line.result).to.have.length(2);
    const chat = act(g, 1, { do: "chat", text: "gg" });
    expect(logLine(g, chat.game, chat.event, "spectator").text).to.equal("Player 2: gg");
    const log = createLog(g, "lastOwn");
    const d = play(log, g, 0, { do: "draw", n: 1 }, createRng(1), 0);
    if (!d.ok) throw new Error(d.error.message);
    expect(logLine(g, d.game, d.event, 1).text).to.equal("Player 1 drew 1 card.");
    const u = play(log, d.game, 0, { do: "undo" }, createRng(1), 0);
    if (!u.ok) throw new Error(u.error.message);
    expect(logLine(d.game, u.game, u.event, 1).text).to.match(/Player 1 undid/);
  });
});

describe("card table: the end of a shared game", () => {
  it("one player alone cannot end it: needs-agreement, nothing changes", () => {
    const g = started();
    expect(refused(g, 0, { do: "endGame", winners: [0] })).to.equal("needs-agreement");
    expect(refused(g, 0, { do: "endGame", winners: [] })).to.equal("needs-agreement");
    expect(refused(started(4), 2, { do: "endGame", winners: [2] })).to.equal("needs-agreement");
  });

  it("conceding stays one action; the game ends by itself when everyone else has conceded", () => {
    const two = act(started(), 0, { do: "concede" }).game;
    expect(two).to.deep.include({ phase: "finished", winners: [1], ended: "conceded" });
    expect(logLine(started(), two, act(started(), 0, { do: "concede" }).event, 1).text).to.equal("Player 1 conceded. Everyone else conceded: Player 2 won.");
    let four = started(4);
    four = act(four, 3, { do: "concede" }).game;
    four = act(four, 1, { do: "concede" }).game;
    expect(four.phase).to.equal("playing");
    four = act(four, 0, { do: "concede" }).game;
    expect(four).to.deep.include({ phase: "finished", winners: [2], ended: "conceded" });
    // Alone: conceding ends the game, nobody won.
    expect(act(started(1), 0, { do: "concede" }).game).to.deep.include({ phase: "finished", winners: [], ended: "conceded" });
  });

  it("Two-Headed Giant: the team still in wins when the other team has conceded", () => {
    let g = started(4, { variants: { teams: "twoHeadedGiant" } });
    g = act(g, 2, { do: "concede" }).game;
    expect(g.phase).to.equal("playing");
    g = act(g, 3, { do: "concede" }).game;
    expect(g).to.deep.include({ phase: "finished", winners: [0, 1], ended: "conceded" });
  });

  it("the table ends it when everyone agreed; a finished game is final (no undo); its line says how", () => {
    const g = started();
    const log = createLog(g, "lastOwn");
    const r = resolveForTable(g, { do: "endGame", winners: [0] }, createRng(1), 0);
    if (!r.ok) throw new Error(r.error.message);
    expect(logLine(g, r.game, r.event, 1).text).to.equal("Everyone agreed to end the game: Player 1 won.");
    const u = play(log, r.game, 0, { do: "undo" }, createRng(1), 0);
    expect(u.ok === false && u.error.code).to.equal("finished");
  });

  it("games dealt before the agreement rule (ending: declared) end as they did: by one player", () => {
    const g = started(2, { options: { ending: "declared" } });
    const over = act(g, 1, { do: "endGame", winners: [1] }).game;
    expect(over).to.deep.include({ phase: "finished", winners: [1], ended: "declared" });
    const c = act(g, 0, { do: "concede" }).game;
    expect(c.phase, "conceding did not end a game then").to.equal("playing");
  });
});

describe("card table: the everything view", () => {
  it("is the spectator's view while the game goes on, and everything once it is finished", () => {
    const g = started();
    expect(viewTable(g, "all")).to.deep.equal(viewTable(g, "spectator"));
    expect(viewTable(g, "all").zones["0.library"].cards).to.equal(undefined);
    const over = act(g, 1, { do: "concede" }).game;
    expect(over.phase).to.equal("finished");
    const all = viewTable(over, "all");
    expect(all.zones["0.library"].cards!.every((c) => c.known)).to.equal(true);
    expect(all.zones["1.hand"].cards).to.have.length(7);
  });
});

describe("card table: decklists", () => {
  it("reads counts, sections, SB: lines, set codes (the printing kept) and the | type | cost | P/T extras", () => {
    const r = parseDecklist("Commander:\n1 Atraxa, Praetors' Voice\n\nDeck\n4x Lightning Bolt (M10) 146\n// comment\n2 Grizzly Bears | Creature — Bear | {1}{G} | 2/2\nSB: 3 Duress\nMaybeboard\n1 Opt\nTokens\n1 Soldier");
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    expect(r.deck.commander).to.deep.equal([{ count: 1, def: { name: "Atraxa, Praetors' Voice", commander: true } }]);
    expect(r.deck.main).to.deep.equal([
      { count: 4, def: { name: "Lightning Bolt", set: "M10", number: "146" } },
      { count: 2, def: { name: "Grizzly Bears", type: "Creature — Bear", cost: "{1}{G}", power: "2", toughness: "2", permanent: true } },
    ]);
    expect(r.deck.sideboard[0]).to.deep.include({ count: 3 });
    expect(r.deck.maybeboard).to.have.length(1);
    expect(r.deck.tokens).to.have.length(1);
  });

  it("gives line-numbered errors saying how to write the line", () => {
    const r = parseDecklist("4 Lightning Bolt\nLightning Bolt\n0 Opt\n300 Island");
    expect(r.ok).to.equal(false);
    if (r.ok) return;
    expect(r.errors.map((e) => e.line)).to.deep.equal([2, 3, 4]);
    expect(r.errors[0].message).to.match(/line 2: .*write it as "1 Lightning Bolt"/);
    expect(r.errors[2].message).to.match(/line 4: 300 copies/);
  });

  it("a local card file fills what the list does not say; the list wins", () => {
    const r = parseDecklist("2 Llanowar Elves\n1 Grizzly Bears | Creature — Bear | {1}{G} | 3/3");
    if (!r.ok) throw new Error("list");
    const deck = withCardInfo(r.deck, { "llanowar elves": { type: "Creature — Elf Druid", cost: "{G}", power: "1", toughness: "1" }, "Grizzly Bears": { power: "2" } });
    expect(deck.main[0].def).to.deep.equal({ name: "Llanowar Elves", type: "Creature — Elf Druid", cost: "{G}", power: "1", toughness: "1", permanent: true });
    expect(deck.main[1].def.power).to.equal("3");
    expect(r.deck.main[0].def).to.deep.equal({ name: "Llanowar Elves" }, "the parsed deck is not changed");
  });

  it("the Tokens section offers tokens to create: by name they come with the list's type and P/T", () => {
    const g = started();
    expect(viewTable(g, 1).players[0].tokens).to.deep.equal([{ name: "Goblin", type: "Token Creature — Goblin", power: "1", toughness: "1", permanent: true }]);
    const t = act(g, 0, { do: "createToken", name: "Goblin" }).game;
    const card = viewTable(t, 1).zones["0.battlefield"].cards![0];
    expect(card.card).to.deep.include({ type: "Token Creature — Goblin", power: "1" });
  });

  it("the built-in deck has 52 cards and 2 jokers; maybeboard and tokens never reach the table", () => {
    const d = standardDeck();
    expect(d.main.reduce((n, e) => n + e.count, 0)).to.equal(54);
    expect(new Set(d.main.map((e) => e.def.name)).size).to.equal(53);
    const deck = testDeck();
    deck.maybeboard.push({ count: 3, def: { name: "Opt" } });
    const g = setupTable(1, { format: "commander", decks: [deck] }, 1);
    expect([...g.cards.values()].sort((a, b) => a.id - b.id).some((c) => g.defs[c.def].name === "Opt" || g.defs[c.def].name === "Goblin")).to.equal(false);
    expect(names(g, "sideboard", 0)).to.deep.equal(["Duress", "Duress"]);
    expect(names(g, "command", 0)).to.deep.equal(["Captain Sisay"]);
  });
});

describe("card table: fingerprint", () => {
  it("SHA-256 matches Node's, canonical JSON sorts keys", () => {
    for (const s of ["", "abc", "x".repeat(1000), "ünïcödé — ∞", "a".repeat(55), "a".repeat(56), "a".repeat(64)]) {
      expect(sha256(s)).to.equal(createHash("sha256").update(s, "utf8").digest("hex"));
    }
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: undefined }] })).to.equal('{"a":[{"d":2}],"b":1}');
  });
});
