// The log: snapshots, rebuilding any moment, undo online and solo, redo, a late guest.

import { expect } from "chai";
import { createRng } from "../../common/core/rng.js";
import {
  applyEvent,
  createLog,
  effective,
  fingerprint,
  gameAt,
  play,
  setupTable,
  SNAPSHOT_EVERY,
  type Action,
  type TableGame,
  type TableLog,
  type UndoMode,
} from "../../common/table/index.js";
import { randomIntention } from "./table.intents.helpers.js";
import { ids, newGame, started } from "./table.helpers.js";

function must(log: TableLog, g: TableGame, actor: number, action: Action, rng = createRng(9)): TableGame {
  const r = play(log, g, actor, action, rng, 0);
  if (!r.ok) throw new Error(`${action.do}: ${r.error.message}`);
  return r.game;
}

/** A solo or 4-player game with `n` accepted random actions, and the game after each. */
function history(n: number, players: number, mode: UndoMode, seed = 11) {
  let g = newGame(players, {}, seed);
  const log = createLog(g, mode);
  const pick = createRng(seed, 1);
  const rng = createRng(seed, 2);
  const after: TableGame[] = [g];
  while (log.events.length < n) {
    const it = randomIntention(g, pick);
    if (it.action.do === "chat") continue;
    const r = play(log, g, it.actor, it.action, rng, 0);
    if (r.ok) after.push((g = r.game));
  }
  return { log, game: g, after, rng };
}

describe("card table: log, undo, replay", () => {
  it("keeps a snapshot every 50 events and rebuilds every moment", () => {
    const { log, after } = history(300, 4, "unlimited");
    expect(Object.keys(log.snapshots).map(Number)).to.deep.equal([50, 100, 150, 200, 250, 300]);
    for (let s = 0; s <= 300; s++) expect(fingerprint(gameAt(log, s)!), `at ${s}`).to.equal(fingerprint(after[s]));
    expect(SNAPSHOT_EVERY).to.equal(50);
  });

  it("solo: undo 20 of 300 equals not having done them; undo up to a line; redo 10", () => {
    const { log, after, rng } = history(300, 1, "unlimited");
    let g = after[300];
    for (let i = 0; i < 20; i++) g = must(log, g, 0, { do: "undo" }, rng);
    expect(fingerprint(g)).to.equal(fingerprint(after[280]));
    g = must(log, g, 0, { do: "undo", to: 251 }, rng);
    expect(fingerprint(g)).to.equal(fingerprint(after[250]));
    expect(effective(log).at(-1)!.seq).to.equal(250);
    expect(log.redo).to.have.length(50);
    for (let i = 0; i < 10; i++) g = must(log, g, 0, { do: "redo" }, rng);
    expect(effective(log)).to.have.length(260);
    expect(log.redo).to.have.length(40);
    // a new action clears what was left to redo
    g = must(log, g, 0, { do: "chat", text: "still here" }, rng);
    expect(log.redo).to.have.length(40, "chat does not");
    g = must(log, g, 0, { do: "life", player: 0, delta: -1 }, rng);
    expect(log.redo).to.have.length(0);
  });

  it("online: only your own last action, only if nobody acted since (chat does not count)", () => {
    let g = started(2);
    const log = createLog(g, "lastOwn");
    g = must(log, g, 0, { do: "draw", n: 1 });
    g = must(log, g, 1, { do: "chat", text: "nice" });
    const mine = play(log, g, 0, { do: "undo" }, createRng(1), 0);
    expect(mine.ok, "chat after it does not block undo").to.equal(true);
    g = must(log, g, 0, { do: "draw", n: 1 });
    g = must(log, g, 1, { do: "life", player: 1, delta: -1 });
    const late = play(log, g, 0, { do: "undo" }, createRng(1), 0);
    expect(late.ok).to.equal(false);
    if (!late.ok) expect(late.error.code).to.equal("not-your-action");
    expect(play(log, g, 1, { do: "redo" }, createRng(1), 0).ok, "no redo online").to.equal(false);
    expect(play(log, g, 0, { do: "undo", to: 1 }, createRng(1), 0).ok, "no undo up to a line online").to.equal(false);
  });

  it("a guest joining late follows the host through a Restore", () => {
    const { log, after } = history(120, 4, "unlimited", 23);
    let host = after[120];
    // the guest joins at 100 with the host's game as it was then
    let guest = gameAt(log, 100)!;
    for (let i = 0; i < 3; i++) host = must(log, host, 0, { do: "undo" });
    host = must(log, host, 2, { do: "life", player: 2, delta: 5 });
    for (const ev of log.events.filter((e) => e.seq > 100)) {
      const r = applyEvent(guest, JSON.parse(JSON.stringify(ev)));
      if (!r.ok) throw new Error(r.error.message);
      guest = r.game;
    }
    expect(fingerprint(guest)).to.equal(fingerprint(host));
    expect(guest.seq).to.equal(host.seq);
  });

  it("a refused undo or an event out of order changes nothing", () => {
    const g = started(2);
    const log = createLog(g, "lastOwn");
    const r = play(log, g, 0, { do: "undo" }, createRng(1), 0);
    expect(r.ok).to.equal(false);
    expect(log.events).to.deep.equal([]);
    const h = history(10, 2, "lastOwn");
    const ev = h.log.events[5];
    expect(applyEvent(h.game, ev).ok).to.equal(false);
  });

  it("the fingerprint is the same on every machine and ignores seq", () => {
    const g = setupTable(42, { format: "commander" }, 4);
    // Golden value: changes only when the model or the deal changes on purpose.
    expect(fingerprint(g)).to.equal(GOLDEN);
    expect(fingerprint({ ...g, seq: 999 })).to.equal(GOLDEN);
    expect(fingerprint({ ...g, nextId: g.nextId + 1 })).to.not.equal(GOLDEN);
    expect(ids(g, "hand", 0)).to.have.length(7);
  });
});

const GOLDEN = "227ec2408a14972a";
