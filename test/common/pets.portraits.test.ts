// Auto Pets' portraits (client/games/pets/portraitData.ts) are what scripts/petPortraits.ts
// makes from the shipped icon set, and every card of common/pets/cards.ts has one.
import { expect } from "chai";
import { readFileSync } from "node:fs";
import { CARDS } from "../../common/pets/index.js";
import { PORTRAITS } from "../../client/games/pets/portraitData.js";
import { PORTRAIT_FILE, PORTRAIT_SOURCES, portraitFile } from "../../scripts/petPortraits.js";

describe("pets portraits: one drawing per card, shipped with the hub", () => {
  it("every card and mark has a portrait of filled paths", () => {
    for (const key of [...CARDS.map((c) => c.key), "trophy", "gold", "shopping"]) {
      expect(PORTRAITS[key], key).to.be.an("array").that.is.not.empty;
      for (const [fill, d] of PORTRAITS[key]) {
        expect(fill, key).to.match(/^(#[0-9a-f]{3,8}|rgba\(.+\))$/i);
        expect(d, key).to.match(/^[Mm]/);
      }
    }
    expect(Object.keys(PORTRAIT_SOURCES).sort()).to.deep.equal(Object.keys(PORTRAITS).sort());
  });

  it("the committed data file is what the script makes (run `npx tsx scripts/petPortraits.ts` after changing it)", () => {
    expect(readFileSync(PORTRAIT_FILE, "utf8")).to.equal(portraitFile());
  });
});
