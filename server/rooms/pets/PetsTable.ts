// The Auto Pets schema on the generic game room. Public: the shop row, each seat's gold,
// trophies, counts and flags, and every battle once arrange closes (line-ups and the compact
// event list). Private (`@view()`, its own seat only): the hand, the hidden trade picks and
// the submitted order. Tier decks and the dice never reach the schema.

import { ArraySchema, Schema, type, view } from "@colyseus/schema";
import type { ArenaOpponent, BattleEvent, PetsEvent } from "../../../common/pets/index.js";
import { GameRoomState } from "../game/GameRoomState.js";

/** What only one seat may see. Collections inside are untagged so later items stay visible to that view. */
export class PetsPrivate extends Schema {
  /** Hand card ids (what moves name) and their card keys, index by index. */
  @type(["uint16"]) handIds = new ArraySchema<number>();
  @type(["string"]) handKeys = new ArraySchema<string>();
  /** The two traded cards to pick from (empty when no pick is pending). */
  @type(["string"]) picks = new ArraySchema<string>();
  /** The order this seat submitted this round (card ids, top first; empty until then). */
  @type(["uint16"]) order = new ArraySchema<number>();
}

/** Per room seat, public. */
export class PetsPlayer extends Schema {
  @type("boolean") inGame = false;
  @type("uint8") gold = 0;
  @type("uint8") trophies = 0;
  @type("uint8") wins = 0;
  @type("uint8") losses = 0;
  @type("boolean") passed = false;
  @type("boolean") arranged = false;
  /** Cards in hand and how many of them are pets (counts only). */
  @type("uint8") cards = 0;
  @type("uint8") pets = 0;
  @view() @type(PetsPrivate) private = new PetsPrivate();
}

/**
 * One battle as the wire carries it (a JSON string per battle in `PetsTable.battles`): room
 * seats, the line-ups and the compact event list. (Battles decoded garbled now and then,
 * in every layout tried: a battle of exactly 255 bytes of JSON met schema 3.0.76's string
 * length bug, fixed hub-wide in server/rooms/base/schemaStrings.ts.)
 */
export interface PetsBattleWire {
  round: number;
  /** Room seats of side 0 and side 1. */
  seats: [number, number];
  /** Side 1 is a copy of seats[1]'s board, fought by the odd player out. */
  ghost: boolean;
  /** Card keys, top first, per side. */
  lineups: [string[], string[]];
  /** The compact battle event list (common/pets/README.md, Battle events). */
  events: BattleEvent[];
  /** Winning room seat; −1 a draw; −2 a ghost (or an arena opponent) won. */
  winner: number;
  trophies: number;
  /** An arena battle: whose recorded team side 1 was (seats[1] is −1). */
  opponent?: Pick<ArenaOpponent, "name" | "round" | "trophies" | "at" | "bot">;
}

/** A rules event with `type` renamed `kind` (the replay builds these from the log, game seats kept). */
export type PetsEventKinded = PetsEvent extends infer E ? (E extends { type: infer K } ? Omit<E, "type"> & { kind: K } : never) : never;
/**
 * A rules event as the room sends it (parts.ts `toWire`): `type` becomes `kind`; seats are room
 * seats; a battle's winner is a room seat, −1 a draw, −2 a ghost (or an arena opponent).
 */
export type PetsEventWire = Exclude<PetsEventKinded, { kind: "battle" }> | (Omit<Extract<PetsEventKinded, { kind: "battle" }>, "winner"> & { winner: number });

export class PetsTable extends GameRoomState {
  @type("uint8") round = 0;
  /** shop | arrange | finished ("" before the first game). */
  @type("string") stage = "";
  /** Room seat on turn in the shop (−1 otherwise). */
  @type("int8") turn = -1;
  /** Shop row card keys ("" for an empty slot). */
  @type(["string"]) row = new ArraySchema<string>();
  /** Cards left in this round's tier deck. */
  @type("uint8") deckCount = 0;
  @type([PetsPlayer]) players = new ArraySchema<PetsPlayer>();
  /** Every battle fought, JSON of PetsBattleWire each, appended when arrange closes. */
  @type(["string"]) battles = new ArraySchema<string>();
  /** Room seats with the most trophies once finished. */
  @type(["uint8"]) winners = new ArraySchema<number>();
  /** Seconds per shop turn, and for the secret arrange (0: none). */
  @type("uint16") timer = 0;
  @type("uint16") arrangeTimer = 0;
  @type("string") botLevel = "";
}
