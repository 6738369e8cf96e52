// A bot's decision stopped at its time budget (server/bots/pool.ts `cut`: a loaded machine) is
// no decision: the room asks that seat again, with more time, instead of waiting on it for good.
// Before, the cut answer read as "this bot has nothing to do", nothing was committed, so nothing
// asked again: a table with a bot and no turn clock hung (pets.smoke hung so under load).

import { expect } from "chai";
import { Client } from "colyseus.js";
import { SeatedRoom } from "../../server/rooms/base/SeatedRoom.js";
import { GameRoom } from "../../server/rooms/game/GameRoom.js";
import type { BotThinker, ThinkRequest } from "../../server/bots/thinker.js";
import { bootHub, NO_RATE_LIMITS, Probe, until, type TestHub } from "../helpers/hub.js";
import { testPort } from "../helpers/ports.js";

const PORT = testPort(2961);

describe("bots: a decision cut off at its budget, or whose thread failed, is asked again", function () {
  this.timeout(60_000);
  let hub: TestHub;
  let scale = 1;
  let thinker: BotThinker;
  const asked: ThinkRequest[] = [];
  let cutsLeft = 0;
  let failsLeft = 0;

  before(async () => {
    scale = SeatedRoom.botDelayScale;
    SeatedRoom.botDelayScale = 0.002;
    hub = await bootHub(PORT, { ...NO_RATE_LIMITS });
    // The hub's own thinker, answering as the pool does past a decision's budget for the first
    // `cutsLeft` questions.
    thinker = GameRoom.thinker;
    GameRoom.thinker = {
      ...thinker,
      think: (request, cancel) => {
        asked.push(request);
        if (failsLeft > 0) {
          failsLeft--;
          return Promise.reject(new Error("bot worker stopped (exit 1)"));
        }
        if (cutsLeft > 0) {
          cutsLeft--;
          return Promise.resolve({ move: null, memory: null, ms: request.budgetMs, cutOff: true });
        }
        return thinker.think(request, cancel);
      },
    };
  });
  after(async () => {
    GameRoom.thinker = thinker;
    SeatedRoom.botDelayScale = scale;
    await hub.shutdown();
  });

  /** Our first disc in a solo Connect Four, with the bot's next answers made to go wrong by `arrange`; the questions it was asked until it played. */
  async function firstDisc(arrange: () => void): Promise<ThinkRequest[]> {
    const room = await new Client(`ws://127.0.0.1:${PORT}`).create("connect4", { mode: "solo", name: "Solo" });
    await new Probe(room).sync();
    const server = hub.colyseus.getRoomById(room.roomId) as unknown as GameRoom<any, any, any, any, any, any>;
    await until(() => server.session?.state.turn === 0 || undefined, 5000, "our turn");
    asked.length = 0;
    arrange();
    room.send("drop", { col: 3 });
    await until(() => (server.session?.log.length ?? 0) >= 2 || undefined, 10_000, "the bot's answer to our first disc");
    const questions = [...asked]; // read before leaving: what the room asks once we go is not this test's
    await room.leave();
    return questions;
  }

  it("Connect Four against the bot: its answer cut off twice, it still plays, given twice the time each try", async () => {
    const questions = await firstDisc(() => (cutsLeft = 2));
    expect(questions.length, "questions the bot was asked").to.equal(3);
    expect(questions.map((q) => q.budgetMs / questions[0].budgetMs)).to.deep.equal([1, 2, 4]);
  });

  it("Connect Four against the bot: its thread failed twice (an error, then it stopped), it is asked again and still plays", async () => {
    const questions = await firstDisc(() => (failsLeft = 2));
    expect(questions.length, "questions the bot was asked").to.equal(3);
    expect(failsLeft).to.equal(0);
  });
});
