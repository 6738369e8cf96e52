// The card table's canvas layout (client/games/table/layout.ts) for 1, 2, 4 and 10 seats on a
// desktop and a phone: which battlefields show at once, boxes inside the canvas and apart,
// cards at every extreme position whole inside their field (turned or not), a drop mapping
// back to the position it came from, and the hand strip clear of the boards.
import { expect } from "chai";
import { centreOf, fanOf, layoutTable, posAt, shownSeats, type Rect } from "../../client/games/table/layout.js";

const SIZES = { desktop: { w: 706, h: 632 }, phone: { w: 378, h: 560 } } as const;

const within = (r: Rect, o: Rect) => r.x >= o.x - 0.5 && r.y >= o.y - 0.5 && r.x + r.w <= o.x + o.w + 0.5 && r.y + r.h <= o.y + o.h + 0.5;
const apart = (a: Rect, b: Rect) => a.x + a.w <= b.x + 0.5 || b.x + b.w <= a.x + 0.5 || a.y + a.h <= b.y + 0.5 || b.y + b.h <= a.y + 0.5;

describe("table canvas layout", () => {
  it("shows every battlefield of up to four on a desktop, yours and three others beyond, one on a phone", () => {
    expect(shownSeats(2, 0, 0, false)).to.deep.equal([0, 1]);
    expect(shownSeats(4, 2, 2, false)).to.deep.equal([0, 1, 2, 3]);
    expect(shownSeats(10, 3, 3, false)).to.deep.equal([0, 1, 2, 3]);
    expect(shownSeats(10, 3, 7, false)).to.deep.equal([7, 8, 9, 3], "the chosen others, yours last");
    expect(shownSeats(10, -1, 8, false)).to.deep.equal([8, 9, 0, 1], "a spectator: four from the chosen one");
    expect(shownSeats(10, 3, 9, true)).to.deep.equal([9]);
    expect(shownSeats(4, 0, 7, true)).to.deep.equal([3], "a focus past the end is the last seat");
  });

  for (const [kind, size] of Object.entries(SIZES))
    for (const players of [1, 2, 4, 10])
      it(`${players} seat${players === 1 ? "" : "s"} on a ${kind}: boxes inside and apart, cards never cut, drops map back`, () => {
        const phone = kind === "phone";
        const seats = shownSeats(players, 0, 0, phone);
        const l = layoutTable(size.w, size.h, seats, { hand: true, others: (g) => g !== 0 });
        const canvas = { x: 0, y: 0, w: size.w, h: size.h };
        expect(l.boards.map((b) => b.seat)).to.deep.equal(seats);
        const boxes = [...l.boards.flatMap((b) => [b.header, b.field, ...b.piles.map((p) => p.rect)]), l.hand!];
        for (const r of boxes) expect(within(r, canvas), JSON.stringify(r)).to.equal(true);
        for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) expect(apart(boxes[i], boxes[j]), `${JSON.stringify(boxes[i])} / ${JSON.stringify(boxes[j])}`).to.equal(true);
        for (const b of l.boards) {
          // Touch targets: a card and a pile at least 44 px on their short side on a phone.
          if (phone) expect(Math.min(b.card.w, b.piles[0].rect.h)).to.be.at.least(44);
          for (const x of [0, 2500, 10000])
            for (const y of [0, 7000, 10000]) {
              const c = centreOf(b.field, b.card, { x, y });
              for (const [w, h] of [[b.card.w, b.card.h], [b.card.h, b.card.w]]) expect(within({ x: c.x - w / 2, y: c.y - h / 2, w, h }, b.field), `${x},${y}`).to.equal(true);
              expect(posAt(b.field, b.card, c.x, c.y)).to.deep.equal({ x, y });
            }
        }
        for (const f of fanOf(l.hand!, l.handCard, 12)) expect(within({ x: f.x - l.handCard.w / 2, y: f.y - l.handCard.h / 2, w: l.handCard.w, h: l.handCard.h }, l.hand!)).to.equal(true);
      });

  it("a drop outside the field lands at its nearest edge", () => {
    const field = { x: 10, y: 20, w: 300, h: 200 };
    expect(posAt(field, { h: 80 }, -50, 999)).to.deep.equal({ x: 0, y: 10000 });
  });
});
