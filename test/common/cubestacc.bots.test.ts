// Cubestacc bots: easy follows the reference priorities, normal plays better;
// both decide from their seat's view only and only send moves the rules accept.

import { expect } from "chai";
import { createRng } from "../../common/core/rng.js";
import { botDelay, botMove, cubestaccRules, favouriteSuit, type BotLevel, type CubestaccMove } from "../../common/cubestacc/index.js";
import { C, cards, ok, play, runGame, table } from "./cubestacc.helpers.js";

const view = cubestaccRules.view;
const rng = () => createRng(7, 3);
/** Every choice the bot makes over many RNG draws (ties are broken at random). */
function choices(state: Parameters<typeof view>[0], seat: number, level: BotLevel, tries = 40): Set<string> {
  const r = rng();
  const out = new Set<string>();
  for (let i = 0; i < tries; i++) out.add(JSON.stringify(botMove(view(state, seat), level, r)));
  return out;
}
const one = (m: CubestaccMove | null) => JSON.stringify(m);

describe("cubestacc easy bot: the reference priorities", () => {
  it("prefers face cards and 0, then a wild, then numbers", () => {
    const faces = table({ hands: ["3S W0 KS 0S", "2C"], root: "7S" });
    const picked = [...choices(faces, 0, "easy")].map((m) => JSON.parse(m).card);
    expect(new Set(picked)).to.deep.equal(new Set([C("KS"), C("0S")]));
    const wild = table({ hands: ["3S W0 9D", "2C"], root: "7S" });
    expect([...choices(wild, 0, "easy")].map((m) => JSON.parse(m).card)).to.deep.equal([C("W0")]);
    const numbers = table({ hands: ["3S 9D 2H", "2C"], root: "7S" });
    expect([...choices(numbers, 0, "easy")]).to.deep.equal([one(play("3S", 0, "top"))]);
  });

  it("names the most common suit in hand for a wild", () => {
    const s = table({ hands: ["W0 2H 5H 9D", "2C"], root: "7S" });
    expect([...choices(s, 0, "easy")]).to.deep.equal([one(play("W0", 0, "wild", "hearts"))]);
    expect(favouriteSuit(cards("2C 3C 4D W1"))).to.equal("clubs");
  });

  it("calls UH OH at 2 cards, even out of turn, before anything else", () => {
    const s = table({ hands: ["3S 4S 5S", "2C 3C"], root: "7S" });
    expect(botMove(view(s, 1), "easy", rng())).to.deep.equal({ type: "uhoh" });
    const mine = table({ hands: ["3S 4S", "2C"], root: "7S" });
    expect(botMove(view(mine, 0), "easy", rng())).to.deep.equal({ type: "uhoh" });
  });

  it("stacks a K on a pending stack, otherwise takes it; draws when nothing fits", () => {
    const withK = table({ hands: ["2D", "KH 3S 9D"], root: "7S", stack: [["KS", 0, "top"]], pending: 2, turn: 1 });
    for (const m of choices(withK, 1, "easy")) expect(JSON.parse(m).card).to.equal(C("KH"));
    const noK = table({ hands: ["2D", "3S 9D 2H"], root: "7S", stack: [["KS", 0, "top"]], pending: 2, turn: 1 });
    expect(botMove(view(noK, 1), "easy", rng())).to.deep.equal({ type: "draw" });
    const stuck = table({ hands: ["2D", "9D 2H 4H"], root: "7S", turn: 1 });
    expect(botMove(view(stuck, 1), "easy", rng())).to.deep.equal({ type: "draw" });
  });

  it("keeps dumping while possible", () => {
    const s = table({ hands: ["5S 5H 9S 2D", "2C"], root: "7S" });
    const a = ok(s, 0, play("5S", 0, "top")).state;
    expect(JSON.parse([...choices(a, 0, "easy")][0]).card).to.equal(C("5H"));
  });

  it("does nothing out of turn without a reason, and nothing for a spectator or after the end", () => {
    const s = table({ hands: ["3S 4S 5S", "2C 3C 4C"], root: "7S" });
    expect(botMove(view(s, 1), "easy", rng())).to.equal(null);
    expect(botMove(view(s, null), "normal", rng())).to.equal(null);
    const end = ok(table({ hands: ["3S", "2C 4C 5C"], root: "7S" }), 0, play("3S", 0, "top")).state;
    expect(botMove(view(end, 1), "normal", rng())).to.equal(null);
  });
});

