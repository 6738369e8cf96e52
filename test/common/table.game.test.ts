// The card table's game definition beyond the contract kit: decklists in pieces, the freeze
// and its vote, and the wire parts joining back into the view.

import { expect } from "chai";
import { GameSession } from "../../common/core/session.js";
import { deckMessages, frozenBy, tableDef, type TableMove, type TableState } from "../../common/table/game.js";
import { joinView, partsFor, splitView } from "../../common/table/wire.js";

const LIST = Array.from({ length: 90 }, (_, i) => `1 Card number ${i} | Creature — Test | {${i % 5}} | ${i % 4}/${i % 3}`).join("\n");

function dealt(seats: number): GameSession<TableState, TableMove, unknown, unknown, unknown> {
  const c = tableDef.configure({ seats });
  if (!c.ok) throw new Error(c.error.message);
  const s = new GameSession(tableDef, 7, c.value.config, seats);
  for (let seat = 0; seat < seats; seat++) {
    const messages = seat === 0 ? deckMessages(LIST) : [{ text: "" }];
    for (const m of messages) {
      const p = tableDef.parseMove("deck", m);
      if (!p.ok) throw new Error(p.error.message);
      const r = s.apply(seat, p.value, 1);
      if (!r.ok) throw new Error(r.error.message);
    }
  }
  return s;
}

/** Dealt and kept: the game is on. Players are named P0, P1… */
function playing(seats: number): GameSession<TableState, TableMove, unknown, unknown, unknown> {
  const c = tableDef.configure({ seats });
  if (!c.ok) throw new Error(c.error.message);
  const s = new GameSession(tableDef, 9, c.value.config, seats);
  for (let seat = 0; seat < seats; seat++) expect(s.apply(seat, { type: "deck", text: "", name: `P${seat}` }, 1).ok).to.equal(true);
  for (let seat = 0; seat < seats; seat++) expect(s.apply(seat, { type: "act", action: { do: "keep", bottom: [] } }, 2).ok).to.equal(true);
  return s;
}

/** The refusal code of a move (the test fails if it is accepted); the state must not change. */
function refusal(s: GameSession<TableState, TableMove, unknown, unknown, unknown>, seat: number, move: TableMove): string {
  const before = JSON.stringify(s.state);
  const r = s.apply(seat, move, 99);
  expect(JSON.stringify(s.state)).to.equal(before);
  if (r.ok) throw new Error(`${JSON.stringify(move)} by ${seat} was accepted`);
  return r.error.code;
}

