// Ranked boards take only humanly plausible games (common/minesweeper/plausible.ts): a
// bot-speed win is recorded but unranked (the player is told why), a win at a human pace
// ranks, and past an address's budget of ranked starts a board plays unranked.

import { expect } from "chai";
import { Probe, type TestHub } from "../helpers/hub.js";
import { bootMinesweeperHub, http, playSoloWin } from "../helpers/minesweeper.js";
import { testPort } from "../helpers/ports.js";

const PORT = testPort(2694);

describe("security: only plausible games are ranked", function () {
  this.timeout(60_000);
  let hub: TestHub;

  before(async () => {
    hub = await bootMinesweeperHub(PORT, {
      rankedStartRate: { burst: 3, perSecond: 1 / 3600 },
      messageRate: { burst: 1000, perSecond: 1000 },
    });
  });
  after(async () => hub.shutdown());

  const win = async (name: string, pace: boolean) => {
    const { room, result } = await playSoloWin(hub, name, { pace });
    await room.leave();
    return result;
  };

  const onBoard = async () =>
    ((await http(PORT, "GET", "/api/leaderboard/minesweeper?level=beginner&window=all")).body.entries as { replayId: number }[]).map((e) => e.replayId);

  it("a bot-speed win is recorded unranked, with the reason shown to the player", async () => {
    const result = await win("Clicker", false);
    expect(result).to.include({ result: "won", ranked: false, saved: true });
    expect(result.unranked).to.match(/^Not ranked: .*(floor|limit of \d+ 3BV\/s|too easy)/);
    const stored = hub.store.getGame(result.replayId)!;
    expect(stored).to.deep.include({ name: "Clicker", result: "won", ranked: false, mode: "solo" });
    expect(await onBoard()).to.not.include(result.replayId);
  });

  it("a win at a human pace is ranked", async () => {
    const result = await win("Human", true);
    expect(result).to.include({ result: "won", ranked: true });
    expect(result).to.not.have.property("unranked");
    expect(await onBoard()).to.include(result.replayId);
  });

  it("past the address's budget of ranked starts, a human-paced win is recorded unranked", async () => {
    // Budget 3: the two games above and this start use it up.
    const room = await hub.colyseus.sdk.create("minesweeper", { mode: "solo", level: "beginner", name: "Third" });
    const probe = new Probe(room);
    await probe.next("seat", 0);
    room.send("reveal", { r: 4, c: 4 });
    await probe.sync();
    await room.leave();
    const result = await win("Over", true);
    expect(result.ranked).to.equal(false);
    expect(result.unranked).to.match(/too many ranked games were started from your address/);
    expect(hub.store.getGame(result.replayId)).to.deep.include({ name: "Over", ranked: false });
    expect(await onBoard()).to.not.include(result.replayId);
  });
});
