// Hearts' own rules and bots (the contract kit covers the rest: contract.hearts.test.ts).

import { expect } from "chai";
import { createRng } from "../../common/core/rng.js";
import {
  cardName, cardOf, chooseHeartsMove, CLUBS, DIAMONDS, heartsDef, HEARTS, passDirection, QUEEN_OF_SPADES, SPADES, TWO_OF_CLUBS,
  type HeartsMove, type HeartsState,
} from "../../common/hearts/index.js";

const ctx = (now = 1) => ({ rng: createRng(7), now });
const fresh = (seed = 1, target = 100): HeartsState => heartsDef.setup(seed, { target, timer: 0 }, 4);
const C = (rank: string, suit: number) => cardOf(suit, ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"].indexOf(rank));

function apply(s: HeartsState, seat: number, move: HeartsMove): HeartsState {
  const r = heartsDef.apply(s, seat, move, ctx());
  if (!r.ok) throw new Error(`${seat} ${JSON.stringify(move)}: ${r.error.code} ${r.error.message}`);
  return r.state;
}
const refusal = (s: HeartsState, seat: number, move: HeartsMove) => {
  const r = heartsDef.apply(s, seat, move, ctx());
  return r.ok ? "accepted" : `${r.error.code}: ${r.error.message}`;
};
/** Every seat passes its three lowest cards. */
function passAll(s: HeartsState): HeartsState {
  for (let seat = 0; seat < 4; seat++) s = apply(s, seat, { type: "pass", cards: s.hands[seat].slice(0, 3) });
  return s;
}
/** A hand in play with the given cards (13 tricks to go unless fewer cards are given). */
function playing(hands: number[][], over: Partial<HeartsState> = {}): HeartsState {
  const s = fresh();
  const leader = hands.findIndex((h) => h.includes(TWO_OF_CLUBS));
  return { ...s, phase: "playing", hands, leader: Math.max(0, leader), turn: Math.max(0, leader), ...over };
}

describe("hearts rules", () => {
  it("deals 13 cards to each seat, all 52 different, and passes left, right, across, then holds", () => {
    const s = fresh(3);
    expect(s.hands.map((h) => h.length)).to.deep.equal([13, 13, 13, 13]);
    expect(new Set(s.hands.flat()).size).to.equal(52);
    expect([0, 1, 2, 3, 4].map(passDirection)).to.deep.equal(["left", "right", "across", "hold", "left"]);
    expect(s.phase).to.equal("passing");
  });

  it("passing: three cards leave each hand and reach the seat on the left; the 2♣ then leads", () => {
    let s = fresh(5);
    const given = s.hands.map((h) => h.slice(0, 3));
    s = apply(s, 0, { type: "pass", cards: given[0] });
    expect(s.hands[0]).to.have.length(10);
    expect(refusal(s, 0, { type: "pass", cards: s.hands[0].slice(0, 3) })).to.match(/^already-passed/);
    expect(refusal(s, 1, { type: "play", card: s.hands[1][0] })).to.match(/^still-passing: Pass three cards first/);
    for (let seat = 1; seat < 4; seat++) s = apply(s, seat, { type: "pass", cards: given[seat] });
    for (let seat = 0; seat < 4; seat++) {
      for (const c of given[seat]) expect(s.hands[(seat + 1) % 4]).to.include(c);
      expect(s.received[(seat + 1) % 4]).to.deep.equal(given[seat].slice().sort((a, b) => a - b));
    }
    expect(s.phase).to.equal("playing");
    expect(s.hands[s.turn]).to.include(TWO_OF_CLUBS);
  });

  it("the received cards are told to their seat only; a spectator hears that seats passed", () => {
    let s = fresh(9);
    for (let seat = 0; seat < 3; seat++) s = apply(s, seat, { type: "pass", cards: s.hands[seat].slice(0, 3) });
    const r = heartsDef.apply(s, 3, { type: "pass", cards: s.hands[3].slice(0, 3) }, ctx());
    if (!r.ok) throw new Error(r.error.message);
    const kinds = (viewer: number | null) => heartsDef.eventsFor(r.events, viewer).map((e) => (e.kind === "received" ? `received:${e.seat}` : e.kind));
    expect(kinds(null)).to.deep.equal(["passed"]);
    expect(kinds(2)).to.deep.equal(["passed", "received:2"]);
  });

  it("the 2♣ leads; suit is followed; no points on the first trick; hearts are not led until broken", () => {
    const hands = [
      [TWO_OF_CLUBS, C("5", CLUBS), C("3", HEARTS), C("4", DIAMONDS)],
      [C("9", CLUBS), C("2", HEARTS), C("7", DIAMONDS), QUEEN_OF_SPADES],
      [C("3", DIAMONDS), C("4", HEARTS), C("5", HEARTS), C("2", SPADES)],
      [C("K", CLUBS), C("6", HEARTS), C("8", DIAMONDS), C("3", SPADES)],
    ];
    let s = playing(hands);
    expect(refusal(s, 0, { type: "play", card: C("5", CLUBS) })).to.equal("not-playable: The 2♣ leads the first trick: play it.");
    s = apply(s, 0, { type: "play", card: TWO_OF_CLUBS });
    expect(refusal(s, 1, { type: "play", card: C("7", DIAMONDS) })).to.equal("not-playable: You hold a club: follow the suit that was led.");
    s = apply(s, 1, { type: "play", card: C("9", CLUBS) });
    // Seat 2 has no club: not a heart on the first trick while it holds a diamond or a spade.
    expect(refusal(s, 2, { type: "play", card: C("4", HEARTS) })).to.equal(`not-playable: ${cardName(C("4", HEARTS))} cannot be played on the first trick while you hold a card worth no points.`);
    s = apply(s, 2, { type: "play", card: C("3", DIAMONDS) });
    s = apply(s, 3, { type: "play", card: C("K", CLUBS) });
    expect(s.lastTrick?.winner).to.equal(3);
    expect(s.turn).to.equal(3);
    expect(refusal(s, 3, { type: "play", card: C("6", HEARTS) })).to.match(/^not-playable: Hearts are not broken yet/);
    expect(refusal(s, 0, { type: "play", card: C("5", CLUBS) })).to.match(/^not-your-turn/);
  });

  it("a heart played on another suit breaks hearts; the highest card of the suit led takes the trick and its points", () => {
    const hands = [[C("4", DIAMONDS), C("5", DIAMONDS)], [C("9", DIAMONDS), C("2", CLUBS)], [C("5", HEARTS), C("6", HEARTS)], [QUEEN_OF_SPADES, C("8", SPADES)]];
    let s = playing(hands, { leader: 0, turn: 0, tricks: 11 });
    s = apply(s, 0, { type: "play", card: C("4", DIAMONDS) });
    s = apply(s, 1, { type: "play", card: C("9", DIAMONDS) });
    s = apply(s, 2, { type: "play", card: C("5", HEARTS) });
    expect(s.heartsBroken).to.equal(true);
    s = apply(s, 3, { type: "play", card: QUEEN_OF_SPADES });
    expect(s.taken).to.deep.equal([0, 14, 0, 0]);
    expect(s.turn).to.equal(1);
  });

  it("the hand's points go to the scores; all 26 to one seat shoot the moon: 0 for it, 26 for each other", () => {
    const hands = [[C("A", HEARTS)], [C("2", HEARTS)], [C("3", HEARTS)], [C("4", HEARTS)]];
    const last = (taken: number[]) => {
      let s = playing(hands, { leader: 0, turn: 0, tricks: 12, heartsBroken: true, taken, scores: [10, 20, 30, 40] });
      for (let seat = 0; seat < 4; seat++) s = apply(s, seat, { type: "play", card: hands[seat][0] });
      return s;
    };
    const plain = last([5, 3, 4, 10]);
    expect(plain.scores).to.deep.equal([19, 23, 34, 50]);
    expect(plain.history.at(-1)).to.deep.equal([9, 3, 4, 10]);
    expect(plain.hand).to.equal(1);
    expect(plain.phase).to.equal("passing");
    const moon = last([22, 0, 0, 0]);
    expect(moon.scores).to.deep.equal([10, 46, 56, 66]);
  });

  it("ends when a score reaches the target after a hand: the lowest score wins, equal scores share a place", () => {
    const hands = [[C("A", HEARTS)], [C("2", HEARTS)], [C("3", HEARTS)], [C("4", HEARTS)]];
    let s = playing(hands, { leader: 0, turn: 0, tricks: 12, heartsBroken: true, taken: [0, 0, 0, 0], scores: [98, 40, 40, 70] });
    for (let seat = 0; seat < 4; seat++) s = apply(s, seat, { type: "play", card: hands[seat][0] });
    expect(s.phase).to.equal("over");
    expect(s.scores).to.deep.equal([102, 40, 40, 70]);
    expect(heartsDef.places!(s)).to.deep.equal([4, 1, 1, 3]);
    expect(heartsDef.view(s, null).winners).to.deep.equal([1, 2]);
    expect(refusal(s, 1, { type: "play", card: 0 })).to.match(/^game-over/);
  });

  it("a card not in the hand is refused in the same words wherever it is", () => {
    let s = passAll(fresh(11));
    const seat = s.turn;
    const answers = new Set<string>();
    for (let card = 0; card < 52; card++) if (!s.hands[seat].includes(card)) answers.add(refusal(s, seat, { type: "play", card }));
    expect([...answers]).to.deep.equal(["not-your-card: You do not hold that card: play one from your hand."]);
    s = fresh(11);
    const passAnswers = new Set<string>();
    for (let card = 0; card < 52; card++) if (!s.hands[0].includes(card)) passAnswers.add(refusal(s, 0, { type: "pass", cards: [s.hands[0][0], s.hands[0][1], card] }));
    expect(passAnswers.size).to.equal(1);
  });

  it("a timed-out seat passes its queen of spades and high cards, and plays its lowest legal card", () => {
    let s = fresh(13);
    const hand = [...s.hands[0]];
    s = apply(s, 0, { type: "timeout" });
    const passed = s.passes[0]!;
    if (hand.includes(QUEEN_OF_SPADES)) expect(passed).to.include(QUEEN_OF_SPADES);
    expect(passed).to.have.length(3);
    for (let seat = 1; seat < 4; seat++) s = apply(s, seat, { type: "timeout" });
    expect(s.phase).to.equal("playing");
    s = apply(s, s.turn, { type: "timeout" });
    expect(s.trick[0].card).to.equal(TWO_OF_CLUBS);
  });

  it("a spectator sees no cards; a seat sees its own hand and how many the others hold", () => {
    const s = fresh(17);
    expect(heartsDef.view(s, null).cards).to.deep.equal([]);
    const v = heartsDef.view(s, 2);
    expect(v.cards).to.deep.equal(s.hands[2]);
    expect(v.counts).to.deep.equal([13, 13, 13, 13]);
    expect(JSON.stringify(v)).to.not.include(JSON.stringify(s.hands[1]));
  });

  it("the normal bot scores better than the easy one (20 games to 50 points, seats alternate)", function () {
    this.timeout(60_000);
    const games = process.env.LONG ? 200 : 20;
    let normal = 0;
    let easy = 0;
    for (let g = 0; g < games; g++) {
      let s = fresh(1000 + g, 50);
      const rng = createRng(g, 99);
      const levelOf = (seat: number) => ((seat + g) % 2 === 0 ? "normal" : "easy");
      for (let step = 0; s.phase !== "over" && step < 5000; step++) {
        const seats = heartsDef.whoActs(s).seats;
        const seat = seats[0];
        const move = chooseHeartsMove(heartsDef.view(s, seat), seat, levelOf(seat), rng);
        if (!move) throw new Error(`the bot had nothing to play for seat ${seat}`);
        s = apply(s, seat, move);
      }
      s.scores.forEach((total, seat) => (levelOf(seat) === "normal" ? (normal += total) : (easy += total)));
    }
    expect(normal, `normal ${normal} against easy ${easy} points`).to.be.lessThan(easy);
  });
});
