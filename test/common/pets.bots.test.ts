// Auto Pets bots (common/pets/bots/): legal to the end at every level and seat count,
// deciding only from the seat's view and public memory (scrambling everything hidden
// from the seat leaves the decision unchanged), pure, and stronger with a higher level.

import { expect } from "chai";
import { createFastRng } from "../../common/core/fastRng.js";
import { decide, newMemory, observe, playBots, rolloutBudget, type BotLevel } from "../../common/pets/bots/index.js";
import { petsRules, toAct, viewGame, type PetsState } from "../../common/pets/index.js";
import { scrambleHidden } from "./pets.helpers.js";

const LONG = !!process.env.LONG;

describe("pets bots", function () {
  this.timeout(LONG ? 600_000 : 60_000);

  it("play legal moves to the end at every level, 2 to 4 seats", () => {
    const tables: BotLevel[][] = [["easy", "medium"], ["medium", "easy", "easy"], ["easy", "easy", "medium", "hard"]];
    for (const [i, levels] of tables.entries()) {
      const { state } = playBots(100 + i, levels, 48);
      expect(state.phase).to.equal("finished");
      expect(state.winners!.length).to.be.greaterThan(0);
    }
  });

  it("decide the same when everything hidden from their seat is scrambled", () => {
    const r = createFastRng(77);
    let checked = 0;
    for (const seed of LONG ? [1, 2, 3, 4, 5, 6, 7, 8] : [1, 2]) {
      const seats = 2 + (seed % 3);
      let s: PetsState = petsRules.setup(seed, { seats }, seats);
      const mem = Array.from({ length: seats }, () => newMemory(seats));
      for (let n = 0; s.phase !== "finished"; n++) {
        const seat = toAct(s)[0];
        const level: BotLevel = (["easy", "medium", "hard"] as const)[n % 3];
        const d = decide(viewGame(s, seat), mem[seat], level, n, 32);
        if (n % 4 === 0) {
          const other = scrambleHidden(s, seat, r);
          expect(JSON.stringify(other.hands.filter((_, i) => i !== seat)) + JSON.stringify(other.rng)).to.not.equal(JSON.stringify(s.hands.filter((_, i) => i !== seat)) + JSON.stringify(s.rng));
          const again = decide(viewGame(other, seat), mem[seat], level, n, 32);
          expect(again.move).to.deep.equal(d.move);
          expect(again.scored).to.deep.equal(d.scored);
          checked++;
        }
        mem[seat] = d.memory;
        const res = petsRules.apply(s, seat, d.move, { rng: null as never, now: 0 });
        expect(res.ok).to.equal(true);
        if (res.ok) s = res.state;
      }
    }
    expect(checked).to.be.greaterThan(20);
  });

  it("remember public observations: buys, sales and boards shown in battle", () => {
    const { state } = playBots(5, ["easy", "easy"], 16);
    const m = observe(newMemory(2), viewGame(state, 0));
    const last = state.battles.at(-1)!;
    expect(m.lastBoard[1]).to.deep.equal(last.lineups[last.seats[0] === 1 ? 0 : 1]);
    expect(m.seen).to.equal(state.log.length);
  });

  it("are pure: same view, memory, level and seed give the same move", () => {
    const s = petsRules.setup(3, { seats: 2 }, 2);
    const v = viewGame(s, 0);
    expect(decide(v, newMemory(2), "hard", 9, 200)).to.deep.equal(decide(v, newMemory(2), "hard", 9, 200));
  });

  it("turn a time budget into a rollout count capped by the level", () => {
    expect(rolloutBudget("hard", 500, 50_000)).to.equal(2400);
    expect(rolloutBudget("hard", 10, 50_000)).to.equal(500);
    expect(rolloutBudget("easy", 0, 50_000)).to.equal(1);
  });

  it("medium beats easy over fixed seeds", () => {
    let medium = 0;
    const games = LONG ? 100 : 16;
    for (let g = 0; g < games; g++) {
      const levels: BotLevel[] = g % 2 ? ["easy", "medium"] : ["medium", "easy"];
      const { state } = playBots(9000 + g, levels);
      if (state.winners!.includes(g % 2)) medium += 1 / state.winners!.length;
    }
    expect(medium / games).to.be.greaterThan(0.6);
  });
});
