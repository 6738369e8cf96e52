// The largest table (8 seats × 500 cards: MAX_CARDS) through the whole game definition: the deal
// and the heaviest actions (draw, shuffle, untapAll, lookTop, undo) give exactly the games and
// every viewer's view they gave before they were made fast (issue 36: no message may hold the
// event loop for more than a few ms; see bench/messages.ts). The digests were taken on main at
// a62d567, before any of those changes; an undo also gives back the game before the action.

import { expect } from "chai";
import { GameSession } from "../../common/core/session.js";
import { deckMessages, tableDef, type TableGameView, type TableMove, type TableOut, type TableRoomConfig, type TableState } from "../../common/table/game.js";
import { canonicalJson, fingerprint, sha256 } from "../../common/table/index.js";

const SEATS = 8;
const deck = ["Deck", ...Array.from({ length: 125 }, (_, i) => `4 Practice Card ${i} | Creature — Bear | {1}{G} | 2/2`)].join("\n");

/** The game's fingerprint and a digest of every viewer's view (seats, then the spectator). */
function digest(s: GameSession<TableState, TableMove, TableOut, TableRoomConfig, TableGameView>): string {
  const views = [...Array.from({ length: SEATS }, (_, g) => s.view(g)), s.view(null)];
  return `${fingerprint(s.state.game!)} ${sha256(canonicalJson(views)).slice(0, 16)}`;
}

describe("card table: the largest table's heaviest messages give what they gave", function () {
  this.timeout(60_000);

  it("deal, keep, draw, shuffle, untapAll, lookTop, stopLooking and undo at 8 seats × 500 cards", () => {
    const cfg = tableDef.configure({ seats: SEATS });
    if (!cfg.ok) throw new Error(cfg.error.message);
    const s = new GameSession(tableDef, "0123456789abcdef0123456789abcdef", cfg.value.config, SEATS);
    const move = (seat: number, m: TableMove) => {
      const r = s.apply(seat, m, 1000 + s.log.length);
      if (!r.ok) throw new Error(`${m.type} refused: ${r.error.code}`);
    };
    for (let seat = 0; seat < SEATS; seat++) for (const p of deckMessages(deck)) move(seat, { type: "deck", ...p });
    expect(s.state.game!.cards.size).to.equal(4000);
    const seen: string[] = [digest(s)];
    for (let seat = 0; seat < SEATS; seat++) move(seat, { type: "act", action: { do: "keep", bottom: [] } });
    for (let i = 0; i < 30; i++) move(i % SEATS, { type: "act", action: { do: "chat", text: `hello ${i}` } });
    seen.push(digest(s));
    for (const action of [{ do: "draw", n: 1 }, { do: "shuffle" }, { do: "untapAll" }, { do: "lookTop", n: 50 }, { do: "stopLooking" }] as const) {
      move(0, { type: "act", action });
      seen.push(digest(s));
    }
    const before = s.state.game!;
    move(0, { type: "act", action: { do: "draw", n: 3 } });
    seen.push(digest(s));
    move(0, { type: "act", action: { do: "undo" } });
    seen.push(digest(s));
    expect(fingerprint(s.state.game!), "the undo gives back the game before the draw").to.equal(fingerprint(before));
    move(0, { type: "act", action: { do: "shuffle" } });
    move(1, { type: "act", action: { do: "chat", text: "after" } });
    move(0, { type: "act", action: { do: "undo" } });
    seen.push(digest(s));
    if (process.env.PRINT_DIGESTS) console.log(JSON.stringify(seen, null, 2));
    expect(seen).to.deep.equal(EXPECTED);
  });
});

const EXPECTED = [
  "3310445a047bda97 b6436da3bfd8d015", // dealt
  "11f3adc96692c619 17228bf8f7578bef", // everyone kept, 30 chat lines
  "d081d96ad4b333bd 42bc07a540173406", // draw 1
  "cd144a642a0f4d17 fc0b3b7337ee008d", // shuffle (new ids for the library)
  "cd144a642a0f4d17 f7f269bdf40346d8", // untapAll
  "9d4a1f9432ea5d9b d0cba503d5c281c1", // lookTop 50
  "cd144a642a0f4d17 106b4cc0e59e2de8", // stopLooking
  "12a89a8310bc76b3 2b135e045456ff4b", // draw 3
  "cd144a642a0f4d17 d503493a14bad7d4", // undo
  "cd144a642a0f4d17 897356b03877753c", // shuffle, a chat, undo
];
