// The catalogue actions on one card or a few: move, tap, counters, attachments, arrows, copies (see table.actions.test.ts).

import { expect } from "chai";
import { applyEvent, viewTable, type ActionKind } from "../../common/table/index.js";
import { act, find, fresh, ids, nameOf, put, refused, started, top } from "./table.helpers.js";
import { ok, onField } from "./table.actions.helpers.js";

export const cardsCases = {
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
} satisfies Partial<Record<ActionKind, () => void>>;
