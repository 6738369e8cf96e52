// The words a player reads when joining fails (client/net/joinErrors.ts) are pure: checked
// against the server's raw messages without a browser (moved from test/e2e/join.errors.test.ts,
// issue 45; the pages that show them stay there).
import { expect } from "chai";
import { cannotSaveNow, codeProblem, explainJoinFailure } from "../../client/net/joinErrors.js";

describe("join error words (client, pure)", () => {
  const j = { spectate: false, reclaim: false };
  it("names what happened and the next step for each refusal the server sends", () => {
    const none = explainJoinFailure("ZZZZZ", new Error('room "ZZZZZ" not found'), j);
    expect(none).to.deep.equal({ title: "No such game", text: "No game with code ZZZZZ is running. Check the code or ask your friend for a new link.", watch: false });
    for (const raw of ["PJHZK is already full.", "Every seat in this room is taken; join as a spectator."]) {
      const full = explainJoinFailure("PJHZK", new Error(raw), j);
      expect(full.title).to.equal("This game is full");
      expect(full.watch).to.equal(true);
      expect(full.text).to.not.contain(raw);
    }
    expect(explainJoinFailure("PJHZK", new Error("PJHZK is already full."), { spectate: true, reclaim: false }).watch, "a spectator is not offered to watch").to.equal(false);
    const token = explainJoinFailure("PJHZK", new Error("That seat token does not match a seat in this room (the seat was given up, or its game ended)."), { spectate: false, reclaim: true });
    expect(token.title).to.equal("Your seat is gone");
    const ended = explainJoinFailure("PJHZK", new Error('room "PJHZK" not found'), { spectate: false, reclaim: true });
    expect(ended.title).to.equal("That game is over");
    expect(ended.watch).to.equal(false);
  });
  it("a server that cannot save (its disk full) says so in its own words, and the seat is not lost", () => {
    const raw = "The server's disk is full, so it cannot save your seat right now. Nothing changed; try again in a moment.";
    const full = explainJoinFailure("PJHZK", new Error(raw), { spectate: false, reclaim: true });
    expect(full.title).to.equal("The server cannot save right now");
    expect(full.text).to.equal(`${raw} Nothing is lost: the game with code PJHZK is still there.`);
    expect(full.watch).to.equal(true);
    expect(cannotSaveNow(new Error("The server is almost out of disk space, so no new game can start right now. Games already running go on; try again later."))).to.match(/almost out/);
    expect(cannotSaveNow(new Error('room "PJHZK" not found'))).to.equal(null);
  });
  it("explains a typed code that cannot be one", () => {
    expect(codeProblem("ABCDE")).to.equal(null);
    expect(codeProblem("abcde")).to.equal(null);
    expect(codeProblem("")).to.match(/Type the 5-letter room code/);
    expect(codeProblem("AB1")).to.match(/not a room code/);
    expect(codeProblem("ABCDEF")).to.match(/has 6 letters: room codes have exactly 5/);
  });
});
