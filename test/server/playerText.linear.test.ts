// Issue 36, point 4: every parser that reads a player's text on the server runs in linear time
// (decklists: test/common/table.decklists.linear.test.ts; every regex: test/common/regexes.test.ts).
// Each parser below gets its worst inputs, one of n characters against eight of n/8
// (test/helpers/linear.ts; no time is asserted), up to the most the hub lets reach it: a
// message frame (maxPayloadChars), a request body, and for card names 16 K (a player's list
// gives at most 150 characters, but the card import reads whatever its file holds; past 16 K
// V8's regex engine changes gear and a ratio measures that, not the algorithm).

import { expect } from "chai";
import { minesweeperDef } from "../../common/minesweeper/game.js";
import { tableDef } from "../../common/table/game.js";
import { connect4Def } from "../../common/connect4/game.js";
import { cubestaccDef } from "../../common/cubestacc/game.js";
import { petsDef } from "../../common/pets/game.js";
import { profileName } from "../../server/api/profiles.js";
import { normaliseName } from "../../server/cards/scryfall.js";
import { chatPayload } from "../../server/rooms/base/messages.js";
import { parseJoinOptions } from "../../server/rooms/base/seats.js";
import { cleanText, payloadSize } from "../../server/rooms/base/validate.js";
import { DEFAULTS } from "../../server/settings.js";
import { assertLinear } from "../helpers/linear.js";

const K64 = 64 * 1024;
const CARD_NAME = 16 * 1024;
/** A message's JSON (server/settings.ts maxPayloadChars): chat and every move arrive in one. */
const FRAME = DEFAULTS.maxPayloadChars;
/** Join options arrive in a matchmaking request (MATCHMAKE_BODY_BYTES); a profile's name in a 1 KB body. */
const MATCHMAKE_BODY = 8192;
const PROFILE_BODY = 1024;
/** `fill` repeated to n characters (about). */
const of = (fill: string, head = "", tail = "") => (n: number) => head + fill.repeat(Math.max(1, Math.floor((n - head.length - tail.length) / fill.length))) + tail;

const TEXTS: Record<string, (n: number) => string> = {
  spaces: of(" ", "a", "b"),
  "control characters": of("\u0000\u001f\u007f\u200e\u202e"),
  "surrogate pairs": of("🃏"),
  "lone surrogates": of("\ud83c"),
  "combining marks": of("a\u0301"),
  "line separators": of("\u2028 "),
  slashes: of("/ ", "a", "b"),
  "spaced slashes": of(" / /", "a", "b"),
  "curly apostrophes": of("’‘"),
};

describe("player text on the server is read in linear time (issue 36)", function () {
  this.timeout(300_000);

  for (const [what, make] of Object.entries(TEXTS)) {
    it(`chat, names and card names: ${what}`, () => {
      assertLinear(`chat (${what})`, FRAME, make, (text) => chatPayload({ text }));
      assertLinear(`cleanText (${what})`, FRAME, make, (text) => cleanText(text, 16));
      assertLinear(`join name (${what})`, MATCHMAKE_BODY, make, (name) => parseJoinOptions({ name }));
      assertLinear(`profile name (${what})`, PROFILE_BODY, make, (name) => profileName(name));
      // Card names: ≤ 150 characters from a decklist, but the card import reads whatever the file holds.
      assertLinear(`card name (${what})`, CARD_NAME, make, (name) => normaliseName(name));
    });
  }

  it("every game's move payloads, up to the largest frame", () => {
    // The gate measures a payload (its JSON) before anything parses it (messages are ≤ 1 KB).
    assertLinear("payload size", K64, (n) => ({ text: "x".repeat(n) }), (p) => payloadSize(p));
    expect(FRAME).to.be.within(512, 4096);
    const keys = (n: number) => Object.fromEntries(Array.from({ length: Math.floor(n / 6) }, (_, i) => [`k${i}`, i]));
    for (const [game, parse, types] of [
      ["table", tableDef.parseMove, ["act", "deck", "goOn", "proposeEnd", "answerEnd"]],
      ["minesweeper", minesweeperDef.parseMove, ["reveal", "flag", "chord"]],
      ["connect4", connect4Def.parseMove, connect4Def.moveTypes],
      ["cubestacc", cubestaccDef.parseMove, cubestaccDef.moveTypes],
      ["pets", petsDef.parseMove, petsDef.moveTypes],
    ] as const) {
      for (const type of types) {
        assertLinear(`${game} ${type}: many keys`, FRAME, keys, (p) => (parse as (t: string, p: unknown) => unknown)(type, p));
        assertLinear(`${game} ${type}: a long list`, FRAME, (n) => ({ action: { do: "move", card: Array(n >> 1).fill(1) }, winners: Array(n >> 1).fill(0), cards: Array(n >> 1).fill(0) }), (p) => (parse as (t: string, p: unknown) => unknown)(type, p));
      }
    }
    expect(tableDef.parseMove("act", keys(60)).ok).to.equal(false);
  });
});
