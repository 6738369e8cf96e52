// A stored card-table game played back (common/table/replay.ts): one step per event, names in
// the lines, everything shown only when the recorded game finished.

import { expect } from "chai";
import { readFileSync } from "node:fs";
import { GameSession } from "../../common/core/session.js";
import { LOG_KEPT, tableDef, type TableMove, type TableState } from "../../common/table/game.js";
import { replayTable, type TableRecord } from "../../common/table/replay.js";

function played(finish: boolean, named: boolean): TableRecord {
  const c = tableDef.configure({ seats: 2 });
  if (!c.ok) throw new Error(c.error.message);
  const s = new GameSession<TableState, TableMove, unknown, unknown, unknown>(tableDef, 11, c.value.config, 2);
  let t = 1000;
  const go = (seat: number, move: TableMove) => {
    const r = s.apply(seat, move, (t += 1000));
    if (!r.ok) throw new Error(r.error.message);
  };
  go(0, { type: "deck", text: "30 Grizzly Bears | Creature — Bear | {1}{G} | 2/2\n30 Forest", ...(named ? { name: "Ada" } : {}) });
  go(1, { type: "deck", text: "", ...(named ? { name: "Bo" } : {}) });
  go(0, { type: "act", action: { do: "keep", bottom: [] } });
  go(1, { type: "act", action: { do: "keep", bottom: [] } });
  go(0, { type: "act", action: { do: "draw", n: 2 } });
  const card = s.state.game!.zones["0.hand"][0];
  go(0, { type: "act", action: { do: "move", card, zone: "library", place: "top" } });
  go(1, { type: "act", action: { do: "rollDice", sides: 20 } });
  if (finish) {
    // Ada proposes the end (Ada won), Bo agrees: the table ends it.
    go(0, { type: "act", action: { do: "endGame", winners: [0] } });
    go(1, { type: "answerEnd", agree: true });
  }
  return { seed: s.seed, config: c.value.config, seats: ["Ada", "Bo"], log: s.log.map((m) => ({ ...m })) };
}

/** A record stored by the code before random ids (test/fixtures/table/record-serial-ids.json). */
interface SerialRecord extends TableRecord {
  after: { phase: string; winners: number[] | null; nextId: number; zones: Record<string, { ids: number[]; names: string[] }> };
}

