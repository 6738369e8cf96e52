// Cubestacc properties over random games played to the end (fast-check, fixed seeds).
// Players are easy bots, normal bots and random players (who forget UH OH, so
// Caught happens), with random extra moves thrown in: legal and illegal plays,
// out-of-turn draws, Done, UH OH, Caught and turn timeouts.
//
// Legality is checked against a reference written here from the rules text
// (cells by walking the parent chain, faces from the children, modes from
// the three attach rules), independent of common/cubestacc/attach.ts.

import { expect } from "chai";
import fc from "fast-check";
import { createRng, type Rng } from "../../common/core/rng.js";
import { replay } from "../../common/core/session.js";
import {
  cardRank,
  cardSuit,
  cubestaccRules,
  eventsFor,
  isWild,
  SUITS,
  type AttachMode,
  type CubestaccMove,
  type CubestaccState,
  type PlacedCube,
} from "../../common/cubestacc/index.js";
import { apply, runGame, type Player, type Result } from "./cubestacc.helpers.js";

// ------------------------------------------------------------ reference ----

const STEP: Record<string, [number, number, number]> = { top: [0, 1, 0], wild: [0, 1, 0], side: [1, 0, 0], face: [0, 0, 1] };

function refCell(placed: readonly PlacedCube[], id: number): string {
  let x = 0, y = 0, z = 0;
  for (let p = placed[id]; p.parent !== null; p = placed[p.parent]) {
    const [dx, dy, dz] = STEP[p.mode];
    x += dx; y += dy; z += dz;
  }
  return `${x},${y},${z}`;
}

/** A face is open unless a child sits on it, it is a 0's TOP, or a wild's SIDE/FACE. */
function refOpen(placed: readonly PlacedCube[], id: number, face: "top" | "side" | "face"): boolean {
  const p = placed[id];
  if (face === "top" && cardRank(p.card) === "0") return false;
  if (face !== "top" && isWild(p.card)) return false;
  return !placed.some((c) => c.parent === id && (c.mode === face || (face === "top" && c.mode === "wild")));
}

function refModes(placed: readonly PlacedCube[], card: number, id: number): AttachMode[] {
  const tip = placed[id];
  const open = { top: refOpen(placed, id, "top"), side: refOpen(placed, id, "side"), face: refOpen(placed, id, "face") };
  if (!open.top && !open.side && !open.face) return [];
  if (isWild(card)) return ["wild"];
  if (isWild(tip.card)) return open.top && cardSuit(card) === tip.suit ? ["top"] : [];
  const out: AttachMode[] = [];
  const face = (r: string | null) => r === "J" || r === "Q" || r === "K" || r === "A";
  if (open.top && cardSuit(card) === cardSuit(tip.card)) out.push("top");
  if (open.side && cardRank(card) === cardRank(tip.card)) out.push("side");
  if (open.face && cardRank(card) === cardRank(tip.card) && face(cardRank(card))) out.push("face");
  return out;
}

/** Wild pivot house rule: the last wild placed, while nothing is built on it. */
function refPivot(s: CubestaccState): number | null {
  if (!s.config.wildPivot) return null;
  for (let i = s.placed.length - 1; i >= 0; i--) {
    if (isWild(s.placed[i].card)) return s.placed.some((c) => c.parent === i) ? null : i;
  }
  return null;
}

function refAllowed(s: CubestaccState, card: number): boolean {
  if (s.dump) return !isWild(card) && cardRank(card) === s.dump.rank;
  if (s.pending > 0) return !isWild(card) && cardRank(card) === "K";
  return true;
}

/** Every cube's cell (walked from the parents), memoised per state object. */
const cellMemo = new WeakMap<CubestaccState, { cells: string[]; taken: Set<string> }>();
function refCells(s: CubestaccState): { cells: string[]; taken: Set<string> } {
  let m = cellMemo.get(s);
  if (!m) {
    const cells = s.placed.map((_, i) => refCell(s.placed, i));
    m = { cells, taken: new Set(cells) };
    cellMemo.set(s, m);
  }
  return m;
}

function refLegal(s: CubestaccState, seat: number, m: { card: number; onto: number; mode: AttachMode; suit?: unknown }): boolean {
  if (s.phase !== "playing" || seat !== s.turn || !s.hands[seat].includes(m.card)) return false;
  if (!Number.isInteger(m.onto) || m.onto < 0 || m.onto >= s.placed.length) return false;
  if (isWild(m.card) ? !SUITS.includes(m.suit as never) : m.suit !== undefined) return false;
  if (!refAllowed(s, m.card)) return false;
  const pivot = refPivot(s);
  if (pivot !== null && m.onto !== pivot) return false;
  if (!refModes(s.placed, m.card, m.onto).includes(m.mode)) return false;
  const [dx, dy, dz] = STEP[m.mode];
  const { cells, taken } = refCells(s);
  const [x, y, z] = cells[m.onto].split(",").map(Number);
  return !taken.has(`${x + dx},${y + dy},${z + dz}`);
}