describe("cubestacc normal bot: stronger, same view", () => {
  it("catches a forgotten UH OH out of turn (easy does not)", () => {
    const slip = ok(table({ hands: ["3S 9D", "2C 4C 5C", "5H 6H 7H"], root: "7S" }), 0, play("3S", 0, "top")).state;
    expect(botMove(view(slip, 2), "normal", rng())).to.deep.equal({ type: "caught", target: 0 });
    expect(botMove(view(slip, 2), "easy", rng())).to.equal(null);
  });

  it("keeps a wild while another card fits", () => {
    const s = table({ hands: ["W0 3S 9D", "2C 4C 5C"], root: "7S" });
    for (const m of choices(s, 0, "normal")) expect(JSON.parse(m).card).to.not.equal(C("W0"));
    expect([...choices(s, 0, "easy")].map((m) => JSON.parse(m).card)).to.deep.equal([C("W0")]);
  });

  it("plays the last card when it can", () => {
    const s = table({ hands: ["W0", "2C 4C 5C"], root: "7S" });
    expect(JSON.parse([...choices(s, 0, "normal")][0]).card).to.equal(C("W0"));
  });

  it("opens with the rank it can dump", () => {
    // 4S alone, or 9S followed by 9H: two cards this turn.
    const s = table({ hands: ["4S 9S 9H 2D", "2C 4C 5C"], root: "7S" });
    for (const m of choices(s, 0, "normal")) expect(JSON.parse(m).card).to.equal(C("9S"));
  });

  it("ends a K dump keeping a K back to bounce a stack, unless the next player is about to win", () => {
    const calm = ok(table({ hands: ["KS KH 3D 4D", "2C 3C 5C"], root: "7S" }), 0, play("KS", 0, "top")).state;
    expect(calm.dump).to.deep.equal({ rank: "K" });
    expect(botMove(view(calm, 0), "normal", rng())).to.deep.equal({ type: "done" });
    expect(JSON.parse(one(botMove(view(calm, 0), "easy", rng()))).card).to.equal(C("KH"));
    const urgent = ok(table({ hands: ["KS KH 3D 4D", "2C 3C"], root: "7S" }), 0, play("KS", 0, "top")).state;
    expect(JSON.parse(one(botMove(view(urgent, 0), "normal", rng()))).card).to.equal(C("KH"));
  });

  it("aims a J at a next player about to win", () => {
    const s = table({ hands: ["JS 4S 2D", "2C"], root: "7S" });
    for (const m of choices(s, 0, "normal")) expect(JSON.parse(m).card).to.equal(C("JS"));
  });
});

describe("cubestacc bots in whole games", () => {
  it("only ever send moves the rules accept, at every level and table size (the runner throws otherwise)", () => {
    let games = 0;
    for (const seats of [2, 3, 4, 5]) {
      for (const levels of [["easy"], ["normal"], ["normal", "easy"]] as BotLevel[][]) {
        for (let k = 0; k < 5; k++) {
          const session = runGame({ seed: 31 * seats + k, seats, levels: Array.from({ length: seats }, (_, i) => levels[i % levels.length]), wildPivot: k % 2 === 1 });
          expect(session.state.phase).to.equal("finished");
          games++;
        }
      }
    }
    expect(games).to.equal(60);
  });

  it("normal beats easy more often than not over 300 fixed 2-player games", () => {
    let wins = 0;
    for (let g = 0; g < 300; g++) {
      const normal = g % 2;
      const levels: BotLevel[] = normal === 0 ? ["normal", "easy"] : ["easy", "normal"];
      if (runGame({ seed: 50_000 + g, seats: 2, levels }).state.winner === normal) wins++;
    }
    expect(wins).to.be.greaterThan(150);
  });

  it("decide from the view alone: the same view gives the same move whatever is hidden", () => {
    const a = table({ hands: ["3S 4S 9S 2D", "2C 3C 5H", "5D 6D"], root: "7S", deck: "8C 9C 10C" });
    const b = table({ hands: ["3S 4S 9S 2D", "8C 9C 10C", "5D 6D"], root: "7S", deck: "5H 3C 2C" });
    for (const level of ["easy", "normal"] as BotLevel[]) {
      expect(one(botMove(view(a, 0), level, createRng(5)))).to.equal(one(botMove(view(b, 0), level, createRng(5))));
    }
  });

  it("wait a human-like 650-1050 ms", () => {
    const r = rng();
    const delays = Array.from({ length: 200 }, () => botDelay(r));
    expect(Math.min(...delays)).to.be.at.least(650);
    expect(Math.max(...delays)).to.be.at.most(1050);
    expect(new Set(delays).size).to.be.greaterThan(50);
  });
});
