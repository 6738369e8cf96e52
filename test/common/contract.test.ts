// Every registered game (common/games.ts) against the contract kit (contract.helpers.ts):
// random games to the end from many seeds (half the moves by the game's bot), replay and
// undo, rejected moves changing nothing, hidden information checked against twins for
// every viewer after every move, and parseMove fuzzed (contract.suite.ts). Games with a file
// of their own (OWN_FILE: contract.<id>.test.ts) run there. LONG=1 plays 10× the games.

import { expect } from "chai";
import { existsSync } from "node:fs";
import { GAMES } from "../../common/games.js";
import { playRandomGame, type KitTotals } from "./contract.helpers.js";
import { contractSuite, OWN_FILE } from "./contract.suite.js";

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

  it("runs the contract suite of a game left out here from its own file", () => {
    for (const id of OWN_FILE) {
      expect(GAMES.some((g) => g.id === id), `${id} is a registered game`).to.equal(true);
      expect(existsSync(new URL(`./contract.${id}.test.ts`, import.meta.url)), `contract.${id}.test.ts`).to.equal(true);
    }
  });
});

for (const def of GAMES) if (!OWN_FILE.has(def.id)) contractSuite(def);

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
    type Table = { game: { cards: Map<number, unknown> } | null };
    const leaky = {
      ...table,
      apply(s: Table, seat: number, move: { action?: { card?: number } }, ctx: never) {
        const r = table.apply(s, seat, move, ctx);
        const card = move.action?.card;
        if (!r.ok && r.error.code === "no-such-card" && card !== undefined && s.game?.cards.get(card)) return { ok: false, error: { code: "not-visible", message: "You cannot see that card." } };
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
