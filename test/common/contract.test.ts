// Every registered game (common/games.ts) against the contract kit (contract.helpers.ts):
// random games to the end from many seeds (half the moves by the game's bot), replay and
// undo, rejected moves changing nothing, hidden information checked against twins for
// every viewer after every move, and parseMove fuzzed. LONG=1 plays 10× the games.

import { expect } from "chai";
import { createRng } from "../../common/core/rng.js";
import { GAMES } from "../../common/games.js";
import { canon, checkReplay, configured, fuzzParseMove, playRandomGame, type KitTotals } from "./contract.helpers.js";

const SEEDS = process.env.LONG ? 60 : 6;
/**
 * Examples whose games are long enough that the default run plays fewer of them: a four-seat
 * Commander game (100-card decks, every viewer checked after every move) takes ~15 s here.
 * LONG=1 plays the full count.
 */
const FEWER: Record<string, number> = { 'table {"seats":4,"format":"commander"}': 2 };
const seedsOf = (id: string, options: Record<string, unknown>) => (process.env.LONG ? SEEDS : FEWER[`${id} ${canon(options)}`] ?? SEEDS);

describe("the game registry", () => {
  it("lists each game once, with a title, a seat range, move types and a parser", () => {
    const ids = GAMES.map((g) => g.id);
    expect(new Set(ids).size).to.equal(ids.length);
    for (const g of GAMES) {
      expect(g.title).to.be.a("string").and.not.equal("");
      expect(g.seats.min).to.be.at.least(1).and.at.most(g.seats.max);
      expect(g.moveTypes.length).to.be.greaterThan(0);
    }
  });
});

for (const def of GAMES) {
  describe(`contract: ${def.id}`, () => {
    const examples = def.examples ?? [{}];

    it("configures its examples within its seat range, and refuses bad options with a message", () => {
      for (const options of examples) {
        const c = configured(def, options);
        expect(c.seats).to.be.within(def.seats.min, def.seats.max);
        expect(c.bots).to.be.within(0, c.seats - 1);
      }
      for (const bad of [{ mode: "nope" }, { seats: 99 }, { seats: "2" }, { timer: -5 }, { level: 7 }]) {
        const r = def.configure(bad);
        if (!r.ok) expect(r.error.message).to.be.a("string").and.match(/\w/);
      }
      expect(def.configure({ mode: { evil: true } }).ok).to.equal(false);
    });

    for (const options of examples) {
      const SEEDS = seedsOf(def.id, options);
      it(`plays ${SEEDS} random games to the end ${canon(options)}: legal moves, bots, privacy, rejections, replay and undo`, function () {
        this.timeout(120_000);
        const totals: KitTotals = { moves: 0, games: 0, rejected: 0, twins: 0, eventChecks: 0 };
        for (let seed = 1; seed <= SEEDS; seed++) {
          const session = playRandomGame(def, options, seed * 7919, totals);
          checkReplay(def, session, createRng(seed, 0x0d0), `${def.id} ${canon(options)} seed ${seed}`);
        }
        expect(totals.games).to.equal(SEEDS);
        expect(totals.rejected, "some moves were tried and refused").to.be.greaterThan(0);
        if (def.twin && totals.moves > SEEDS * 4) expect(totals.twins, "the game declares hidden information: twins were checked").to.be.greaterThan(0);
        if (def.probes && totals.moves > SEEDS * 20) expect(totals.probes ?? 0, "the game names hidden things: probes were compared").to.be.greaterThan(0);
      });
    }

    it("answers garbage messages with a rejection, never an exception (fuzz)", () => {
      const c = configured(def, examples[0]);
      const sample = def.setup(1, c.config, c.seats);
      fuzzParseMove(def, 0xf0, process.env.LONG ? 20_000 : 2_000, sample);
    });
  });
}

describe("the contract kit catches what it is for", () => {
  const cubestacc = GAMES.find((g) => g.id === "cubestacc")!;
  const minesweeper = GAMES.find((g) => g.id === "minesweeper")!;
  const totals = (): KitTotals => ({ moves: 0, games: 0, rejected: 0, twins: 0, eventChecks: 0 });
  const fails = (def: typeof cubestacc, options: Record<string, unknown>): string => {
    try {
      for (let seed = 1; seed <= 4; seed++) playRandomGame(def, options, seed, totals());
    } catch (e) {
      return String((e as Error).message);
    }
    return "";
  };

  it("a drawn card's id sent to every seat", () => {
    const leaky = { ...cubestacc, eventsFor: (events: unknown[]) => events.slice() };
    expect(fails(leaky, { seats: 3 })).to.match(/events .* tell a twin apart/);
  });

  it("the deck count is fine, the deck itself in a view is not", () => {
    const leaky = { ...cubestacc, view: (s: { deck: number[] }, v: number | null) => ({ ...cubestacc.view(s, v), top: s.deck.at(-1) }) };
    expect(fails(leaky, { seats: 2 })).to.match(/could tell a twin apart/);
  });

  it("mines shown before the end", () => {
    const leaky = { ...minesweeper, view: (s: { mines: Uint8Array | null }, v: number | null) => ({ ...minesweeper.view(s, v), mines: s.mines }) };
    expect(fails(leaky, { mode: "coop", seats: 2 })).to.match(/could tell a twin apart/);
  });

  it("a refusal that tells a hidden card from no card (the card table's id probe)", () => {
    const table = GAMES.find((g) => g.id === "table")!;
    type Table = { game: { cards: Record<string, unknown> } | null };
    const leaky = {
      ...table,
      apply(s: Table, seat: number, move: { action?: { card?: number } }, ctx: never) {
        const r = table.apply(s, seat, move, ctx);
        const card = move.action?.card;
        if (!r.ok && r.error.code === "no-such-card" && card !== undefined && s.game?.cards[card]) return { ok: false, error: { code: "not-visible", message: "You cannot see that card." } };
        return r;
      },
    };
    let caught = "";
    for (let seed = 1; seed <= 40 && !caught; seed++) {
      try {
        playRandomGame(leaky as unknown as typeof cubestacc, { seats: 2 }, seed, totals());
      } catch (e) {
        caught = String((e as Error).message);
      }
    }
    expect(caught).to.match(/probing .* can tell a twin apart/);
  });

  it("a move the rules refuse listed as legal, and a parser that loses a field", () => {
    const lying = { ...cubestacc, legalMoves: (s: unknown, seat: number) => [...cubestacc.legalMoves(s, seat), { type: "done" }] };
    expect(fails(lying, { seats: 2 })).to.match(/refused/);
    const lossy = { ...cubestacc, parseMove: (t: string, p: unknown) => cubestacc.parseMove(t, t === "play" ? { ...(p as object), suit: undefined } : p) };
    expect(fails(lossy, { seats: 2 })).to.match(/parseMove/);
  });
});
