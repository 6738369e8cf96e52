// Auto Pets as a game definition: payload parsing, views per seat and for spectators,
// who may act, and the core GameSession running it (replay included).

import { expect } from "chai";
import { GameSession, replay } from "../../common/core/session.js";
import { parsePetsMove, petsRules, toAct, viewGame } from "../../common/pets/index.js";
import { give, randomGame, take } from "./pets.helpers.js";

const CTX = { rng: null as never, now: 0 };

describe("pets rules contract", () => {
  it("parses every well-formed move", () => {
    for (const m of [{ type: "buy", slot: 3 }, { type: "sell", cards: [1, 2] }, { type: "trade", cards: [1, 2, 3] }, { type: "pick", index: 1 }, { type: "pass" }, { type: "arrange", order: [] }]) {
      expect(parsePetsMove(m)).to.deep.equal({ ok: true, value: m });
    }
  });

  it("rejects garbage with a clear code and message", () => {
    const garbage: unknown[] = [null, 3, "buy", [], {}, { type: "dance" }, { type: "buy" }, { type: "buy", slot: 4 }, { type: "buy", slot: 1.5 }, { type: "buy", slot: "0" },
      { type: "sell", cards: "all" }, { type: "sell", cards: [-1] }, { type: "sell", cards: [1e9] }, { type: "pick", index: 2 }, { type: "pass", now: true },
      { type: "arrange", order: [0, "1"] }, { type: "arrange", order: Array(65).fill(0) }, { type: "buy", slot: 0, extra: 1 }];
    for (const g of garbage) {
      const r = parsePetsMove(g);
      expect(r.ok, JSON.stringify(g)).to.equal(false);
      if (!r.ok) {
        expect(r.error.code).to.be.oneOf(["bad-payload", "unknown-type"]);
        expect(r.error.message.length).to.be.greaterThan(10);
      }
    }
    const s = petsRules.setup(1, { seats: 2 }, 2);
    for (const g of garbage) expect(petsRules.apply(s, 0, g as never, { rng: null as never, now: 0 }).ok).to.equal(false);
    expect(petsRules.apply(s, 2, { type: "pass" }, { rng: null as never, now: 0 })).to.deep.include({ ok: false });
  });

  it("shows a seat its own hand and picks, a spectator neither, nobody the decks or dice", () => {
    const s = petsRules.setup(3, { seats: 2 }, 2);
    give(s, 0, ["gorilla"]);
    give(s, 1, ["leopard"]);
    s.picks[1] = [s.decks[1].pop()!, s.decks[1].pop()!];
    const mine = viewGame(s, 0), theirs = viewGame(s, 1), spectator = viewGame(s, null);
    expect(mine.hand!.map((c) => c.card)).to.deep.equal(["gorilla"]);
    expect(theirs.picks).to.have.length(2);
    expect(mine.picks).to.equal(null);
    expect(spectator.hand).to.equal(null);
    expect(spectator.viewer).to.equal(null);
    expect(JSON.stringify(mine)).to.not.include("leopard");
    expect(JSON.stringify(spectator)).to.not.include("leopard").and.not.include("gorilla");
    for (const v of [mine, spectator]) {
      expect(v).to.not.have.any.keys("decks", "rng", "orders", "kinds", "hands");
      expect(v.handCounts).to.deep.equal([1, 1]);
      expect(v.row.filter(Boolean)).to.have.length(4);
    }
    expect(viewGame(s, 7).hand).to.equal(null); // an unknown viewer is a spectator
  });

  it("never names a hidden pick in public events, even when its Buy or Prep effect fires", () => {
    const publicEvents = (pickKey: string) => {
      let s = petsRules.setup(8, { seats: 2 }, 2);
      const fish = give(s, 0, ["fish", "fish", "otter"]);
      s.decks[1].push(take(s, "sheep"), take(s, pickKey)); // the top 2 of tier 2: pickKey first
      const traded = petsRules.apply(s, 0, { type: "trade", cards: fish }, CTX);
      if (!traded.ok) throw new Error(traded.error.message);
      const picked = petsRules.apply(traded.state, 0, { type: "pick", index: 0 }, CTX);
      if (!picked.ok) throw new Error(picked.error.message);
      let t = picked.state;
      while (t.phase === "shop") t = (petsRules.apply(t, t.turn, { type: "pass" }, CTX) as { state: typeof t }).state;
      return JSON.stringify(t.log);
    };
    for (const key of ["swan", "worm", "spider"]) expect(publicEvents(key)).to.not.include(key);
    expect(publicEvents("spider")).to.equal(publicEvents("rat")); // no gains: the log cannot tell them apart
  });

  it("says who may act: the shop seat on turn, every seat still to arrange, nobody at the end", () => {
    let s = petsRules.setup(4, { seats: 3 }, 3);
    expect(toAct(s)).to.deep.equal([0]);
    const { state } = randomGame(5, 3);
    expect(toAct(state)).to.deep.equal([]);
    s = { ...s, phase: "arrange", orders: [null, [], null] };
    expect(toAct(s)).to.deep.equal([0, 2]);
  });

  it("runs in a GameSession and replays from its record", () => {
    const { log } = randomGame(9, 2);
    const session = new GameSession(petsRules, 9, { seats: 2 }, 2);
    for (const { seat, move } of log) expect(session.apply(seat, move, 0).ok).to.equal(true);
    expect(session.state.phase).to.equal("finished");
    const again = replay(petsRules, session.record());
    expect(again.valid).to.equal(true);
    expect(JSON.stringify(again.state)).to.equal(JSON.stringify(session.state));
  });
});
