// The battle canvas's geometry (client/games/pets/battleLayout.ts): at desktop and phone
// sizes every card stands inside the canvas, no two cards overlap, the front pets face each
// other across the middle (side by side on a wide canvas, the opponent on top on a phone).
import { expect } from "chai";
import { layout, type Box } from "../../client/games/pets/battleLayout.js";

const overlap = (a: Box, b: Box) => Math.abs(a.x - b.x) * 2 < a.w + b.w - 0.5 && Math.abs(a.y - b.y) * 2 < a.h + b.h - 0.5;
const inside = (a: Box, w: number, h: number) => a.x - a.w / 2 >= 0 && a.x + a.w / 2 <= w && a.y - a.h / 2 >= 0 && a.y + a.h / 2 <= h;

describe("pets battle player: layout", () => {
  for (const [w, h] of [[1180, 300], [880, 300], [600, 300], [358, 430], [320, 430], [560, 430]]) {
    it(`${w}×${h}: cards inside, apart, the front pets facing`, () => {
      const L = layout(w, h);
      const boxes: Box[] = [...L.front];
      for (const s of [0, 1] as const) for (let i = 0; i < L.fits; i++) boxes.push(L.queue(s, i)!);
      expect(L.queue(0, L.fits), "past what fits").to.equal(null);
      expect(L.fits, "a few cards to come show").to.be.at.least(w < 400 ? 4 : 2);
      for (const b of boxes) expect(inside(b, w, h), `inside: ${JSON.stringify(b)}`).to.equal(true);
      for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) expect(overlap(boxes[i], boxes[j]), `apart: ${i} ${j}`).to.equal(false);
      if (L.wide) expect(L.front[0].x < w / 2 && L.front[1].x > w / 2).to.equal(true);
      else expect(L.front[1].y < h / 2 && L.front[0].y > h / 2, "the opponent on top").to.equal(true);
      for (const n of L.name) expect(n.y).to.be.within(0, h - 18);
    });
  }
});