describe("card table replay", () => {
  it("a record stored before random ids (a config without ids) replays with its serial ids, exactly as it was played", () => {
    const rec = JSON.parse(readFileSync(new URL("../fixtures/table/record-serial-ids.json", import.meta.url), "utf8")) as SerialRecord;
    expect(rec.config).to.not.have.property("ids");
    const r = replayTable(rec);
    expect(r.broken).to.equal(null);
    const g = r.steps.at(-1)!.game;
    expect(g.idRng, "serial ids").to.equal(null);
    expect({ phase: g.phase, winners: g.winners, nextId: g.nextId }).to.deep.equal({ phase: rec.after.phase, winners: rec.after.winners, nextId: rec.after.nextId });
    const zones: Record<string, { ids: number[]; names: string[] }> = {};
    for (const k of Object.keys(g.zones).sort()) if (g.zones[k].length) zones[k] = { ids: g.zones[k], names: g.zones[k].map((id) => g.defs[g.cards.get(id)!.def].name) };
    expect(zones).to.deep.equal(rec.after.zones);
    // A room made now deals random ids.
    const c = tableDef.configure({ seats: 2 });
    expect(c.ok && c.value.config.ids).to.equal("random");
  });

  it("steps through a finished game event by event, naming players and every card", () => {
    const r = replayTable(played(true, true));
    expect(r.broken).to.equal(null);
    expect(r.everything).to.equal(true);
    expect(r.steps).to.have.length(1 + 6, "the deal, then one step per event");
    const lines = r.steps.slice(1).map((x) => x.line!.text);
    expect(lines[0]).to.equal("Ada kept 7 cards.");
    expect(lines[2]).to.equal("Ada drew 2 cards.");
    expect(lines[3]).to.match(/^Ada moved (Grizzly Bears|Forest) from Ada's hand to Ada's library\.$/, "a hidden card is named in a finished game's replay");
    expect(lines[4]).to.match(/^Bo rolled 1d20: \d+\.$/);
    const v = r.view(3);
    expect(v.zones["1.hand"].cards?.every((c) => c.known)).to.equal(true, "Bo's hand is open in the replay");
    expect(v.zones["0.library"].cards?.length).to.equal(v.zones["0.library"].count, "the library in order");
  });

  it("an abandoned game replays as a spectator saw it; records without names use the record's seat names", () => {
    const r = replayTable(played(false, false));
    expect(r.everything).to.equal(false);
    const lines = r.steps.slice(1).map((x) => x.line!.text);
    expect(lines[3]).to.equal("Ada moved a card from Ada's hand to Ada's library.");
    const v = r.view(r.steps.length - 1);
    expect(v.zones["1.hand"].cards).to.equal(undefined);
    expect(v.zones["1.hand"].count).to.equal(7);
  });

  it("stops at a move the rules refuse and says which", () => {
    const rec = played(true, true);
    rec.log.splice(4, 0, { seat: 1, move: { type: "act", action: { do: "tap", card: 99999, on: true } }, t: 0 });
    const r = replayTable(rec);
    expect(r.broken?.index).to.equal(4);
    expect(r.steps.length).to.be.greaterThan(1);
  });

  it("one step per event, so step k is the game after event k: a log line's seq opens the replay at its moment (the partner's turn is several steps)", () => {
    const c = tableDef.configure({ mode: "solo", sparring: true });
    if (!c.ok) throw new Error(c.error.message);
    const s = new GameSession<TableState, TableMove, unknown, unknown, unknown>(tableDef, 5, c.value.config, 1);
    let t = 1000;
    const go = (move: TableMove) => {
      const r = s.apply(0, move, (t += 1000));
      if (!r.ok) throw new Error(r.error.message);
    };
    go({ type: "deck", text: "30 Forest | Basic Land — Forest\n30 Grizzly Bears | Creature — Bear | {1}{G} | 2/2", name: "Ada" });
    go({ type: "act", action: { do: "keep", bottom: [] } });
    go({ type: "act", action: { do: "passTurn" } });
    go({ type: "act", action: { do: "signal", player: 1, pos: { x: 4000, y: 2500 }, colour: "blue" } });
    go({ type: "act", action: { do: "undo" } });
    go({ type: "act", action: { do: "rollDice", sides: 6 } });
    go({ type: "act", action: { do: "endGame", winners: [0] } });
    const live = s.state.lines.map((o) => o.lines[0]);
    const r = replayTable({ seed: s.seed, config: c.value.config, seats: ["Ada"], log: s.log.map((m) => ({ ...m })) });
    expect(r.broken).to.equal(null);
    expect(r.steps).to.have.length(s.state.game!.seq + 1, "the deal, then every event");
    r.steps.forEach((st, k) => expect(st.game.seq).to.equal(k));
    expect(live.filter((l) => /^Sparring partner/.test(l.text)).length).to.be.greaterThan(2, "the partner's keep and turn are several events");
    // Every line of the live log opens the replay where that line happened.
    for (const l of live) {
      expect(r.steps[l.seq].line?.seq).to.equal(l.seq);
      expect([r.steps[l.seq].line?.do, r.steps[l.seq].line?.actor]).to.deep.equal([l.do, l.actor], `line ${l.seq}: ${l.text}`);
    }
    // The signal's moment shows it; the undo's moment no longer does.
    const placed = live.find((l) => l.do === "signal")!;
    expect(r.view(placed.seq).signals).to.deep.equal([{ id: r.steps[placed.seq].game.signals![0].id, board: 1, pos: { x: 4000, y: 2500 }, colour: "blue", by: 0 }]);
    expect(r.view(placed.seq + 1).signals).to.equal(undefined);
  });

  it("the full view carries the last 500 lines (LOG_KEPT), in order; the earlier ones are steps of the replay", () => {
    const c = tableDef.configure({ mode: "solo" });
    if (!c.ok) throw new Error(c.error.message);
    const s = new GameSession<TableState, TableMove, unknown, unknown, unknown>(tableDef, 9, c.value.config, 1);
    const go = (move: TableMove, t: number) => {
      const r = s.apply(0, move, t);
      if (!r.ok) throw new Error(r.error.message);
    };
    go({ type: "deck", text: "", name: "Ada" }, 1);
    go({ type: "act", action: { do: "keep", bottom: [] } }, 2);
    for (let i = 0; i < LOG_KEPT + 20; i++) go({ type: "act", action: { do: "rollDice", sides: 6 } }, 3 + i);
    const lines = tableDef.view(s.state, 0).lines;
    const last = s.state.game!.seq;
    expect(lines).to.have.length(LOG_KEPT);
    expect(lines.map((l) => l.seq)).to.deep.equal(Array.from({ length: LOG_KEPT }, (_, k) => last - LOG_KEPT + 1 + k));
    const r = replayTable({ seed: s.seed, config: c.value.config, seats: ["Ada"], log: s.log.map((m) => ({ ...m })) });
    expect(r.steps).to.have.length(last + 1);
    expect(r.steps[1].line?.text).to.equal("Ada kept 7 cards.", "the first line, no longer in the view, is the replay's step 1");
  });
});
