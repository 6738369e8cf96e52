// What differs between the kinds for the director (server/tournaments/runs.ts), without a
// server: who may join when, a void game (an arena: a loss each; a Swiss: a draw), a Swiss's
// byes scored at once and its round 1 held until startsAt, and a place list read as results
// (TournamentDirector.resultsFromPlaces); the featured game (featured.ts); berserk only in an arena.

import { expect } from "chai";
import type { TournamentRecord, TournamentRow } from "../../server/store/index.js";
import { runOf, SWISS_CALL_OFF_MS } from "../../server/tournaments/runs.js";
import { resultsFromPlaces } from "../../server/tournaments/TournamentDirector.js";
import { featuredGame } from "../../server/tournaments/featured.js";

const record = (over: Partial<TournamentRow>): TournamentRecord => ({
  tournament: { id: "t", kind: "swiss", pool: "p", title: "T", config: { rounds: 3, startsAt: 100 }, seed: "0123456789abcdef0123456789abcdef", status: "running", createdAt: 0, ...over },
  entries: [],
  pairings: [],
  results: [],
});

describe("tournament runs (server/tournaments/runs.ts)", () => {
  it("a Swiss: entries until round 1, which waits for startsAt; a bye scored at once; a void game a draw; a dropout kept out", () => {
    const run = runOf(record({}));
    for (const [id, rating] of [["a", 1600], ["b", 1500], ["c", 1400]] as const) run.join(id, rating, 10);
    run.withdraw("c");
    expect(run.whyNoJoin("c", 20), "back before round 1").to.equal(null);
    run.join("c", 1400, 20);
    expect(run.entry("c")).to.deep.include({ withdrawn: false, joinedAt: 10 });
    expect(run.pair(99, () => true).rows, "not before startsAt").to.deep.equal([]);
    const { rows, scored } = run.pair(100, () => true);
    expect(rows.map((r) => r.players.length).sort()).to.deep.equal([1, 2]);
    expect(scored).to.deep.equal([{ no: rows.find((r) => r.players.length === 1)!.no, results: { c: "win" } }]);
    expect(run.whyNoJoin("z", 101)).to.match(/entries closed/);
    const [open] = run.open();
    expect(open.players).to.have.length(2);
    expect(run.voidResults(open.players)).to.deep.equal(Object.fromEntries(open.players.map((p) => [p, "draw"])));
    run.score(open.no, run.voidResults(open.players));
    expect(run.standings().map((r) => r.score)).to.deep.equal([1, 0.5, 0.5]);
    run.withdraw("a");
    expect(run.whyNoJoin("a", 102)).to.match(/You left this Swiss/);
  });

  it("a Swiss: late entries after its start until round 1; called off short of two; round times held by roundMinutes; cancelled: over, nobody joins", () => {
    const alone = runOf(record({}));
    alone.join("a", 1500, 10);
    expect(alone.pair(150, () => true).rows, "one entrant: nothing to pair").to.deep.equal([]);
    expect(alone.whyNoJoin("b", 150), "a late entry while round 1 waits").to.equal(null);
    expect(alone.finished(100 + SWISS_CALL_OFF_MS - 1)).to.equal(false);
    expect(alone.finished(100 + SWISS_CALL_OFF_MS), "called off").to.equal(true);
    expect(alone.whyNoJoin("b", 100 + SWISS_CALL_OFF_MS)).to.match(/called off/);
    expect(alone.pair(100 + SWISS_CALL_OFF_MS, () => true).rows).to.deep.equal([]);

    const timed = runOf(record({ config: { rounds: 2, startsAt: 100, roundMinutes: 1 } }));
    timed.join("a", 1600, 10);
    timed.join("b", 1500, 10);
    const r1 = timed.pair(100, () => true).rows;
    expect(r1).to.have.length(1);
    timed.score(r1[0].no, { a: "win", b: "loss" });
    expect(timed.pair(100 + 59_999, () => true).rows, "round 2 not before start + 1 minute").to.deep.equal([]);
    expect(timed.pair(100 + 60_000, () => true).rows.map((r) => r.round)).to.deep.equal([2]);

    const cancelled = runOf(record({ status: "finished", config: { rounds: 3, startsAt: 100, cancelled: true } }));
    expect(cancelled.whyNoJoin("a", 0)).to.match(/cancelled by the player who made it/);
    expect(cancelled.finished(0)).to.equal(true);
    expect(cancelled.pair(200, () => true).rows).to.deep.equal([]);
  });

  it("an arena: joining until the window ends, a void game a loss each", () => {
    const run = runOf(record({ kind: "timed-arena", config: { startsAt: 0, endsAt: 1000, tableSize: 2 } }));
    run.join("a", 1500, 1);
    run.join("b", 1500, 1);
    const { rows } = run.pair(5, () => true);
    expect(rows).to.have.length(1);
    expect(run.voidResults(rows[0].players)).to.deep.equal({ a: "loss", b: "loss" });
    expect(run.whyNoJoin("c", 1000)).to.match(/has ended/);
    expect(run.finished(1000), "a game still open").to.equal(false);
    run.score(rows[0].no, { a: "loss", b: "loss" });
    expect(run.finished(1000)).to.equal(true);
  });

  it("an arena pairs only entrants connected to its director; a Swiss pairs everyone", () => {
    const arena = runOf(record({ kind: "timed-arena", config: { startsAt: 0, endsAt: 1000, tableSize: 2 } }));
    for (const id of ["a", "b", "c"]) arena.join(id, 1500, 1);
    // After a takeover only "a" and "c" are back: "b" (in the store, not connected) is not paired.
    const { rows } = arena.pair(5, (id) => id !== "b");
    expect(rows.map((r) => [...r.players].sort())).to.deep.equal([["a", "c"]]);
    expect(arena.entry("b")!.withdrawn, "left out, not withdrawn").to.equal(false);
    const swiss = runOf(record({}));
    for (const id of ["a", "b"]) swiss.join(id, 1500, 1);
    expect(swiss.pair(100, () => false).rows).to.have.length(1);
  });

  it("reads a room's places: a sole first wins, a shared first draws, the rest lose", () => {
    expect(resultsFromPlaces(["a", "b"], { gameId: 1, places: [{ profileId: "a", place: 2 }, { profileId: "b", place: 1 }] })).to.deep.equal({ a: "loss", b: "win" });
    expect(resultsFromPlaces(["a", "b"], { gameId: 1, places: [{ profileId: "a", place: 1 }, { profileId: "b", place: 1 }] })).to.deep.equal({ a: "draw", b: "draw" });
    expect(resultsFromPlaces(["a", "b", "c"], { gameId: 1, places: [{ profileId: "a", place: 1 }, { profileId: "b", place: 1 }, { profileId: "c", place: 3 }] })).to.deep.equal({ a: "draw", b: "draw", c: "loss" });
  });

  it("the featured game: the one whose best player ranks highest, in a room, ties to the earlier; none without one", () => {
    const ranks = ["a", "b", "c", "d", "e", "f"].map((id, i) => ({ id, rank: i + 1 }));
    const name = (id: string) => id.toUpperCase();
    const open = [
      { no: 4, players: ["b", "e"], roomId: "R4" },
      { no: 5, players: ["a", "f"], roomId: null }, // a's game has no room yet
      { no: 6, players: ["d", "c"], roomId: "R6" },
    ];
    expect(featuredGame(open, ranks, name)).to.deep.equal({ no: 4, roomId: "R4", players: [{ id: "b", name: "B" }, { id: "e", name: "E" }] });
    open[1].roomId = "R5";
    expect(featuredGame(open, ranks, name)?.no, "a's game once it has a room").to.equal(5);
    expect(featuredGame([{ no: 9, players: ["c", "x"], roomId: "R9" }, { no: 8, players: ["y", "c"], roomId: "R8" }], ranks, name)?.no, "a tie: the earlier game").to.equal(8);
    expect(featuredGame([], ranks, name)).to.equal(null);
    expect(featuredGame([{ no: 1, players: ["a"], roomId: "R1" }], ranks, name), "a bye is no game to watch").to.equal(null);
    expect([runOf(record({})).berserk, runOf(record({ kind: "timed-arena", config: { startsAt: 0, endsAt: 10, tableSize: 2 } })).berserk], "berserk counts in an arena only").to.deep.equal([false, true]);
  });
});
