// The battle stack machine (common/pets/battle.ts), one test per named behaviour of the
// rules reference. Dice are scripted: rocks(…) lists the damage faces to roll (0, 1 or 2).

import { expect } from "chai";
import { battleKeys, type BattleEvent, type Dice } from "../../common/pets/index.js";

/** Dice that roll the given rock faces in order (face 0 → index 0, 1 → 2, 2 → 4), then 0s. */
function rocks(...faces: number[]): Dice {
  const q = faces.slice();
  return { int: (n: number) => (n === 6 ? 2 * (q.shift() ?? 0) : 0) };
}
const fight = (a: string[], b: string[], dice: Dice = rocks()) => battleKeys(a, b, dice);
const of = <K extends BattleEvent["e"]>(evs: BattleEvent[], e: K) => evs.filter((x): x is Extract<BattleEvent, { e: K }> => x.e === e);
const reveal = (evs: BattleEvent[], card: string) => of(evs, "reveal").find((r) => r.card === card)!;
const idx = (evs: BattleEvent[], pred: (x: BattleEvent) => boolean) => evs.findIndex(pred);

describe("pets battle", () => {
  describe("reveal and foods", () => {
    it("reveals off the top until a pet is in play; apples before it add power", () => {
      const r = fight(["apple", "apple", "ant"], ["fish"]);
      expect(of(r.events, "food").map((f) => f.card)).to.deep.equal(["apple", "apple"]);
      expect(reveal(r.events, "ant").power).to.equal(4);
    });
    it("wastes trailing foods", () => {
      const r = fight(["ant", "apple"], ["ant"]);
      // Both ants faint; side 0 has only apples left, side 1 one pushed apple: nobody fields a pet.
      expect(r.winner).to.equal(null);
      expect(r.reason).to.equal("out");
    });
    it("keeps only the last perk", () => {
      expect(reveal(fight(["garlic", "melon", "ant"], ["fish"]).events, "ant").perk).to.equal("melon");
      expect(reveal(fight(["melon", "garlic", "ant"], ["fish"]).events, "ant").perk).to.equal("garlic");
    });
  });

  describe("Play effects", () => {
    it("rocks roll d6 faces 0/0/1/1/2/2 and hit before the clash (Mosquito)", () => {
      const r = fight(["mosquito"], ["fish"], rocks(2));
      const rock = of(r.events, "rock")[0];
      expect(rock).to.include({ s: 1, roll: 2, dmg: 2 });
      expect(of(r.events, "clash")).to.have.length(0); // the fish fainted to the rock
      expect(r.winner).to.equal(0);
      // Faces: index 0,1 → 0; 2,3 → 1; 4,5 → 2.
      const seen: number[] = [];
      for (let i = 0; i < 6; i++) seen.push(of(fight(["mosquito"], ["bison"], { int: () => i }).events, "rock")[0].roll);
      expect(seen).to.deep.equal([0, 0, 1, 1, 2, 2]);
    });
    it("Skunk strips the enemy pet's apples and perk (Melon's shield too)", () => {
      const r = fight(["skunk"], ["apple", "apple", "melon", "fish"]);
      expect(of(r.events, "strip")).to.deep.equal([{ e: "strip", s: 1 }]);
      expect(of(r.events, "shield")).to.have.length(0);
      expect(of(r.events, "clash")[0].dmg).to.deep.equal([2, 4]);
    });
    it("Wolverine takes the enemy pet's apples", () => {
      const r = fight(["wolverine"], ["apple", "apple", "fish"]);
      expect(of(r.events, "steal")[0]).to.include({ s: 1, n: 2 });
      expect(of(r.events, "clash")[0].dmg).to.deep.equal([2, 8]); // fish back to 2, wolverine 6 + 2
    });
    it("Chili mills the top card of the enemy deck when its pet is played", () => {
      const r = fight(["chili", "ant"], ["fish", "cricket"]);
      expect(of(r.events, "mill")[0]).to.deep.equal({ e: "mill", s: 1, card: "cricket" });
      expect(of(r.events, "reveal").map((x) => x.card)).to.not.include("cricket");
    });
    it("Rhino rocks each enemy pet as it is played", () => {
      const r = fight(["rhino"], ["ant", "ant"], rocks(0, 0));
      const ants = of(r.events, "reveal").filter((x) => x.s === 1).length;
      expect(ants).to.equal(2);
      expect(of(r.events, "rock").filter((x) => x.s === 1)).to.have.length(2);
    });
  });

  describe("the clash", () => {
    it("is simultaneous damage markers; a pet faints at markers ≥ power and its attack never drops", () => {
      const r = fight(["bison"], ["ant", "ant"]);
      const clashes = of(r.events, "clash");
      expect(clashes[0].dmg).to.deep.equal([2, 6]); // damage dealt: 6 on a 2-power Ant
      // Wounded (2 markers), the Bison still hits for 6; the second Ant carries the first one's apple.
      expect(clashes[1].dmg).to.deep.equal([3, 6]);
      expect(r.winner).to.equal(0);
    });
    it("the last side able to field a pet wins; both out is a draw", () => {
      expect(fight(["bison"], ["ant"]).winner).to.equal(0);
      expect(fight(["otter"], ["bison"]).winner).to.equal(1);
      expect(fight(["bison"], ["bison"]).winner).to.equal(null);
      expect(fight([], []).winner).to.equal(null);
    });
    it("a clash that changes nothing ends the battle as a stalemate draw", () => {
      const r = fight(["garlic", "otter"], ["garlic", "otter"]);
      expect(r).to.include({ winner: null, reason: "stalemate" });
      expect(r.events.at(-1)).to.deep.equal({ e: "end", winner: null, reason: "stalemate" });
    });
    it("shields block a whole hit", () => {
      const r = fight(["melon", "ant"], ["bison"]);
      expect(of(r.events, "shield")[0]).to.deep.equal({ e: "shield", s: 0 });
      expect(of(r.events, "clash")[0].dmg).to.deep.equal([0, 2]);
    });
    it("Garlic shaves 1 off every attack, rocks too", () => {
      expect(of(fight(["garlic", "bison"], ["ant"]).events, "clash")[0].dmg).to.deep.equal([1, 6]);
      expect(of(fight(["mosquito"], ["garlic", "bison"], rocks(1)).events, "rock")[0].dmg).to.equal(0);
    });
    it("Scorpion knocks out anything its clash attack hurts, not a shielded pet", () => {
      const r = fight(["scorpion"], ["bison"]);
      expect(of(r.events, "ko")).to.deep.equal([{ e: "ko", s: 1 }]);
      expect(of(r.events, "faint").map((f) => f.card)).to.have.members(["scorpion", "bison"]);
      const shielded = fight(["scorpion"], ["melon", "bison"]);
      expect(of(shielded.events, "ko")).to.have.length(0);
    });
  });

  describe("Faint effects", () => {
    it("Ant puts an apple on top of its deck for the next pet", () => {
      const r = fight(["ant", "fish"], ["bison"]);
      expect(of(r.events, "summon")[0]).to.deep.equal({ e: "summon", s: 0, card: "apple", n: 1 });
      expect(reveal(r.events, "fish").power).to.equal(3);
    });
    it("summons onto its own deck (Cricket, Sheep, Spider, Rooster) and onto the enemy's (Rat)", () => {
      expect(of(fight(["cricket"], ["bison"]).events, "summon")[0]).to.include({ s: 0, card: "zombie-cricket" });
      expect(of(fight(["sheep"], ["mammoth"]).events, "summon")[0]).to.include({ s: 0, card: "ram", n: 2 });
      expect(of(fight(["spider"], ["bison"]).events, "summon")[0]).to.include({ s: 0, card: "spiderling" });
      expect(of(fight(["rooster"], ["mammoth"]).events, "summon")[0]).to.include({ s: 0, card: "chick" });
      const rat = fight(["rat", "bison"], ["mammoth", "otter"]);
      expect(of(rat.events, "summon")[0]).to.include({ s: 1, card: "dirty-rat" });
    });
    it("Honey summons a Bee when its pet faints", () => {
      const r = fight(["honey", "otter"], ["mammoth"]);
      expect(of(r.events, "summon")[0]).to.include({ s: 0, card: "bee" });
      expect(reveal(r.events, "bee").power).to.equal(1);
    });
    it("Dodo recycles the apples it carried for the next pet", () => {
      const r = fight(["apple", "apple", "dodo", "fish"], ["mammoth"]);
      expect(of(r.events, "summon")[0]).to.deep.equal({ e: "summon", s: 0, card: "apple", n: 2 });
      expect(reveal(r.events, "fish").power).to.equal(4);
    });
    it("Badger sets aside a delayed volley thrown before the next clash", () => {
      const r = fight(["badger", "fish"], ["bison", "ant"], rocks(2, 0, 0));
      expect(of(r.events, "volley")[0]).to.include({ s: 0, when: "beforeClash", rocks: 3, times: 1 });
      // The Bison (4 markers) faints to the first rock of 2, before the Fish's clash.
      const faints = of(r.events, "faint").map((f) => f.card);
      expect(faints.slice(0, 2)).to.deep.equal(["badger", "bison"]);
      expect(of(r.events, "rock")).to.have.length(1);
    });
    it("Crocodile's volley recurs before every remaining clash", () => {
      const r = fight(["crocodile", "otter", "otter", "otter"], ["gorilla", "melon", "bison"]);
      const afterFaint = r.events.slice(idx(r.events, (e) => e.e === "faint" && e.card === "crocodile"));
      const clashes = of(afterFaint, "clash").length;
      expect(clashes).to.be.greaterThan(1);
      expect(of(afterFaint, "rock")).to.have.length(clashes);
    });
    it("Blowfish's conditional volley throws a rock when a friendly pet is hurt", () => {
      // The Rhino rocks the Blowfish as both are played (a miss); the Blowfish faints in the
      // clash; the Rhino rocks the Bison as it is played (1), the Bison is hurt and survives,
      // so a rock flies back (1) and fells the wounded Rhino.
      const r = fight(["blowfish", "bison"], ["rhino"], rocks(0, 1, 1));
      expect(of(r.events, "volley")[0]).to.include({ when: "friendHurt", rocks: 1, times: 3 });
      const rocksThrown = of(r.events, "rock");
      expect(rocksThrown.map((x) => x.s)).to.deep.equal([0, 0, 1]);
      expect(of(r.events, "faint").map((f) => f.card)).to.deep.equal(["blowfish", "rhino"]);
      expect(r.winner).to.equal(0);
    });
    it("Snake's conditional volley hits the next enemy pet played", () => {
      const r = fight(["snake", "ant"], ["bison", "bison"], rocks(2, 2, 2, 2));
      expect(of(r.events, "volley")[0]).to.include({ when: "enemyPlay", rocks: 4 });
      const bison = idx(r.events, (e) => e.e === "reveal" && e.card === "ant");
      const after = r.events.slice(bison);
      expect(of(after, "rock").length).to.equal(3); // 6 damage fells it; the 4th rock has no target
      expect(of(after, "faint")[0].card).to.equal("bison");
    });
    it("Turkey and Mammoth raise an aura for pets played after them", () => {
      expect(reveal(fight(["turkey", "ant"], ["gorilla", "bison"]).events, "ant").power).to.equal(3);
      expect(reveal(fight(["mammoth", "ant"], ["gorilla", "gorilla"]).events, "ant").power).to.equal(4);
    });
    it("Turtle arms a team shield for the next pet played", () => {
      const r = fight(["turtle", "ant"], ["mammoth"]);
      expect(of(r.events, "teamShield")).to.have.length(1);
      expect(reveal(r.events, "ant").shield).to.equal(true);
    });
    it("Fly summons a Zombie Fly per friendly pet that fainted before it", () => {
      const r = fight(["otter", "otter", "fly"], ["gorilla", "mammoth"]);
      expect(of(r.events, "summon").find((x) => x.card === "zombie-fly")).to.include({ s: 0, n: 2 });
    });
    it("Seal and Flamingo leave apples behind", () => {
      expect(of(fight(["seal"], ["mammoth"]).events, "summon")[0]).to.include({ card: "apple", n: 3 });
      expect(of(fight(["flamingo"], ["mammoth"]).events, "summon")[0]).to.include({ card: "apple", n: 2 });
    });
  });

  describe("Hurt and in-play effects", () => {
    it("Peacock grows when hurt (once a battle)", () => {
      const r = fight(["peacock"], ["otter", "otter", "otter"]);
      expect(of(r.events, "grow")).to.deep.equal([{ e: "grow", s: 0, n: 2 }]);
      expect(of(r.events, "clash")[1].dmg[1]).to.equal(4);
    });
    it("Camel puts 2 apples on its deck when hurt", () => {
      const r = fight(["camel", "fish"], ["ant", "bison"]);
      expect(of(r.events, "summon")).to.deep.include({ e: "summon", s: 0, card: "apple", n: 2 });
    });
    it("Gorilla gains a shield when hurt", () => {
      const r = fight(["gorilla"], ["ant", "bison"]);
      const hurt = idx(r.events, (e) => e.e === "hurt" && e.s === 0);
      expect(r.events.slice(hurt)).to.deep.include({ e: "shield", s: 0 });
      expect(of(r.events, "clash")[1].dmg[0]).to.equal(0); // the shield takes the Bison's hit
    });
    it("Hippo heals when an enemy pet faints", () => {
      const r = fight(["hippo"], ["ant", "otter"]);
      // Heals after each faint: the Ant's 2 markers, then the Otter's.
      expect(of(r.events, "heal")).to.deep.equal([{ e: "heal", s: 0 }, { e: "heal", s: 0 }]);
      const faint = idx(r.events, (e) => e.e === "faint");
      expect(r.events[faint + 1]).to.deep.equal({ e: "heal", s: 0 });
    });
    it("Shark grows when an enemy pet faints", () => {
      expect(of(fight(["shark"], ["ant", "otter"]).events, "grow")[0]).to.deep.equal({ e: "grow", s: 0, n: 2 });
    });
    it("Pineapple makes its side's rocks hit 1 harder", () => {
      expect(of(fight(["pineapple", "mosquito"], ["bison"], rocks(1)).events, "rock")[0]).to.include({ roll: 1, dmg: 2 });
      expect(of(fight(["pineapple", "mosquito"], ["bison"], rocks(0)).events, "rock")[0]).to.include({ roll: 0, dmg: 0 });
    });
  });

  it("never mutates its input decks and ends within the step bound", () => {
    const a = ["crocodile", "peacock", "hippo", "garlic", "gorilla"], b = ["snake", "melon", "mammoth", "fly"];
    const ca = a.slice(), cb = b.slice();
    const r = fight(a, b, { int: (n) => n - 1 });
    expect(a).to.deep.equal(ca);
    expect(b).to.deep.equal(cb);
    expect(r.steps).to.be.lessThan(100);
  });
});