function refCanPlay(s: CubestaccState, seat: number): boolean {
  for (const card of s.hands[seat]) {
    for (let onto = 0; onto < s.placed.length; onto++) {
      for (const mode of ["top", "side", "face", "wild"] as AttachMode[]) {
        if (refLegal(s, seat, { card, onto, mode, suit: isWild(card) ? "spades" : undefined })) return true;
      }
    }
  }
  return false;
}

// ------------------------------------------------------------- checks ------

function checkCards(s: CubestaccState): void {
  const all = [...s.hands.flat(), ...s.deck, ...s.placed.map((p) => p.card)].sort((a, b) => a - b);
  if (all.length !== 60) fail(`${all.length} cards instead of 60`);
  for (let i = 0; i < 60; i++) if (all[i] !== i) fail(`card ${i} missing or doubled`);
}

/** Plain comparisons in the per-move checks: chai's expect is too slow for ~10^6 calls. */
function fail(message: string): never {
  return expect.fail(message);
}

function checkLattice(s: CubestaccState): void {
  const cells = new Set<string>();
  s.placed.forEach((p, i) => {
    const c = refCell(s.placed, i);
    if (`${p.cell.x},${p.cell.y},${p.cell.z}` !== c) fail(`cube ${i} stored at ${JSON.stringify(p.cell)}, its parent chain says ${c}`);
    if (cells.has(c)) fail(`two cubes at ${c}`);
    cells.add(c);
    for (const face of ["top", "side", "face"] as const) {
      if (p.open[face] !== refOpen(s.placed, i, face)) fail(`cube ${i} ${face} open=${p.open[face]}, reference says ${!p.open[face]}`);
    }
  });
  if (s.pivot !== refPivot(s)) fail(`pivot ${s.pivot}, reference ${refPivot(s)}`);
}

/** Hides what `viewer` may not know: shuffles the deck and swaps cards between other hands and the deck. */
function scrambleHidden(s: CubestaccState, viewer: number | null, rng: Rng): CubestaccState {
  const t: CubestaccState = JSON.parse(JSON.stringify(s));
  rng.shuffle(t.deck);
  for (let seat = 0; seat < t.seats; seat++) {
    if (seat === viewer) continue;
    for (let i = 0; i < t.hands[seat].length && t.deck.length; i++) {
      const j = rng.int(t.deck.length);
      [t.hands[seat][i], t.deck[j]] = [t.deck[j], t.hands[seat][i]];
    }
  }
  return t;
}

function checkViews(s: CubestaccState, rng: Rng): void {
  for (let viewer = -1; viewer < s.seats; viewer++) {
    const who = viewer < 0 ? null : viewer;
    const v = cubestaccRules.view(s, who);
    expect(v.hand).to.deep.equal(who === null ? null : s.hands[who]);
    expect(Object.keys(v)).to.not.include.members(["deck", "hands"]);
    expect(v.deckCount).to.equal(s.deck.length);
    if (JSON.stringify(cubestaccRules.view(scrambleHidden(s, who, rng), who)) !== JSON.stringify(v)) fail(`the view of ${who} changes with hidden information`);
  }
}

function checkStep(before: CubestaccState, seat: number, move: CubestaccMove, r: Result, frozen: string | null): void {
  if (frozen !== null && JSON.stringify(before) !== frozen) fail("apply changed its input state");
  if (move.type === "play") {
    const legal = refLegal(before, seat, move);
    if (r.ok !== legal) fail(`play ${JSON.stringify(move)} by ${seat}: rules ${r.ok ? "accepted" : "refused"}, reference says ${legal ? "legal" : "illegal"}`);
  }
  // Taking a pending K stack is always allowed; otherwise draw only without a legal play.
  if (move.type === "draw" && r.ok && (before.dump || (before.pending === 0 && refCanPlay(before, seat)))) fail(`draw accepted from seat ${seat} while able to play or dumping`);
  if (!r.ok) return;
  const s = r.state;
  checkCards(s);
  checkLattice(s);
  if (move.type === "play") {
    const cube = s.placed[before.placed.length];
    if (!cube || cube.card !== move.card || cube.parent !== move.onto || cube.mode !== move.mode || cube.by !== seat) fail(`play ${JSON.stringify(move)} placed ${JSON.stringify(cube)}`);
  }
  // Hands change exactly by the cards the events say were drawn and played.
  for (let i = 0; i < s.seats; i++) {
    let delta = 0;
    for (const e of r.events) if (e.seat === i) delta += e.kind === "draw" ? 1 : e.kind === "play" ? -1 : 0;
    if (s.hands[i].length - before.hands[i].length !== delta) fail(`seat ${i}: hand changed by ${s.hands[i].length - before.hands[i].length}, events say ${delta}`);
  }
  // Drawn card ids reach only the drawer.
  for (let v = -1; v < s.seats; v++) {
    for (const e of eventsFor(r.events, v < 0 ? null : v)) if (e.kind === "draw" && e.seat !== v && "card" in e) fail(`seat ${v} sees the card seat ${e.seat} drew`);
  }
  if (!(s.turn >= 0 && s.turn < s.seats) || s.pending < 0) fail(`bad turn ${s.turn} or pending ${s.pending}`);
}

