// The battle player's model (client/games/pets/battleModel.ts) over bot games' battles: every
// event lands in a beat (a `shield` as a pop on the hit it blocks or a gain, a `ko` on its
// clash), the lines it keeps agree with what the rules revealed, the loser ends with nothing
// left, and the words say "You play" / "Bo plays". LONG=1 runs more games.
import { expect } from "chai";
import { playBots } from "../../common/pets/bots/play.js";
import type { BattleRecord } from "../../common/pets/index.js";
import { applyBeat, beatLine, beatsOf, newLine, type Line } from "../../client/games/pets/battleModel.js";

const GAMES = process.env.LONG ? 60 : 8;

function battles(): BattleRecord[] {
  const all: BattleRecord[] = [];
  for (let seed = 1; seed <= GAMES; seed++) all.push(...playBots(seed, ["hard", "hard", "hard", "hard"], 40).state.battles);
  return all;
}

describe("pets battle player: beats", function () {
  this.timeout(120_000);
  const all = battles();

  it("every event is in a beat: shields are pops or gains, knock-outs ride on their clash", () => {
    let pops = 0;
    for (const b of all) {
      const beats = beatsOf(b.events, [newLine(b.lineups[0]), newLine(b.lineups[1])]);
      const count = (k: string) => b.events.filter((e) => e.e === k).length;
      const notes = beats.flatMap((x) => (x.k === "rock" ? [x.note] : x.k === "clash" ? x.notes : []));
      expect(notes.filter((n) => n.blocked).length + beats.filter((x) => x.k === "shieldGain").length, "shield events").to.equal(count("shield"));
      expect(notes.filter((n) => n.ko).length, "ko events").to.equal(count("ko"));
      expect(beats.filter((x) => x.k === "faint").reduce((n, x) => n + (x.k === "faint" ? x.sides.length : 0), 0)).to.equal(count("faint"));
      for (const k of ["reveal", "food", "rock", "clash", "hurt", "heal", "grow", "strip", "steal", "mill", "volley", "aura", "teamShield", "end"])
        expect(beats.filter((x) => x.k === k).length, k).to.equal(count(k));
      expect(beats[beats.length - 1].k).to.equal("end");
      pops += notes.filter((n) => n.blocked).length;
    }
    expect(pops, "some hits were blocked").to.be.greaterThan(0);
  });

  it("the lines follow the rules: a blocked hit found a shield, a revealed pet is as revealed, the loser has nothing left", () => {
    for (const b of all) {
      const lines: [Line, Line] = [newLine(b.lineups[0]), newLine(b.lineups[1])];
      const beats = beatsOf(b.events, [newLine(b.lineups[0]), newLine(b.lineups[1])]);
      for (const beat of beats) {
        if (beat.k === "rock" && beat.note.blocked) expect(lines[beat.s].pet?.shield, "a rock blocked by a shield").to.equal(true);
        if (beat.k === "clash") for (const s of [0, 1] as const) if (beat.notes[s].blocked) expect(lines[s].pet?.shield, "a clash hit blocked by a shield").to.equal(true);
        if (beat.k === "reveal") expect(beat.from, "the revealed card was in its line").to.be.at.least(0);
        applyBeat(beat, lines);
      }
      for (const l of lines) if (l.pet) expect(l.pet.dmg, "a pet still in play at the end has markers below its power").to.be.below(l.pet.power);
      const end = beats[beats.length - 1];
      if (end.k === "end" && end.reason === "out" && end.winner !== null) {
        const loser = lines[end.winner === 0 ? 1 : 0];
        expect(loser.pet, "the loser has no pet").to.equal(null);
        expect(loser.queue.filter((k) => k !== "apple" && !["honey", "garlic", "pineapple", "chili", "melon"].includes(k)), "nor pets to come").to.deep.equal([]);
        expect(lines[end.winner].pet, "the winner has a pet in play").to.not.equal(null);
      }
    }
  });

  it("the words read right for the viewer and for others", () => {
    const b = all.find((x) => x.events.some((e) => e.e === "rock"))!;
    const beats = beatsOf(b.events, [newLine(b.lineups[0]), newLine(b.lineups[1])]);
    const mine = beats.map((x) => beatLine(x, ["You", "Bo"]));
    const theirs = beats.map((x) => beatLine(x, ["Ann", "Bo"]));
    expect(mine.every((l) => l.length > 5)).to.equal(true);
    expect(mine.some((l) => /^You play /.test(l))).to.equal(true);
    expect(mine.some((l) => /You plays/.test(l))).to.equal(false);
    expect(theirs.some((l) => /^Ann plays /.test(l))).to.equal(true);
    expect(mine.find((l) => /rock/.test(l))).to.match(/the die shows [0-2], \d damage/);
  });
});