describe("card table definition", () => {
  it("imports a decklist longer than one message in pieces and deals it", () => {
    expect(LIST.length).to.be.greaterThan(3000);
    expect(deckMessages(LIST).length).to.be.greaterThan(3);
    const s = dealt(2);
    const g = s.state.game!;
    const mine = [...g.zones["0.library"], ...g.zones["0.hand"]].map((id) => g.defs[g.cards.get(id)!.def].name);
    expect(mine).to.have.length(90);
    expect(mine).to.include("Card number 42");
  });

  it("refuses a piece that does not follow the last one, and a bad line with its line number", () => {
    const c = tableDef.configure({ seats: 2 });
    if (!c.ok) throw new Error(c.error.message);
    const s = new GameSession(tableDef, 1, c.value.config, 2);
    expect(s.apply(0, { type: "deck", text: "4 Forest\n", more: true }, 1).ok).to.equal(true);
    const gap = s.apply(0, { type: "deck", text: "x", at: 99 }, 1);
    expect(gap.ok === false && gap.error.code).to.equal("deck-piece");
    const bad = s.apply(0, { type: "deck", text: "4 Forest\nfour Bears" }, 1);
    expect(bad.ok === false && bad.error.message).to.match(/line 2/);
  });

  it("a table made with checks refuses a deck that breaks the format's construction rules, worded; without checks it only warns", () => {
    const small = "5 Lightning Bolt | Instant | {R}\n30 Mountain | Basic Land — Mountain";
    const checked = tableDef.configure({ seats: 2, checks: true });
    if (!checked.ok) throw new Error(checked.error.message);
    expect(checked.value.config.checks).to.equal(true);
    const s = new GameSession(tableDef, 1, checked.value.config, 2);
    const r = s.apply(0, { type: "deck", text: small }, 1);
    expect(r.ok === false && r.error.code).to.equal("deck-check");
    expect(r.ok === false && r.error.message).to.equal("This table checks decks against constructed rules: The deck has 35 cards; this format plays at least 60. Add 25. Lightning Bolt is in the deck 5 times; this format allows 4 copies (printings count together). Fix the list and import again.");
    expect(s.state.decks[0]).to.equal(null);
    expect(s.apply(0, { type: "deck", text: "4 Lightning Bolt | Instant | {R}\n56 Mountain | Basic Land — Mountain" }, 1).ok).to.equal(true);
    const open = tableDef.configure({ seats: 2 });
    if (!open.ok) throw new Error(open.error.message);
    const u = new GameSession(tableDef, 1, open.value.config, 2);
    expect(u.apply(0, { type: "deck", text: small }, 1).ok).to.equal(true);
    const view = tableDef.view(u.state, 0);
    expect(view.report?.warnings?.map((w) => w.kind)).to.deep.equal(["size", "repeated"]);
    expect(tableDef.view(u.state, 1).report).to.equal(undefined, "only the deck's own player reads its report");
    expect(tableDef.configure({ seats: 2, format: "free", checks: true }).ok && "free has no rules").to.equal("free has no rules");
    expect(tableDef.configure({ seats: 2, checks: "yes" }).ok).to.equal(false);
  });

  it("a sparring partner keeps, plays its turn as ordinary events (untap, draw, a land, what it can afford, pass), is undone like a player, and its deck can be chosen", () => {
    const c = tableDef.configure({ mode: "solo", sparring: true });
    if (!c.ok) throw new Error(c.error.message);
    expect(tableDef.configure({ mode: "online", sparring: true }).ok).to.equal(false);
    const s = new GameSession(tableDef, 11, c.value.config, 1);
    const go = (move: TableMove) => {
      const r = s.apply(0, move, 1);
      if (!r.ok) throw new Error(r.error.message);
      return r;
    };
    go({ type: "deck", text: "30 Forest | Basic Land — Forest\n30 Grizzly Bears | Creature — Bear | {1}{G} | 2/2" });
    const g0 = s.state.game!;
    expect(g0.players.map((p) => [p.name, !!p.sparring, p.kept])).to.deep.equal([["Player 1", false, false], ["Sparring partner", true, true]]);
    expect(g0.phantom, "a table with a partner has no phantom").to.equal(undefined);
    go({ type: "act", action: { do: "keep", bottom: [] } });
    const handBefore = s.state.game!.zones["1.hand"].length;
    const r = go({ type: "act", action: { do: "passTurn" } });
    const g = s.state.game!;
    expect(g.turn.active).to.equal(0, "the partner passed back");
    const onField = g.zones["1.battlefield"].map((id) => g.defs[g.cards.get(id)!.def]);
    expect(onField.filter((d) => /Land/.test(d.type ?? ""))).to.have.length(1, "it played one land");
    expect(g.zones["1.hand"].length).to.be.lessThan(handBefore + 1);
    const texts = s.state.lines.map((o) => o.lines[0].text);
    expect(texts.some((t) => /^Sparring partner drew/.test(t) || /Sparring partner/.test(t))).to.equal(true);
    expect(texts.at(-1)).to.match(/Sparring partner passed the turn/);
    expect(r.ok && r.events.length).to.be.greaterThan(2, "each step is its own event");
    // undo takes back its last step only; it then waits for someone to pass for it
    go({ type: "act", action: { do: "undo" } });
    expect(s.state.game!.turn.active).to.equal(1);
    go({ type: "act", action: { do: "passTurn" } });
    expect(s.state.game!.turn.active).to.equal(0);
    // its deck, chosen before the player's own; a table without a partner refuses one
    const t = new GameSession(tableDef, 3, c.value.config, 1);
    expect(t.apply(0, { type: "deck", text: "60 Island | Basic Land — Island", sparring: true }, 1).ok).to.equal(true);
    expect(t.apply(0, { type: "deck", text: "" }, 1).ok).to.equal(true);
    const tg = t.state.game!;
    expect([...tg.zones["1.library"], ...tg.zones["1.hand"]].every((id) => tg.defs[tg.cards.get(id)!.def].name === "Island")).to.equal(true);
    const plain = tableDef.configure({ mode: "solo" });
    if (!plain.ok) throw new Error(plain.error.message);
    const u = new GameSession(tableDef, 3, plain.value.config, 1);
    const refused = u.apply(0, { type: "deck", text: "1 Island", sparring: true }, 1);
    expect(refused.ok === false && refused.error.code).to.equal("no-sparring");
  });

  it("names players in the log by the names sent with their decks (two alike told apart), never by seat", () => {
    const c = tableDef.configure({ seats: 3 });
    if (!c.ok) throw new Error(c.error.message);
    const s = new GameSession(tableDef, 3, c.value.config, 3);
    const names = ["Ada", "Bo", "Bo"];
    for (let seat = 0; seat < 3; seat++) {
      const p = tableDef.parseMove("deck", { text: "", name: names[seat] });
      if (!p.ok) throw new Error(p.error.message);
      expect(s.apply(seat, p.value, 1).ok).to.equal(true);
    }
    expect(s.state.game!.players.map((p) => p.name)).to.deep.equal(["Ada", "Bo 2", "Bo 3"]);
    expect(s.apply(0, { type: "act", action: { do: "mulligan" } }, 2).ok).to.equal(true);
    expect(s.apply(2, { type: "act", action: { do: "life", player: 0, delta: -2 } }, 3).ok).to.equal(true);
    const lines = s.view(null).lines.map((l) => l.text);
    expect(lines).to.deep.equal(["Ada took a mulligan.", "Bo 3 took 2 life from Ada (now 18)."]);
    for (const l of lines) expect(l).to.not.match(/Player \d|seat/i);
    const bad = tableDef.parseMove("deck", { text: "", name: "x".repeat(100) });
    expect(bad.ok === false && bad.error.code).to.equal("bad-payload");
  });

  it("freezes an action touching an absent player's hidden cards until most present players vote to go on", () => {
    const s = dealt(3);
    for (let seat = 0; seat < 3; seat++) expect(s.apply(seat, { type: "act", action: { do: "keep", bottom: [] } }, 1).ok).to.equal(true);
    // Kitchen-table mode, and player 2 shows their hand: player 0 may now take a card from it.
    expect(s.apply(0, { type: "act", action: { do: "helpers", everyoneTouches: true } }, 1).ok).to.equal(true);
    expect(s.apply(1, { type: "act", action: { do: "revealHand", on: true } }, 1).ok).to.equal(true);
    const hand1 = s.state.game!.zones["1.hand"];
    const take = { do: "move" as const, card: hand1[0], zone: "graveyard" as const, place: "top" as const };
    expect(frozenBy(s.state, 0, take, [1])).to.deep.equal([1]);
    expect(frozenBy(s.state, 0, take, [])).to.deep.equal([]);
    expect(frozenBy(s.state, 0, { do: "draw", n: 1 }, [1])).to.deep.equal([]);
    // What the table refuses anyway is never "frozen": a card of 1's library (unseen) is no card.
    const unseen = { do: "move" as const, card: s.state.game!.zones["1.library"][0], zone: "graveyard" as const, place: "top" as const };
    expect(frozenBy(s.state, 0, unseen, [1])).to.deep.equal([]);
    expect(frozenBy(s.state, 0, { do: "lookTop", n: 3, player: 1 }, [1]), "looking into another's library is refused, not frozen").to.deep.equal([]);
    expect(s.apply(0, { type: "goOn", player: 1 }, 2).ok).to.equal(true);
    expect(frozenBy(s.state, 0, take, [1])).to.deep.equal([1], "one vote of two present is not most");
    expect(s.apply(2, { type: "goOn", player: 1 }, 3).ok).to.equal(true);
    expect(frozenBy(s.state, 0, take, [1])).to.deep.equal([]);
    expect(s.apply(0, { type: "goOn", player: 0 }, 3).ok).to.equal(false);
  });

  it("a lone endGame does not end a shared game: it proposes the end to the others, who see it", () => {
    const s = playing(2);
    const r = s.apply(0, { type: "act", action: { do: "endGame", winners: [0] } }, 5);
    expect(r.ok).to.equal(true);
    expect(s.state.game!.phase).to.equal("playing", "one player alone never ends the game for the other");
    expect(tableDef.status(s.state)).to.equal("playing");
    const seen = [tableDef.view(s.state, 1), tableDef.view(s.state, null)];
    for (const v of seen) expect(v.endVote).to.deep.equal({ by: 0, winners: [0], yes: [0], no: null });
    // The wire carries it: the public part, joined back.
    expect(joinView(partsFor(splitView(seen[1]), null), "spectator")!.endVote).to.deep.equal(seen[1].endVote);
  });

  it("ends when everyone still in agrees: the stored result says agreed, the log says how", () => {
    const s = playing(3);
    expect(s.apply(1, { type: "proposeEnd", winners: [1, 2] }, 5).ok).to.equal(true);
    expect(refusal(s, 1, { type: "answerEnd", agree: true })).to.equal("already-agreed");
    expect(s.apply(0, { type: "answerEnd", agree: true }, 6).ok).to.equal(true);
    expect(s.state.game!.phase).to.equal("playing", "one of three still to agree");
    expect(s.state.endVote!.yes).to.deep.equal([0, 1]);
    const last = s.apply(2, { type: "answerEnd", agree: true }, 7);
    expect(last.ok).to.equal(true);
    expect(s.state.game).to.deep.include({ phase: "finished", winners: [1, 2], ended: "agreed" });
    expect(s.state.endVote).to.equal(null);
    expect(tableDef.status(s.state)).to.equal("finished");
    expect(tableDef.result!(s.state)).to.equal("agreed");
    expect(tableDef.view(s.state, 0).lines.at(-1)!.text).to.equal("Everyone agreed to end the game: P1 and P2 won.");
  });

  it("a refusal or a withdrawal ends the proposal; play goes on; another proposal may follow", () => {
    const s = playing(2);
    expect(s.apply(0, { type: "proposeEnd", winners: [0] }, 5).ok).to.equal(true);
    expect(refusal(s, 1, { type: "proposeEnd", winners: [1] }), "one proposal at a time").to.equal("vote-open");
    expect(s.apply(1, { type: "answerEnd", agree: false }, 6).ok).to.equal(true);
    expect(s.state.endVote).to.deep.include({ by: 0, no: 1 });
    expect(s.state.game!.phase).to.equal("playing");
    expect(refusal(s, 0, { type: "answerEnd", agree: true }), "a refused proposal takes no more votes").to.equal("no-proposal");
    expect(s.apply(1, { type: "act", action: { do: "life", player: 0, delta: -1 } }, 7).ok).to.equal(true);
    expect(s.state.endVote, "play went on: the refusal is cleared").to.equal(null);
    // Bo proposes nobody won, then withdraws.
    expect(s.apply(1, { type: "proposeEnd", winners: [] }, 8).ok).to.equal(true);
    expect(s.apply(1, { type: "answerEnd", agree: false }, 9).ok).to.equal(true);
    expect(s.state.endVote).to.deep.include({ by: 1, no: 1 });
    // The same proposal as the open one is an agreement.
    expect(s.apply(0, { type: "proposeEnd", winners: [1] }, 10).ok).to.equal(true);
    expect(s.apply(1, { type: "proposeEnd", winners: [1] }, 11).ok).to.equal(true);
    expect(s.state.game).to.deep.include({ phase: "finished", winners: [1], ended: "agreed" });
  });

  it("conceding is one action: the last one in wins (result conceded); a concession can complete a vote", () => {
    const two = playing(2);
    expect(two.apply(1, { type: "act", action: { do: "concede" } }, 5).ok).to.equal(true);
    expect(two.state.game).to.deep.include({ phase: "finished", winners: [0], ended: "conceded" });
    expect(tableDef.result!(two.state)).to.equal("conceded");
    const three = playing(3);
    expect(three.apply(0, { type: "proposeEnd", winners: [0] }, 5).ok).to.equal(true);
    expect(three.apply(1, { type: "answerEnd", agree: true }, 6).ok).to.equal(true);
    // P2 will not agree and concedes: everyone still in has agreed.
    expect(three.apply(2, { type: "act", action: { do: "concede" } }, 7).ok).to.equal(true);
    expect(three.state.game).to.deep.include({ phase: "finished", winners: [0], ended: "agreed" });
    expect(refusal(playing(3), 0, { type: "answerEnd", agree: true })).to.equal("no-proposal");
    const gone = playing(3);
    expect(gone.apply(2, { type: "act", action: { do: "concede" } }, 5).ok).to.equal(true);
    expect(gone.apply(0, { type: "proposeEnd", winners: [0] }, 6).ok).to.equal(true);
    expect(refusal(gone, 2, { type: "answerEnd", agree: true }), "who conceded has no say").to.equal("eliminated");
  });

  it("alone at the table, ending is one action; the messages parse strictly", () => {
    const c = tableDef.configure({ mode: "solo" });
    if (!c.ok) throw new Error(c.error.message);
    const s = new GameSession(tableDef, 3, c.value.config, 1);
    expect(s.apply(0, { type: "deck", text: "" }, 1).ok).to.equal(true);
    expect(s.apply(0, { type: "proposeEnd", winners: [0] }, 2).ok).to.equal(true);
    expect(s.state.game).to.deep.include({ phase: "finished", winners: [0], ended: "agreed" });
    expect(tableDef.parseMove("proposeEnd", { winners: [1, 0, 1] })).to.deep.equal({ ok: true, value: { type: "proposeEnd", winners: [0, 1] } });
    for (const bad of [{ winners: [12] }, { winners: "0" }, {}, { winners: [0], extra: 1 }]) expect(tableDef.parseMove("proposeEnd", bad).ok, JSON.stringify(bad)).to.equal(false);
    expect(tableDef.parseMove("answerEnd", { agree: "yes" }).ok).to.equal(false);
  });

  it("cuts every viewer's view into parts that join back into the same view", () => {
    const s = dealt(3);
    for (const viewer of [0, 1, 2, null]) {
      const v = tableDef.view(s.state, viewer);
      const back = joinView(partsFor(splitView(v), null), viewer ?? "spectator");
      expect(back).to.deep.equal(v);
    }
  });
});
