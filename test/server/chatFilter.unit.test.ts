// The chat filter and name check (server/safety/chatFilter.ts): words are caught in their
// disguises, numbers are not words ("455" read as leetspeak refused names like "P155.2").

import { expect } from "chai";
import { filterChat, isOffensive } from "../../server/safety/chatFilter.js";

describe("chat filter", () => {
  it("stars words in their disguises and keeps the rest of the line", () => {
    for (const text of ["shit", "sh1t", "fuuuck you", "you are an ass", "b1tch", "a$$hole"]) {
      expect(isOffensive(text), text).to.equal(true);
      expect(filterChat(text), text).to.include("***");
    }
    expect(filterChat("you are an ass")).to.equal("you are an ***");
  });

  it("leaves numbers alone: 2,000 numbered names and a score pass", () => {
    for (let i = 0; i < 2000; i++) for (const n of [`H${i}`, `P${i}.3`, `Player ${i}-7`, `Sam${i}`]) expect(isOffensive(n), n).to.equal(false);
    expect(filterChat("I scored 455 points, then 1554")).to.equal("I scored 455 points, then 1554");
  });
});
