// The Pixi table's pure parts (client/games/pets/order.ts, layout.ts): the food-to-pet
// preview a player reads under the deck order, moving a card, and where a drag lands.
import { expect } from "chai";
import { moveCard, preview, wastedCount, type OrderCard } from "../../client/games/pets/order.js";
import { cardAt, cardSize, insertionAt, layoutTable, markerRect, zoneOf } from "../../client/games/pets/layout.js";

const deck = (...keys: string[]): OrderCard[] => keys.map((key, id) => ({ id, key }));

describe("pets table: the deck order's food-to-pet preview", () => {
  it("apples add power to the next pet, the last perk wins, foods after the last pet are wasted", () => {
    const order = deck("apple", "honey", "apple", "garlic", "ant", "melon", "otter", "apple");
    const notes = preview(order);
    expect(notes[4]).to.deep.equal({ kind: "pet", petNo: 1, base: 2, power: 4, perk: "garlic" });
    expect(notes.slice(0, 4).every((n) => n.kind === "food" && n.onto === 4), "the first four feed the Ant").to.equal(true);
    expect(notes[6]).to.deep.equal({ kind: "pet", petNo: 2, base: 1, power: 1, perk: "melon" });
    expect(notes[7]).to.deep.equal({ kind: "food", onto: null });
    expect(wastedCount(order)).to.equal(1);
  });

  it("moving a card: before the card now at `to`, or last", () => {
    const order = deck("ant", "otter", "duck", "fish");
    expect(moveCard(order, 0, 4).map((c) => c.key)).to.deep.equal(["otter", "duck", "fish", "ant"]);
    expect(moveCard(order, 3, 0).map((c) => c.key)).to.deep.equal(["fish", "ant", "otter", "duck"]);
    expect(moveCard(order, 1, 3).map((c) => c.key)).to.deep.equal(["ant", "duck", "otter", "fish"]);
    expect(moveCard(order, 9, 0), "a card that is not there changes nothing").to.deep.equal(order);
  });
});

describe("pets table: layout", () => {
  it("a phone fits the shop's 4 cards in a row, each at least a finger wide", () => {
    const w = 366;
    const l = layoutTable(w, [{ zone: "shop", title: "Shop", n: 4 }, { zone: "hand", title: "Hand", n: 7 }]);
    const shop = zoneOf(l, "shop")!;
    expect(new Set(shop.cards.map((c) => c.y)).size, "one row").to.equal(1);
    for (const c of [...shop.cards, ...zoneOf(l, "hand")!.cards]) {
      expect(c.x + c.w).to.be.at.most(w);
      expect(c.w).to.be.at.least(44);
    }
    expect(cardSize(1280).w, "desktop cards are bigger").to.be.greaterThan(cardSize(w).w);
  });

  it("a point finds its card; a drag finds its insertion index and a marker in the gap", () => {
    const l = layoutTable(366, [{ zone: "order", title: "Deck", n: 6 }]);
    const cards = zoneOf(l, "order")!.cards;
    const [a, , , d, e] = cards;
    expect(cardAt(l, a.x + 5, a.y + 5)).to.include({ zone: "order", index: 0 });
    expect(cardAt(l, a.x + a.w + 4, a.y + 5), "the gap is no card").to.equal(null);
    expect(insertionAt(l, a.x + a.w - 5, a.y + 10), "right half of the first card: after it").to.equal(1);
    expect(insertionAt(l, d.x + d.w - 5, d.y + 10), "right of the last card of row 1").to.equal(4);
    expect(insertionAt(l, e.x + 3, e.y + 10), "left half of row 2's first card").to.equal(4);
    expect(insertionAt(l, 350, l.height - 2), "past the end").to.equal(6);
    const m = markerRect(l, 6)!;
    expect(m.x + m.w).to.be.at.most(366);
    expect(m.x).to.be.greaterThan(cards[5].x + cards[5].w - 1);
  });
});
