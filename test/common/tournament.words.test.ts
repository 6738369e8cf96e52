// What the tournament pages say (client/tournament/words.ts): countdowns, the format, when one
// may be joined, points, and every refusal of the tournament room in words with what to do
// next, never the library's own text.
import { expect } from "chai";
import { durationText, formatText, joinOpen, leaveWarning, pointsText, refusalCode, refusalText, whenText, type TournamentInfo } from "../../client/tournament/words.js";

const MIN = 60_000;
const arena: TournamentInfo = { id: "a", kind: "timed-arena", title: "Evening arena", pool: "connect4", status: "running", settings: { startsAt: 10 * MIN, endsAt: 40 * MIN, tableSize: 2 } };
const swiss: TournamentInfo = { id: "s", kind: "swiss", title: "Sunday Swiss", pool: "connect4", status: "upcoming", settings: { rounds: 5, startsAt: 10 * MIN } };

describe("tournament pages: the words", () => {
  it("countdowns and the format", () => {
    expect(durationText(12_000)).to.equal("12 s");
    expect(durationText(4 * MIN + 20_000)).to.equal("4 min 20 s");
    expect(durationText(3 * 60 * MIN + 5 * MIN)).to.equal("3 h 05 min");
    expect(durationText(2 * 24 * 60 * MIN + 60 * MIN)).to.equal("2 days 1 h");
    expect(durationText(-5)).to.equal("0 s");
    expect(formatText(arena)).to.equal("30 minutes");
    expect(formatText({ ...arena, settings: { startsAt: 0, endsAt: 120 * MIN } })).to.equal("2 hours");
    expect(formatText(swiss)).to.equal("5 rounds");
  });

  it("where it stands, and whether it may be joined", () => {
    expect(whenText(arena, 5 * MIN)).to.equal("Starts in 5 min 00 s");
    expect(whenText(arena, 30 * MIN)).to.equal("Ends in 10 min 00 s");
    expect(whenText(arena, 41 * MIN)).to.match(/Time is up/);
    expect(whenText(arena, 30 * MIN, true)).to.equal("Finished");
    expect(whenText(swiss, 11 * MIN)).to.equal("Running");
    expect([joinOpen(arena, 5 * MIN), joinOpen(arena, 39 * MIN), joinOpen(arena, 40 * MIN)]).to.deep.equal([true, true, false]);
    expect([joinOpen(swiss, 9 * MIN), joinOpen(swiss, 10 * MIN)]).to.deep.equal([true, false]);
    // after its start a Swiss still takes entries while round 1 is not paired (too few entered), until it would be called off
    expect([joinOpen({ ...swiss, games: 0 }, 11 * MIN), joinOpen({ ...swiss, games: 0 }, 20 * MIN), joinOpen({ ...swiss, games: 2 }, 11 * MIN)]).to.deep.equal([true, false, false]);
    expect(leaveWarning(swiss)).to.match(/final/);
    expect(leaveWarning(arena)).to.match(/come back/);
    expect([pointsText(0), pointsText(0.5), pointsText(2.5), pointsText(4)]).to.deep.equal(["0", "½", "2½", "4"]);
  });

  it("every refusal in words with what to do next, by the code the hub sends; library text never shown", () => {
    // a refusal as client/net/client.ts `matchmake` rejects with it: the hub's code and sentence
    const said = (reason: string, message: string) => refusalText(refusalCode(Object.assign(new Error(message), { reason })), message, arena);
    // the director's own refusals (server/tournaments/TournamentDirector.ts, runs.ts)
    expect(said("run-elsewhere", "Another server process is running this tournament just now; join again in a few seconds.")).to.match(/Press Join again in a few seconds/);
    expect(said("no-tournament", "There is no such tournament on this hub. Check the link, or pick one from the tournaments list.")).to.match(/lobby's tournament list/);
    expect(said("no-pool", "This tournament's game is not rated on this hub any more, so it cannot be played.")).to.match(/Pick another from the lobby/);
    expect(said("no-profile", "Tournaments need a profile: open the lobby once so this browser makes one, then try again.")).to.match(/Open the lobby once/);
    expect(said("profile-unknown", "This browser's profile is not on this hub any more. Reload the page to make a new one.")).to.match(/Open the lobby once/);
    expect(said("store-unavailable", "Tournaments are briefly unavailable (the hub cannot reach its database); try again in a minute.")).to.match(/in a minute/);
    expect(said("hub-unavailable", "The hub is briefly unavailable.")).to.match(/in a minute/);
    expect(said("closed", "This arena has ended; its standings stay on its page.")).to.equal("This arena has ended; its standings stay on its page.");
    expect(said("closed", "You left this Swiss, so you are paired no more; its standings stay on its page.")).to.match(/^You left this Swiss/);
    expect(said("closed", "")).to.match(/cannot be joined now/);
    // a private one cancelled, a Swiss called off (server/tournaments/runs.ts): the hub's sentence as it is
    expect(said("closed", "This tournament was cancelled by the player who made it.")).to.equal("This tournament was cancelled by the player who made it.");
    expect(said("closed", "This Swiss was called off: fewer than two players had entered ten minutes after its start.")).to.match(/called off/);
    // the sentence alone decides nothing: a known sentence under another code is not read
    expect(said("colyseus-4212", "There is no such tournament on this hub.")).to.match(/^Could not join this arena just now/);
    // library text, an unknown code, a network failure: our words
    expect(said("colyseus-4212", 'room "abc" not found')).to.match(/^Could not join this arena just now/);
    expect(said("internal", "TypeError: x is undefined")).to.not.match(/TypeError/);
    expect(refusalText(refusalCode({ type: "error" }), undefined, arena)).to.match(/did not answer/);
    expect(refusalText(refusalCode(new TypeError("Failed to fetch")), "Failed to fetch", arena)).to.match(/did not answer/);
    expect(refusalCode(new Error("Another server process is running this tournament")), "no code guessed from words").to.equal(undefined);
  });
});
