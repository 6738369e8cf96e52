// Cubestacc's schema state (docs/protocol.md "Cubestacc"). Public: the table,
// per-seat counts and flags, the turn, the deadline, the result. Private: each
// seat's hand and legal plays, in a `@view()`-tagged child schema that only that
// seat's StateView holds (spectators have no view and never receive it).
// The deck order is not in the schema at all: only `deckCount`.
//
// Seat numbers everywhere here are ROOM seats (indexes of `seats`/`players`).
// Cards are ids 0..59 (`suitIndex * 14 + rankIndex`, wilds 56..59; see
// common/cubestacc/README.md). Cube ids are play order (the root is 0).

import { ArraySchema, Schema, type, view } from "@colyseus/schema";
import { GameRoomState } from "../game/GameRoomState.js";

/**
 * What only one seat may see. Lives at `players[seat].private`, tagged `@view()`:
 * the seat's own StateView holds it; nobody else's does. Its collections are
 * untagged so items pushed later stay visible to that view.
 */
export class PrivateSeat extends Schema {
  /** The seat's hand: card ids in the order they were dealt/drawn. */
  @type(["uint8"]) hand = new ArraySchema<number>();
  /**
   * Legal plays right now (empty when it is not this seat's turn), one uint16 each:
   * `card | onto << 6 | mode << 12` (common/cubestacc/wire.ts `unpackPlay`).
   */
  @type(["uint16"]) legal = new ArraySchema<number>();
  /** What `draw` does now: `draw`, `take` (the K stack), `pass`, or "" (refused). */
  @type("string") drawAction = "";
  /** `done` would end a same-rank dump now. */
  @type("boolean") canDone = false;
  /** `uhoh` would be accepted now (holding exactly 2 cards, not yet called). */
  @type("boolean") canUhOh = false;
}

/** Per-seat public info (index = room seat). */
export class CubestaccSeat extends Schema {
  /** This seat takes part in the current (or last) game. */
  @type("boolean") inGame = false;
  /** Cards in hand (a count only). */
  @type("uint8") cards = 0;
  /** Has called UH OH since its last draw. */
  @type("boolean") calledUhOh = false;
  /** Went to 1 card without calling: any other seat may press Caught. */
  @type("boolean") catchable = false;
  /** Final place once the game is over (1 = winner); 0 while playing / not in the game. */
  @type("uint8") place = 0;
  /** The hand and legal plays: visible to this seat only. */
  @view() @type(PrivateSeat) private = new PrivateSeat();
}

/** One line of the end screen. */
export class RankEntry extends Schema {
  /** Room seat. */
  @type("int8") seat = 0;
  @type("uint8") cards = 0;
  /** 1 = winner; equal counts (other than the winner) share a place. */
  @type("uint8") place = 0;
}

export class CubestaccState extends GameRoomState {
  // ---- room settings (fixed when the room is created) ----
  /** Deck pack: `classic`, `space`, `halloween`, `nature`, `animals` (icons only). */
  @type("string") pack = "classic";
  /** House rule: after a wild only the wild stays open until built on. */
  @type("boolean") wildPivot = false;
  /** Turn timer in seconds; 0 = off (always off in solo). */
  @type("uint16") timer = 0;
  /** Bot strength: `easy` or `normal`. */
  @type("string") botLevel = "normal";

  // ---- the table ----
  // gameNo, deadline, acting, order and result: GameRoomState (server/rooms/game/).
  /**
   * The table, index = cube id = play order (the root is 0): one number per cube,
   * `packCube` / `unpackCubes` in common/cubestacc/wire.ts. Only appended.
   */
  @type(["uint32"]) cubes = new ArraySchema<number>();
  /** One per room seat (same length as `seats`). */
  @type([CubestaccSeat]) players = new ArraySchema<CubestaccSeat>();
  /** Cards left in the draw pile (its order is never sent). */
  @type("uint8") deckCount = 0;
  /** Room seat on turn; −1 when no game runs. */
  @type("int8") turn = -1;
  /** Turn counter (an extra turn is a new turn). */
  @type("uint16") turnNo = 0;
  /** +1 or −1 in GAME order (the order of the seats with `inGame`, ascending room seat). */
  @type("int8") direction = 1;
  /** K stack the seat on turn faces (or that passes on during a K dump). */
  @type("uint8") pending = 0;
  /** J draws the next seat takes when the turn passes. */
  @type("uint8") owed = 0;
  /** Rank being dumped by the seat on turn; "" when no same-rank dump is open. */
  @type("string") dumpRank = "";
  /** Wild pivot: the only cube that may be built on; −1 none. */
  @type("int16") pivot = -1;

  // ---- the result ----
  /** Winning room seat; −1 while playing / none. */
  @type("int8") winner = -1;
  /** The game ended because nobody could play or draw. */
  @type("boolean") blocked = false;
  /** End screen, best first (empty while playing). */
  @type([RankEntry]) ranking = new ArraySchema<RankEntry>();
}