function checkEnd(s: CubestaccState): void {
  expect(s.phase).to.equal("finished");
  expect(cubestaccRules.status(s)).to.equal("finished");
  const w = s.winner!;
  expect(w).to.be.within(0, s.seats - 1);
  const counts = s.hands.map((h) => h.length);
  if (s.blocked) {
    expect(s.deck).to.have.length(0);
    expect(counts[w]).to.equal(Math.min(...counts));
  } else {
    expect(counts.filter((n) => n === 0), "exactly one empty hand").to.have.length(1);
    expect(counts[w]).to.equal(0);
  }
  const ranking = s.ranking!;
  expect(ranking.map((r) => r.seat).sort()).to.deep.equal(counts.map((_, i) => i));
  expect(ranking[0]).to.deep.equal({ seat: w, cards: counts[w], place: 1 });
  for (let i = 2; i < ranking.length; i++) expect(ranking[i].cards).to.be.at.least(ranking[i - 1].cards);
}

// -------------------------------------------------------------- games ------

interface GameSpec {
  seed: number;
  seats: number;
  wildPivot: boolean;
  players: Player[];
  /** Percent of steps that also try a random extra move. */
  chaos: number;
}

const playerArb = fc.constantFrom<Player>("easy", "normal", "random");
const gameArb: fc.Arbitrary<GameSpec> = fc
  .record({
    seed: fc.integer({ min: 0, max: 2 ** 32 - 1 }),
    seats: fc.integer({ min: 2, max: 5 }),
    wildPivot: fc.boolean(),
    players: fc.array(playerArb, { minLength: 5, maxLength: 5 }),
    chaos: fc.constantFrom(0, 10, 30),
  })
  .map((g) => ({ ...g, players: g.players.slice(0, g.seats) }));

/** A random extra move: plays aimed at real cubes and cards (often illegal), draws, Done, UH OH, Caught, timeouts. */
function chaosMove(percent: number) {
  return (s: CubestaccState, rng: Rng): [number, CubestaccMove] | null => {
    if (rng.int(100) >= percent) return null;
    const seat = rng.int(4) === 0 ? rng.int(s.seats) : s.turn;
    const hand = s.hands[seat];
    switch (rng.int(10)) {
      case 0:
        return [seat, { type: "draw" }];
      case 1:
        return [seat, { type: "done" }];
      case 2:
        return [seat, { type: "uhoh" }];
      case 3:
        return [seat, rng.int(2) ? { type: "caught" } : { type: "caught", target: rng.int(s.seats) }];
      case 4:
        return rng.int(3) === 0 ? [s.turn, { type: "timeout" }] : null;
      case 5:
      case 6:
      case 7: {
        // A near miss: a card from the hand on a face it fits by the attach rules alone,
        // so turn restrictions (K stack, dump rank, wild pivot) and occupancy decide.
        const fitting: CubestaccMove[] = [];
        for (const card of hand) {
          for (let onto = 0; onto < s.placed.length; onto++) {
            for (const mode of refModes(s.placed, card, onto)) fitting.push({ type: "play", card, onto, mode, ...(isWild(card) ? { suit: SUITS[rng.int(4)] } : {}) });
          }
        }
        return fitting.length ? [seat, fitting[rng.int(fitting.length)]] : null;
      }
      default: {
        const card = hand.length && rng.int(8) ? hand[rng.int(hand.length)] : rng.int(60);
        const mode = (["top", "side", "face", "wild"] as const)[rng.int(4)];
        const move: CubestaccMove = { type: "play", card, onto: rng.int(s.placed.length + 1), mode };
        if (rng.int(2)) move.suit = SUITS[rng.int(4)];
        return [seat, move];
      }
    }
  };
}

/** `npm test` plays 300 games for the per-move property and 200 for replay; LONG=1 the full 1,000 and 600. */
const LONG = process.env.LONG === "1";
const GAMES = LONG ? 1000 : 300;
const REPLAYS = LONG ? 600 : 200;

describe("cubestacc properties over random games played to the end", function () {
  this.timeout(LONG ? 600_000 : 120_000);

  it("cards, cells, legality, hands, events and the end hold after every move", () => {
    let games = 0;
    let plays = 0;
    let refusals = 0;
    let caughts = 0;
    const restricted = new Set<string>();
    fc.assert(
      fc.property(gameArb, (g) => {
        const strict = g.seed % 4 === 0; // also check that apply never changes its input
        const session = runGame({
          seed: g.seed,
          seats: g.seats,
          wildPivot: g.wildPivot,
          levels: g.players,
          botSeed: g.seed ^ 0x5bd1,
          chaos: g.chaos ? chaosMove(g.chaos) : undefined,
          observe: (before, seat, move, r) => {
            const frozen = strict ? JSON.stringify(before) : null;
            checkStep(before, seat, move, r, frozen);
            if (r.ok && move.type === "play") plays++;
            if (!r.ok) refusals++;
            if (!r.ok && ["pivot", "king-stack", "dumping", "cell-occupied"].includes(r.error.code)) restricted.add(r.error.code);
            if (r.ok && move.type === "caught") caughts++;
          },
        });
        checkEnd(session.state);
        games++;
      }),
      { numRuns: GAMES, seed: 20240611 },
    );
    expect(games).to.equal(GAMES);
    // The generator reaches the interesting cases (at 1,000 games: > 10,000 plays, > 500 refusals, > 20 Caught).
    expect(plays).to.be.greaterThan(GAMES * 10);
    expect(refusals).to.be.greaterThan(GAMES / 2);
    expect(caughts).to.be.greaterThan(GAMES / 50);
    expect([...restricted].sort()).to.deep.equal(["cell-occupied", "dumping", "king-stack", "pivot"]);
  });

  it("views never hold another seat's hand or the deck order", () => {
    fc.assert(
      fc.property(gameArb, (g) => {
        let n = 0;
        const session = runGame({
          seed: g.seed,
          seats: g.seats,
          wildPivot: g.wildPivot,
          levels: g.players,
          observe: (_before, _seat, _move, r, sess) => {
            if (r.ok && n++ % 4 === 0) checkViews(r.state, sess.rng);
          },
        });
        checkViews(session.state, session.rng);
      }),
      { numRuns: 150, seed: 777 },
    );
  });

  it("probing every card id tells nothing: a card not in the seat's hand is refused alike wherever it is", () => {
    let probed = 0;
    const answer = (r: Result) => (r.ok ? "ok" : `${r.error.code}: ${r.error.message}`);
    fc.assert(
      fc.property(gameArb, (g) => {
        let n = 0;
        const rng = createRng(g.seed, 0x9b0);
        runGame({
          seed: g.seed,
          seats: g.seats,
          wildPivot: g.wildPivot,
          levels: g.players,
          observe: (_before, _seat, _move, r) => {
            if (!r.ok || n++ % 6 !== 0) return;
            const st = r.state;
            for (let seat = 0; seat < st.seats; seat++) {
              // The same table with other hands and the deck dealt anew: the seat cannot tell.
              const twin = scrambleHidden(st, seat, rng);
              for (const mode of ["top", "wild"] as const) {
                const answers = new Set<string>();
                for (let card = 0; card < 60; card++) {
                  const m: CubestaccMove = { type: "play", card, onto: st.placed.length - 1, mode, ...(mode === "wild" ? { suit: "spades" as const } : {}) };
                  const a = answer(apply(st, seat, m));
                  if (answer(apply(twin, seat, m)) !== a) fail(`seat ${seat} playing card ${card} can tell hidden hands apart`);
                  if (!st.hands[seat].includes(card)) answers.add(a);
                  probed++;
                }
                if (answers.size > 1) fail(`seat ${seat}: cards not in its hand get ${answers.size} answers: ${[...answers].join(" | ")}`);
              }
            }
          },
        });
      }),
      { numRuns: 30, seed: 0x9b0 },
    );
    expect(probed).to.be.greaterThan(10_000);
  });

  it("the same seed and moves replay identically; the record is plain data", () => {
    let games = 0;
    fc.assert(
      fc.property(gameArb, (g) => {
        const session = runGame({ seed: g.seed, seats: g.seats, wildPivot: g.wildPivot, levels: g.players, chaos: g.chaos ? chaosMove(g.chaos) : undefined });
        const record = JSON.parse(JSON.stringify(session.record()));
        const again = replay(cubestaccRules, record);
        expect(again.valid).to.equal(true);
        expect(again.state).to.deep.equal(session.state);
        // Another seed deals other cards: the same log no longer fits.
        const other = replay(cubestaccRules, { ...record, seed: record.seed ^ 1 });
        expect(other.valid && JSON.stringify(other.state) === JSON.stringify(session.state)).to.equal(false);
        games++;
      }),
      { numRuns: REPLAYS, seed: 4242 },
    );
    expect(games).to.equal(REPLAYS);
  });
});
